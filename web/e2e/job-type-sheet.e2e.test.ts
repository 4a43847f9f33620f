import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, e2eStack, type OwnerSession, screenshotOnFailure, startOwnerSession } from './e2e-support';

// The job-type sheet (issue 14 point 3) in the running product: an owner opens the Job-type sheet page from Agents,
// generates the sheet of the organization's CRM job types (offline: the sandbox CRM's, described by the offline
// engine), follows the run's steps and reads the sheet.

const { webUrl, artifactsDir, api } = e2eStack();
const STEP_TIMEOUT_MS = 30_000;

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;
let owner: OwnerSession['owner'];

beforeAll(async () => {
  ({ browser, page, orgId, owner } = await startOwnerSession('job-type-sheet-e2e', { label: 'Sheet', timeoutMs: STEP_TIMEOUT_MS }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('Job-type sheet', () => {
  it("generates the sheet of the organization's CRM job types, showing the run's steps and then the sheet", async () => {
    await screenshotOnFailure(page, artifactsDir, 'job-type-sheet', async () => {
      await page.goto(new URL(`/agents?org=${orgId}`, webUrl).toString());
      await page.getByTestId('job-type-sheet-link').click();
      await page.waitForURL((u) => u.pathname === '/job-type-sheet');
      await page.getByRole('button', { name: 'Generate job-type sheet' }).click();

      // The sandbox CRM's job types, each described: the steps end with every one of them.
      const described = page.getByText(/^✓ Describing job types \((\d+) of \1\)$/);
      await described.waitFor({ timeout: 90_000 });
      const [, count] = /\((\d+) of/.exec((await described.textContent()) ?? '') ?? [];
      expect(Number(count)).toBeGreaterThan(0);
      await page.getByText('✓ Listing the CRM’s job types').waitFor();
      await page.getByText('✓ Saving the sheet').waitFor();

      const sheet = page.getByLabel('Job-type sheet');
      await sheet.getByRole('heading', { name: `Job types of ${owner.name} (${count})` }).waitFor();
      expect(await sheet.getByRole('heading', { level: 3 }).count()).toBe(Number(count));
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'job-type-sheet.png'), fullPage: true });

      // What the page shows is the run the organization's status read answers.
      const status = (await (await page.request.get(api(`/job-type-sheet/status?orgId=${orgId}`))).json()) as { status: string; total: number };
      expect(status).toMatchObject({ status: 'COMPLETED', total: Number(count) });
    });
  }, 180_000);
});
