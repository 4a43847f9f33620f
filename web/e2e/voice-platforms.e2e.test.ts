import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, launchE2eBrowser, logInThroughPage, onboardThroughApi, requireEnv, screenshotOnFailure } from './e2e-support';

// Settings → Voice platforms in the running product (issue 11 point 2), in an organization of its own so the demo
// org's webhooks stay unsigned for the other browser tests.

const webUrl = requireEnv('E2E_WEB_URL');
const operatorEmail = process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test';
const operatorPassword = process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password';
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();
const STEP_TIMEOUT_MS = 20_000;
const run = Date.now().toString(36);
const ownerEmail = `owner-${run}@voice-e2e.test`;
const ownerPassword = 'voice platforms e2e';
const api = (p: string) => new URL(`/api${p}`, webUrl).toString();
const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;

beforeAll(async () => {
  orgId = await onboardThroughApi({
    api,
    operator: { email: operatorEmail, password: operatorPassword },
    org: { name: `Voice E2E ${run}`, ownerEmail, ownerPassword },
  });
  browser = await launchE2eBrowser('voice-platforms-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1400, height: 1000 } });
  page = browser.page;
  await logInThroughPage(page, webUrl, ownerEmail, ownerPassword);
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

const withScreenshot = (name: string, body: () => Promise<void>) => screenshotOnFailure(page, artifactsDir, name, body);

describe('Settings → Voice platforms', () => {
  it('shows the URLs to paste, sets secrets shown masked, refuses a bad one with the server message, and the tool secret opens the tools', async () => {
    await withScreenshot('voice-platforms', async () => {
      await page.goto(new URL(`/settings?org=${orgId}`, webUrl).toString());
      await page.getByTestId('settings-voice-platforms-link').click();
      await page.waitForURL(onPath('/settings/voice-platforms'));
      await page.getByTestId('voice-platforms').waitFor();

      const webhookUrl = await page.getByTestId('voice-vapi-webhook-url').innerText();
      expect(webhookUrl.trim()).toMatch(new RegExp(`^https?://[^/]+/voice-agent/webhook/${orgId}/vapi$`));
      expect((await page.getByTestId('voice-vapi-tool-url').innerText()).trim()).toMatch(
        new RegExp(`/voice-agent/tool/${orgId}\\?doNotService=true&provider=vapi$`),
      );
      expect(await page.getByTestId('voice-vapi-tool-header').innerText()).toBe('X-Tool-Secret');
      expect(await page.getByTestId('voice-vapi-apiKey-shown').innerText()).toBe('Not set');

      await page.getByTestId('voice-bland-webhookSecret').fill('short');
      await page.getByTestId('voice-bland-save').click();
      expect(await page.getByTestId('voice-bland-error').innerText()).toContain('webhookSecret must be at least 8 characters');

      await page.getByTestId('voice-vapi-apiKey').fill('vapi-private-key-e2e-9z9z');
      await page.getByTestId('voice-vapi-generate').click();
      await page.getByTestId('voice-vapi-save').click();
      expect(await page.getByTestId('voice-vapi-saved').innerText()).toContain('Vapi: set the tool secret, API key.');
      const toolSecret = (await page.getByTestId('voice-vapi-tool-secret-value').innerText()).trim();
      expect(toolSecret).toMatch(/^ts_[0-9a-f]{64}$/);
      expect(await page.getByTestId('voice-vapi-apiKey-shown').innerText()).toBe('Set ****9z9z');

      await page.getByTestId('voice-active-select').selectOption('vapi');
      await page.getByTestId('voice-active-save').click();
      expect(await page.getByTestId('voice-active-saved').innerText()).toContain('Vapi');

      await page.reload();
      await page.getByTestId('voice-platforms').waitFor();
      await page.getByTestId('voice-vapi-active').waitFor();
      expect(await page.getByTestId('voice-vapi-toolSecret-shown').innerText()).toBe(`Set ****${toolSecret.slice(-4)}`);
      expect(await page.content()).not.toContain(toolSecret);
      await page.setViewportSize({ width: 1280, height: 800 });
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'voice-platforms-1280.png'), fullPage: true });

      // The platform's tool call, through the same API the dashboard uses.
      const call = (secret: string) =>
        fetch(api(`/voice-agent/tool/${orgId}?doNotService=true`), {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-tool-secret': secret },
          body: JSON.stringify({ tool: 'end_call', args: {} }),
        });
      expect((await call('not-the-secret')).status).toBe(401);
      expect((await call(toolSecret)).status).toBe(200);
    });
  }, 90_000);
});
