import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OFFLINE_PAGE_PATH } from '../offline/offline-website.adapter';
import { WebsiteReadError } from '../../website.port';
import { createLiveWebsiteReader } from './live-website.adapter';

// A local web server plays the contractor's site; the host name resolves (through the injected resolver) to it.
const HOME_PAGE = readFileSync(OFFLINE_PAGE_PATH, 'utf8');
const requests: string[] = [];
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, ...headers });
      res.end(body);
    };
    switch (req.url) {
      case '/':
        return send(200, 'text/html; charset=utf-8', HOME_PAGE);
      case '/old-home':
        return send(301, 'text/html', '', { location: '/' });
      case '/to-metadata':
        return send(302, 'text/html', '', { location: 'http://169.254.169.254/latest/meta-data/' });
      case '/down':
        return send(503, 'text/html', '<h1>Down for maintenance</h1>');
      case '/logo.png':
        return send(200, 'image/png', 'PNG…');
      case '/huge':
        return send(200, 'text/html', `<p>${'x'.repeat(300_000)}</p>`);
      case '/slow':
        return void setTimeout(() => send(200, 'text/html', '<p>late</p>'), 2_000).unref();
      default:
        return send(404, 'text/html', '<h1>Not found</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const resolve = async (host: string) => {
  if (host !== 'www.bluebonnet.test') throw new Error(`getaddrinfo ENOTFOUND ${host}`);
  return [{ address: '127.0.0.1', family: 4 as const }];
};
const reader = (allowPrivate: boolean, options: { maxPageBytes?: number; timeoutMs?: number } = {}) =>
  createLiveWebsiteReader({ guard: { allowPrivate, resolve }, ...options });
const site = (path: string) => `http://www.bluebonnet.test:${port}${path}`;

async function failure(promise: Promise<unknown>): Promise<WebsiteReadError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WebsiteReadError);
  return err as WebsiteReadError;
}

describe('live website reader (WEBSITE_ADAPTER=live)', () => {
  it("reads a contractor's home page as text: title, services, hours, phone, FAQ; no scripts or menus", async () => {
    const page = await reader(true).readCompanyWebsite(site('/'));
    expect(page.url).toBe(site('/'));
    expect(page.title).toBe('Bluebonnet Heating, Cooling & Plumbing | AC Repair, Furnaces & Plumbers in Austin, TX');
    expect(page.text).toContain('- Water heater repair and tankless water heater installation');
    expect(page.text).toContain('Monday - Friday: 7:00 AM - 6:00 PM');
    expect(page.text).toContain('Phone: (512) 555-0142 (tel: +15125550142)');
    expect(page.text).toContain('## Do you offer emergency service?');
    expect(page.text).not.toMatch(/gtag|dataLayer|Privacy Policy|Contact Us|\.hero/);
  });

  it('follows a redirect, checking the new address again', async () => {
    const page = await reader(true).readCompanyWebsite(site('/old-home'));
    expect(page.url).toBe(site('/'));
    const refused = await failure(reader(true).readCompanyWebsite(site('/to-metadata')));
    expect(refused).toMatchObject({ code: 'REFUSED', retryable: false });
    expect(refused.message).toContain('169.254.169.254 is a cloud metadata address');
  });

  it('refuses a private address before connecting', async () => {
    const before = requests.length;
    const refused = await failure(reader(false).readCompanyWebsite(site('/')));
    expect(refused).toMatchObject({ code: 'REFUSED', retryable: false });
    expect(refused.message).toBe('The website address was refused: www.bluebonnet.test resolves to 127.0.0.1, a loopback address');
    const direct = await failure(reader(false).readCompanyWebsite('http://10.0.0.7/'));
    expect(direct.message).toContain('10.0.0.7 is a private address');
    expect(requests.length).toBe(before);
  });

  it('tells a missing page, a server error, a non-page, an oversized page and a timeout apart', async () => {
    expect(await failure(reader(true).readCompanyWebsite(site('/nope')))).toMatchObject({ code: 'HTTP_STATUS', retryable: false });
    expect(await failure(reader(true).readCompanyWebsite(site('/down')))).toMatchObject({ code: 'HTTP_STATUS', retryable: true });
    expect(await failure(reader(true).readCompanyWebsite(site('/logo.png')))).toMatchObject({ code: 'NOT_HTML', retryable: false });
    expect(await failure(reader(true, { maxPageBytes: 100_000 }).readCompanyWebsite(site('/huge')))).toMatchObject({ code: 'TOO_LARGE' });
    expect(await failure(reader(true, { timeoutMs: 300 }).readCompanyWebsite(site('/slow')))).toMatchObject({ code: 'UNREACHABLE', retryable: true });
  });

  it('adds https:// to a bare domain', async () => {
    const err = await failure(reader(false).readCompanyWebsite('10.1.2.3'));
    expect(err.message).toContain('10.1.2.3 is a private address');
  });
});
