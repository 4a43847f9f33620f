import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, launchE2eBrowser, logInThroughPage, onboardThroughApi, requireEnv, screenshotOnFailure } from './e2e-support';

// The Widgets page in the running product (issue 15 point 5): create a widget, change its look and flags with the
// preview following, save it, see it saved after a reload, and read the snippet to paste into a website.

const webUrl = requireEnv('E2E_WEB_URL');
const operatorEmail = process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test';
const operatorPassword = process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password';
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();
const STEP_TIMEOUT_MS = 20_000;
const run = Date.now().toString(36);
const ownerEmail = `owner-${run}@widgets-e2e.test`;
const ownerPassword = 'widgets e2e password';
const api = (p: string) => new URL(`/api${p}`, webUrl).toString();

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;

beforeAll(async () => {
  orgId = await onboardThroughApi({
    api,
    operator: { email: operatorEmail, password: operatorPassword },
    org: { name: `Widgets E2E ${run}`, ownerEmail, ownerPassword },
  });
  browser = await launchE2eBrowser('widgets-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1280, height: 900 } });
  page = browser.page;
  await logInThroughPage(page, webUrl, ownerEmail, ownerPassword);
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

describe('Widgets', () => {
  it('creates a widget, edits it with a live preview, saves it, and shows the snippet with its id', async () => {
    await screenshotOnFailure(page, artifactsDir, 'widgets', async () => {
      await page.goto(new URL(`/widgets?org=${orgId}`, webUrl).toString());
      await page.getByTestId('empty-state').waitFor();
      await page.getByTestId('widget-create').click();
      const row = page.locator('[data-testid^="widget-row-"]');
      await row.waitFor();
      const id = (await row.getAttribute('data-testid'))!.replace('widget-row-', '');
      await page.getByTestId('widgets-notice').waitFor();

      const preview = page.getByTestId('widget-preview');
      expect(await preview.innerText()).toContain('Book Online Now');
      await page.getByTestId('widget-welcome_title').fill('Book a plumber today');
      await page.getByTestId('widget-business_name').fill('Acme Plumbing');
      expect(await preview.innerText()).toContain('Book a plumber today');

      // A colour the widget cannot use is refused on the field, before anything is sent.
      await page.getByTestId('widget-primary_color').fill('blue-ish');
      await page.getByTestId('widget-save').click();
      await page.getByText('Must be a CSS colour: #RRGGBB, #RRGGBBAA or rgba(r, g, b, a)').waitFor();
      await page.getByTestId('widget-primary_color').fill('#0B7A75');

      await page.getByTestId('widget-enable_emergency_button').check({ force: true });
      expect(await preview.innerText()).toContain('Emergency? Call now');
      await page.getByTestId('widget-save').click();
      await page.getByText('Saved Acme Plumbing.').waitFor();

      const snippet = (await page.getByTestId('widget-snippet').innerText()).trim();
      expect(snippet).toBe(`<script src="${new URL(webUrl).origin}/widget.js" data-widget-id="${id}" async></script>`);
      await page.screenshot({ path: `${artifactsDir}/widgets-saved.png`, fullPage: true });

      await page.reload();
      await page.getByTestId('widget-editor').waitFor();
      expect(await page.getByTestId('widget-welcome_title').inputValue()).toBe('Book a plumber today');
      expect(await page.getByTestId('widget-primary_color').inputValue()).toBe('#0B7A75');
      expect(await page.getByTestId('widget-enable_emergency_button').isChecked()).toBe(true);
      expect(await page.getByTestId(`widget-row-${id}`).innerText()).toContain('Acme Plumbing');
    });
  }, 90_000);
});
