import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createDashboardServer } from './dashboard-server';
import { parseStorageOrigins } from './security-headers';

// The dashboard's CSP with files stored off the API (STORAGE_ADAPTER=s3): the bucket's and CDN's origins may be
// uploaded to and shown, nothing else is opened.

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

describe('the dashboard CSP and STORAGE_ORIGINS', () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-csp-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>dashboard</title>');

  it("allows only 'self' for uploads and images unless told", async () => {
    const res = await request(createDashboardServer({ distDir, apiTarget: 'http://127.0.0.1:9' })).get('/widgets');
    const csp = res.headers['content-security-policy'];
    expect([directive(csp, 'connect-src'), directive(csp, 'img-src')]).toEqual(["connect-src 'self'", "img-src 'self' data:"]);
  });

  it('adds the storage origins to connect-src and img-src only', async () => {
    const storageOrigins = parseStorageOrigins(' https://logos.s3.us-east-1.amazonaws.com, https://cdn.example.com ');
    const res = await request(createDashboardServer({ distDir, apiTarget: 'http://127.0.0.1:9', storageOrigins })).get('/widgets');
    const csp = res.headers['content-security-policy'];
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://logos.s3.us-east-1.amazonaws.com https://cdn.example.com");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: https://logos.s3.us-east-1.amazonaws.com https://cdn.example.com");
    expect(directive(csp, 'script-src')).toBe("script-src 'self'");
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('refuses what is not an origin, naming the variable', () => {
    expect(parseStorageOrigins(undefined)).toEqual([]);
    for (const bad of [
      'https://cdn.example.com/logos',
      'cdn.example.com',
      "'unsafe-inline'",
      'ftp://files.example.com',
      'https://cdn.example.com;script-src *',
    ]) {
      expect(() => parseStorageOrigins(bad)).toThrow(/^STORAGE_ORIGINS: /);
    }
  });
});
