import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Page } from 'playwright-core';
import { type E2eBrowser, launchE2eBrowser, requireEnv } from './e2e-support';

const webUrl = requireEnv('E2E_WEB_URL');
const email = requireEnv('E2E_LOGIN_EMAIL');
const password = requireEnv('E2E_LOGIN_PASSWORD');
const orgName = requireEnv('E2E_ORG_NAME');
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();

const STEP_TIMEOUT_MS = 15_000;
const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

let browser: E2eBrowser | undefined;
let page: Page;

beforeAll(async () => {
  browser = await launchE2eBrowser('dashboard-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1280, height: 800 } });
  page = browser.page;
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function signIn(withPassword: string) {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(withPassword);
  await page.getByTestId('login-submit').click();
}

describe('dashboard', () => {
  it('signs in, shows the org, navigates and signs out', async () => {
    try {
      await page.goto(webUrl);
      await page.waitForURL(onPath('/login'));

      await signIn(`${password}-wrong`);
      const loginError = page.getByTestId('login-error');
      await loginError.waitFor();
      expect((await loginError.innerText()).trim()).not.toBe('');
      expect(new URL(page.url()).pathname).toBe('/login');

      await signIn(password);
      await page.waitForURL(onPath('/'));
      const switcher = page.getByTestId('org-switcher');
      await switcher.waitFor();
      expect(await switcher.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text)).toBe(orgName);
      expect(new URL(page.url()).searchParams.get('org')).toBe(await switcher.inputValue());
      await page.getByTestId('org-details').getByText(orgName).waitFor();
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'dashboard.png'), fullPage: true });

      await page.getByTestId('nav-calls').click();
      await page.waitForURL(onPath('/calls'));
      await page.getByTestId('page-title').filter({ hasText: 'Calls' }).waitFor();
      expect(await page.getByTestId('page-title').innerText()).toBe('Calls');
      await page.getByText('No calls yet').waitFor();

      await page.getByTestId('logout').click();
      await page.waitForURL(onPath('/login'));

      // The session is gone on the server too: the dashboard sends the user back to sign in.
      await page.goto(new URL('/calls', webUrl).toString());
      await page.waitForURL(onPath('/login'));
      await page.getByTestId('login-submit').waitFor();
    } catch (error) {
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'dashboard-failure.png'), fullPage: true }).catch(() => undefined);
      throw error;
    }
  }, 120_000);
});
