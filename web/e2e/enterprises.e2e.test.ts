import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, launchE2eBrowser, logInThroughPage, onboardThroughApi, requireEnv, screenshotOnFailure } from './e2e-support';

// Enterprises (issue 14 point 6) in the running product: an operator creates one on Operations → Enterprises and
// adds two organizations; the first one's owner, named its admin, finds both under the enterprise in the
// organization switcher and sees them together on the enterprise's page.

const webUrl = requireEnv('E2E_WEB_URL');
const operatorEmail = process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test';
const operatorPassword = process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password';
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();
const STEP_TIMEOUT_MS = 20_000;
const run = Date.now().toString(36);
const enterpriseName = `Lone Star E2E ${run}`;
const first = { name: `Alamo Air ${run}`, ownerEmail: `alamo-${run}@enterprise-e2e.test`, ownerPassword: 'enterprise e2e alamo' };
const second = { name: `Brazos Plumbing ${run}`, ownerEmail: `brazos-${run}@enterprise-e2e.test`, ownerPassword: 'enterprise e2e brazos' };
const api = (p: string) => new URL(`/api${p}`, webUrl).toString();

let browser: E2eBrowser | undefined;
let page: Page;
let firstId: string;
let secondId: string;

beforeAll(async () => {
  const operator = { email: operatorEmail, password: operatorPassword };
  firstId = await onboardThroughApi({ api, operator, org: first });
  secondId = await onboardThroughApi({ api, operator, org: second });
  browser = await launchE2eBrowser('enterprises-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1400, height: 1000 } });
  page = browser.page;
}, 150_000);

afterAll(async () => {
  await browser?.close();
});

const withScreenshot = (name: string, body: () => Promise<void>) => screenshotOnFailure(page, artifactsDir, name, body);

describe('enterprises', () => {
  it('are created and filled by an operator', async () => {
    await withScreenshot('enterprises-admin', async () => {
      await logInThroughPage(page, webUrl, operatorEmail, operatorPassword);
      await page.getByRole('link', { name: 'Enterprises', exact: true }).click();
      await page.waitForURL((u) => u.pathname === '/admin/enterprises');
      await page.getByTestId('enterprise-name').fill(enterpriseName);
      await page.getByTestId('enterprise-admins').fill('not an e-mail');
      await page.getByTestId('enterprise-create').click();
      await expect(page.getByTestId('enterprise-create-error').innerText()).resolves.toContain('Invalid email format');
      await page.getByTestId('enterprise-admins').fill(first.ownerEmail);
      await page.getByTestId('enterprise-create').click();
      const row = page.getByRole('row').filter({ hasText: enterpriseName });
      await row.waitFor();
      const enterpriseHref = await row.getByRole('link', { name: enterpriseName }).getAttribute('href');
      const enterpriseId = enterpriseHref!.split('/').pop()!;
      for (const orgId of [firstId, secondId]) {
        await row.getByTestId(`enterprise-add-org-${enterpriseId}`).selectOption(orgId);
        await row.getByRole('button', { name: 'Add' }).click();
        await page.getByTestId('enterprise-org-added').first().waitFor();
      }
      // The count follows the events into the read model.
      for (let attempt = 0; attempt < 20; attempt += 1) {
        if ((await row.getByRole('cell').nth(2).innerText()) === '2') break;
        await page.waitForTimeout(500);
        await page.reload();
      }
      await expect(row.getByRole('cell').nth(2).innerText()).resolves.toBe('2');
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'enterprises-admin.png'), fullPage: true });
      await page.getByTestId('logout').click();
      await page.waitForURL((u) => u.pathname === '/login');
    });
  }, 90_000);

  it("shows the enterprise's admin its organizations together, from the switcher", async () => {
    await withScreenshot('enterprise-page', async () => {
      await logInThroughPage(page, webUrl, first.ownerEmail, first.ownerPassword);
      const switcher = page.getByTestId('org-switcher');
      await expect(switcher.locator('optgroup').first().getAttribute('label')).resolves.toBe(enterpriseName);
      const enterpriseOption = await switcher.locator('option', { hasText: `All of ${enterpriseName}` }).getAttribute('value');
      await switcher.selectOption(enterpriseOption!);
      await page.waitForURL((u) => u.pathname.startsWith('/enterprise/'));
      await page.getByTestId('page-title').filter({ hasText: enterpriseName }).waitFor();
      await page.getByTestId('enterprise-org-count').filter({ hasText: '2' }).waitFor();
      const names = await page.getByTestId('enterprise-orgs').locator('tbody tr td:first-child').allInnerTexts();
      expect(names).toEqual([first.name, second.name]);
      await page.screenshot({ path: path.join(artifactsDir, 'enterprise-page.png'), fullPage: true });

      // The second organization opens for the enterprise's admin, who is not its member.
      await page.getByRole('link', { name: second.name }).click();
      await page.waitForURL((u) => u.searchParams.get('org') === secondId);
      // The switcher follows the URL on the render after it changes.
      await page.waitForFunction((id) => document.querySelector<HTMLSelectElement>('[data-testid="org-switcher"]')?.value === id, secondId);
      await expect(switcher.inputValue()).resolves.toBe(secondId);
    });
  }, 90_000);
});
