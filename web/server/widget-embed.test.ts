import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createDashboardServer } from './dashboard-server';

// The dashboard server's widget files: the loader, the app page framed only by the widget's sites (read from the
// API's public widget view), and the dashboard's own pages unframeable.

const WIDGET = '3e3e3e3e-0000-4000-8000-00000000003e';
const NO_SITE = '4f4f4f4f-0000-4000-8000-00000000004f';
let api: http.Server;
let distDir: string;
let app: ReturnType<typeof createDashboardServer>;
const apiCalls: string[] = [];

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'widget-embed-'));
  fs.mkdirSync(path.join(distDir, 'embed', 'assets'), { recursive: true });
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>dashboard</title>');
  fs.writeFileSync(path.join(distDir, 'widget.js'), '(()=>{})();');
  fs.writeFileSync(path.join(distDir, 'embed', 'index.html'), '<!doctype html><title>widget</title>');
  fs.writeFileSync(path.join(distDir, 'embed', 'assets', 'index-abc.js'), 'console.log(1)');
  api = http.createServer((req, res) => {
    apiCalls.push(req.url ?? '');
    const site = req.url === `/widget/${WIDGET}` ? 'https://www.acme-air.test/contact' : req.url === `/widget/${NO_SITE}` ? null : undefined;
    if (site === undefined) res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not Found","status":404,"message":"Widget not found"}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: WIDGET, business_website: site }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  app = createDashboardServer({ distDir, apiTarget: `http://127.0.0.1:${(api.address() as AddressInfo).port}` });
});

afterAll(async () => {
  await new Promise((r) => api.close(r));
  fs.rmSync(distDir, { recursive: true, force: true });
});

const frameAncestors = (res: request.Response) => /frame-ancestors ([^;]+)/.exec(String(res.headers['content-security-policy']))?.[1];

describe('the widget on the dashboard server', () => {
  it('serves the loader under its stable name with a short cache, loadable from any site', async () => {
    const res = await request(app).get('/widget.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it("lets only the widget's sites frame its app page", async () => {
    const res = await request(app).get(`/embed/?widgetId=${WIDGET}&parent=https%3A%2F%2Fwww.acme-air.test`);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>widget</title>');
    expect(frameAncestors(res)).toBe('https://www.acme-air.test https://acme-air.test');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('lets nobody frame the app page of a widget without a site, an unknown widget, or no widget', async () => {
    expect(frameAncestors(await request(app).get(`/embed/?widgetId=${NO_SITE}`))).toBe("'none'");
    expect(frameAncestors(await request(app).get('/embed/?widgetId=5a5a5a5a-0000-4000-8000-00000000005a'))).toBe("'none'");
    const missing = await request(app).get('/embed/?widgetId=not-a-uuid');
    expect(missing.status).toBe(404);
    expect(frameAncestors(missing)).toBe("'none'");
    expect(apiCalls.some((u) => u.includes('not-a-uuid'))).toBe(false);
  });

  it('serves the app’s hashed assets for good, and keeps the dashboard’s pages unframeable', async () => {
    const asset = await request(app).get('/embed/assets/index-abc.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const page = await request(app).get('/login');
    expect(page.text).toContain('<title>dashboard</title>');
    expect(frameAncestors(page)).toBe("'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
  });
});
