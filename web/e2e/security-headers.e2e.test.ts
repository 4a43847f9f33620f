import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, launchE2eBrowser, logInThroughPage, requireEnv } from './e2e-support';

const webUrl = requireEnv('E2E_WEB_URL');
const email = requireEnv('E2E_LOGIN_EMAIL');
const password = requireEnv('E2E_LOGIN_PASSWORD');
const orgName = requireEnv('E2E_ORG_NAME');

const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

let browser: E2eBrowser | undefined;
let page: Page;
/** Every CSP complaint the browser makes: console messages and securitypolicyviolation events. */
const violations: string[] = [];

beforeAll(async () => {
  browser = await launchE2eBrowser('security-e2e', { timeoutMs: 15_000 });
  const { context } = browser;
  page = browser.page;
  await context.exposeFunction('reportCspViolation', (text: string) => void violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

describe('security headers', () => {
  it('the dashboard HTML carries a CSP and the usual headers', async () => {
    const res = await fetch(webUrl);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // The API behind the /api proxy sends helmet's headers of its own.
    const api = await fetch(new URL('/api/heartbeat', webUrl));
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('the dashboard loads, signs in and navigates with no CSP violation', async () => {
    await logInThroughPage(page, webUrl, email, password);
    await page.getByTestId('org-details').getByText(orgName).waitFor();
    await page.getByTestId('nav-calls').click();
    await page.waitForURL(onPath('/calls'));
    await page.getByTestId('page-title').filter({ hasText: 'Calls' }).waitFor();
    expect(await page.getByTestId('page-title').innerText()).toBe('Calls');
    // Styles injected at run time applied: the page is laid out, not unstyled.
    const display = await page.getByTestId('page-title').evaluate((el) => getComputedStyle(el).fontWeight);
    expect(Number(display)).toBeGreaterThanOrEqual(600);
    expect(violations).toEqual([]);
  }, 120_000);

  it('the API reference at /docs renders under its own CSP with no violation', async () => {
    violations.length = 0;
    await page.goto(new URL('/api/docs', webUrl).toString());
    await page.locator('.opblock').first().waitFor();
    // Swagger UI's own styles applied (an inline-styled or unstyled page would not lay out the operation blocks).
    expect(
      await page
        .locator('.opblock')
        .first()
        .evaluate((el) => getComputedStyle(el).borderRadius),
    ).not.toBe('0px');
    expect(violations).toEqual([]);
  }, 60_000);
});
