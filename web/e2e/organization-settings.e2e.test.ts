import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, launchE2eBrowser, logInThroughPage, onboardThroughApi, requireEnv, screenshotOnFailure } from './e2e-support';

// Operations → Organization settings (issue 14 point 5): the operator edits one organization's row of the admin
// settings of 000 §7 in the running product, in an organization of its own.

const webUrl = requireEnv('E2E_WEB_URL');
const operatorEmail = process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test';
const operatorPassword = process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password';
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();
const STEP_TIMEOUT_MS = 20_000;
const run = Date.now().toString(36);
const orgName = `Settings E2E ${run}`;
const api = (p: string) => new URL(`/api${p}`, webUrl).toString();

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;

beforeAll(async () => {
  orgId = await onboardThroughApi({
    api,
    operator: { email: operatorEmail, password: operatorPassword },
    org: { name: orgName, ownerEmail: `owner-${run}@settings-e2e.test`, ownerPassword: 'organization settings e2e' },
  });
  browser = await launchE2eBrowser('organization-settings-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1400, height: 1000 } });
  page = browser.page;
  await logInThroughPage(page, webUrl, operatorEmail, operatorPassword);
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

const withScreenshot = (name: string, body: () => Promise<void>) => screenshotOnFailure(page, artifactsDir, name, body);

describe('Operations → Organization settings', () => {
  it("edits an organization's row: the server's field errors, then Saved, and the values stay after a reload", async () => {
    await withScreenshot('organization-settings', async () => {
      await page.getByRole('link', { name: 'Organization settings', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/admin/organization-settings');
      const row = page.locator(`[data-testid="organization-settings-row"][data-org-id="${orgId}"]`);
      await expect(row.getByLabel(`Office e-mail of ${orgName}`).inputValue()).resolves.toBe(`office-owner-${run}@settings-e2e.test`);

      await row.getByLabel(`Billing id of ${orgName}`).fill('cus_short');
      await row.getByLabel(`Office e-mail of ${orgName}`).fill('dispatch at settings');
      await row.getByLabel(`Average job revenue of ${orgName}`).fill('-5');
      await row.getByTestId('save-organization-settings').click();
      await row.getByText('stripe_billing_id must be exactly 18 characters').waitFor();
      await row.getByText('Invalid email format').waitFor();
      await row.getByText('Average job revenue must be non-negative').waitFor();
      await expect(row.getByTestId('organization-settings-notice').innerText()).resolves.toBe('Not saved: see the marked fields');

      await row.getByLabel(`Billing id of ${orgName}`).fill('cus_E2E0123456789a');
      await row.getByLabel(`Office e-mail of ${orgName}`).fill(`dispatch-${run}@settings-e2e.test`);
      await row.getByLabel(`Emergency strategy of ${orgName}`).selectOption('oncall_technician_availability');
      await row.getByLabel(`Average job revenue of ${orgName}`).fill('412.5');
      await row.getByTestId('save-organization-settings').click();
      await expect(row.getByTestId('organization-settings-notice').innerText()).resolves.toBe('Saved');
      expect(await row.getByText('Invalid email format').count()).toBe(0);
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'organization-settings-saved.png'), fullPage: true });

      // The read model follows the events: a reload shows the saved values.
      const readRow = async () => {
        const fresh = page.locator(`[data-testid="organization-settings-row"][data-org-id="${orgId}"]`);
        return [
          await fresh.getByLabel(`Billing id of ${orgName}`).inputValue(),
          await fresh.getByLabel(`Office e-mail of ${orgName}`).inputValue(),
          await fresh.getByLabel(`Emergency strategy of ${orgName}`).inputValue(),
          await fresh.getByLabel(`Average job revenue of ${orgName}`).inputValue(),
        ];
      };
      const expected = ['cus_E2E0123456789a', `dispatch-${run}@settings-e2e.test`, 'oncall_technician_availability', '412.5'];
      let shown: string[] = [];
      for (let attempt = 0; attempt < 10 && JSON.stringify(shown) !== JSON.stringify(expected); attempt += 1) {
        if (attempt > 0) await page.waitForTimeout(1000);
        await page.reload();
        shown = await readRow();
      }
      expect(shown).toEqual(expected);
    });
  }, 120_000);
});
