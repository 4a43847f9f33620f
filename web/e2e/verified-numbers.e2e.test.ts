import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, e2eStack, screenshotOnFailure, startOwnerSession } from './e2e-support';

// Settings → Verified numbers in the running product (issue 14 point 7) with the offline telephony provider of the
// test stack: add a number, see its code, confirm it, rename it and delete it, in an organization of its own.

const { webUrl, artifactsDir } = e2eStack();
const STEP_TIMEOUT_MS = 20_000;
const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;

beforeAll(async () => {
  ({ browser, page, orgId } = await startOwnerSession('verified-numbers-e2e', { label: 'Numbers', timeoutMs: STEP_TIMEOUT_MS }));
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

describe('Settings → Verified numbers', () => {
  it('adds a number, shows its code, verifies it with the code, renames it and deletes it after a confirmation', async () => {
    await screenshotOnFailure(page, artifactsDir, 'verified-numbers', async () => {
      await page.goto(new URL(`/settings?org=${orgId}`, webUrl).toString());
      await page.getByTestId('settings-verified-numbers-link').click();
      await page.waitForURL(onPath('/settings/verified-numbers'));
      await page.getByTestId('empty-state').waitFor();

      await page.getByTestId('add-number-phone').fill('512-555-0142');
      await page.getByTestId('add-number-submit').click();
      await page.getByText('Phone number must be in E.164 format (+1XXXXXXXXXX)').waitFor();

      await page.getByTestId('add-number-phone').fill('+15125550142');
      await page.getByTestId('add-number-name').fill('Main office');
      await page.getByTestId('add-number-submit').click();
      const row = page.locator('[data-testid^="number-row-"]');
      await row.waitFor();
      const id = (await row.getAttribute('data-testid'))!.replace('number-row-', '');
      const code = (await page.getByTestId(`number-code-${id}`).innerText()).trim();
      expect(code).toMatch(/^\d{6}$/);
      expect(await page.getByTestId(`number-status-${id}`).innerText()).toBe('Waiting for code');
      await page.screenshot({ path: `${artifactsDir}/verified-numbers-waiting.png`, fullPage: true });

      // The same number twice is refused with the server's message.
      await page.getByTestId('add-number-phone').fill('+15125550142');
      await page.getByTestId('add-number-submit').click();
      expect(await page.getByTestId('add-number-error').innerText()).toBe("+15125550142 is already one of this organization's caller IDs");

      await page.getByTestId(`number-refresh-${id}`).click();
      // The notice of the addition is replaced by the status check's.
      await page.getByTestId('numbers-notice').filter({ hasText: '+15125550142 is not verified yet: the code has not been entered.' }).waitFor();
      await page.getByTestId(`number-code-input-${id}`).fill(code === '000000' ? '000001' : '000000');
      await page.getByTestId(`number-confirm-${id}`).click();
      expect(await page.getByTestId('numbers-error').innerText()).toBe('That is not the validation code issued for this number');
      await page.getByTestId(`number-code-input-${id}`).fill(code);
      await page.getByTestId(`number-confirm-${id}`).click();
      await page.getByTestId(`number-status-${id}`).getByText('Verified').waitFor();

      await page.getByTestId(`number-rename-${id}`).click();
      await page.getByTestId(`number-name-input-${id}`).fill('Dispatch line');
      await page.getByTestId(`number-name-save-${id}`).click();
      await page.getByTestId(`number-row-${id}`).getByText('Dispatch line').waitFor();
      await page.reload();
      await page.getByTestId(`number-row-${id}`).getByText('Dispatch line').waitFor();
      expect(await page.getByTestId(`number-status-${id}`).innerText()).toBe('Verified');
      await page.screenshot({ path: `${artifactsDir}/verified-numbers.png`, fullPage: true });

      await page.getByTestId(`number-delete-${id}`).click();
      await page.getByTestId(`number-confirm-delete-${id}`).click();
      await page.getByTestId('empty-state').waitFor();
      await page.getByTestId('numbers-notice').filter({ hasText: '+15125550142 deleted here and at the telephony provider.' }).waitFor();
    });
  }, 90_000);
});
