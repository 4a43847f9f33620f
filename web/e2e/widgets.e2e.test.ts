import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, e2eStack, screenshotOnFailure, startOwnerSession } from './e2e-support';

// The Widgets page in the running product (issue 15 point 5): create a widget, change its look and flags with the
// preview following, save it, see it saved after a reload, and read the snippet to paste into a website.

const { webUrl, artifactsDir } = e2eStack();
const STEP_TIMEOUT_MS = 20_000;

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;

beforeAll(async () => {
  ({ browser, page, orgId } = await startOwnerSession('widgets-e2e', { label: 'Widgets', timeoutMs: STEP_TIMEOUT_MS }));
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
      await page.getByTestId('widget-business_website').fill('https://www.acme-plumbing.test/');
      await page.getByTestId('widget-business_contact').fill('(512) 555-0100');
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
      expect(await page.getByTestId('widget-business_website').inputValue()).toBe('https://www.acme-plumbing.test/');
      expect(await page.getByTestId('widget-business_contact').inputValue()).toBe('(512) 555-0100');
      expect(await page.getByTestId(`widget-row-${id}`).innerText()).toContain('Acme Plumbing');
    });
  }, 90_000);
});
