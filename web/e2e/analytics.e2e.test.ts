import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { deliverRetellCall, launchE2eBrowser, logInThroughPage, onboardThroughApi, requireEnv, type E2eBrowser } from './e2e-support';

// The Dashboard and Analytics pages of an organization this test onboards, with calls delivered as Retell
// webhooks dated within the last week: the figures come through the interaction workflow, the event log and
// the call-analytics projection. Screenshots of both pages at a laptop and a phone width are saved.

const webUrl = requireEnv('E2E_WEB_URL');
const operator = { email: process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test', password: process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password' };
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();
const STEP_TIMEOUT_MS = 20_000;
const run = Date.now().toString(36);
const ownerEmail = `owner-${run}@analytics-e2e.test`;
const ownerPassword = 'analytics-e2e-password';
const api = (p: string) => new URL(`/api${p}`, webUrl).toString();
const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

const DAY_MS = 86_400_000;
const CALLS = [1, 2, 2, 4].map((daysAgo, i) => ({ id: `call_${run}_${i}`, startMs: Date.now() - daysAgo * DAY_MS }));

let browser: E2eBrowser;
let page: Page;
let orgId: string;

async function shot(name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

beforeAll(async () => {
  orgId = await onboardThroughApi({ api, operator, org: { name: `Analytics E2E ${run}`, ownerEmail, ownerPassword } });
  for (const c of CALLS) await deliverRetellCall(api, orgId, c.id, { startMs: c.startMs });
  browser = await launchE2eBrowser('analytics-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1280, height: 800 } });
  page = browser.page;
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('Dashboard and Analytics with calls', () => {
  it('shows the week’s calls as figures and charts, the same as the analytics API, at laptop and phone widths', async () => {
    try {
      await logInThroughPage(page, webUrl, ownerEmail, ownerPassword);
      // The calls are classified in the background; the dashboard shows them once the projection has them.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date());
      const from = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(new Date(Date.now() - 6 * DAY_MS));
      let figures: { totalCount: number; totalBooked: number; dailyCallCounts: { calls: number }[] } | null = null;
      for (const deadline = Date.now() + 60_000; Date.now() < deadline; await page.waitForTimeout(1000)) {
        const res = await page.request.post(api('/call/analytics'), { data: { orgId, from, to: today } });
        expect(res.status()).toBe(200);
        figures = await res.json();
        if (figures!.totalCount === CALLS.length) break;
      }
      expect(figures?.totalCount).toBe(CALLS.length);
      expect(figures?.dailyCallCounts).toHaveLength(7);

      await page.reload();
      await page.getByTestId('call-analytics').waitFor();
      expect(await page.getByTestId('kpi-calls').getByTestId('kpi-value').innerText()).toBe(String(CALLS.length));
      expect(await page.getByTestId('range-label').innerText()).toContain('compared with');
      await page.getByText('Times in America/Chicago').first().waitFor();
      // One stacked bar segment per outcome a day had: at least one per day with calls.
      await page.getByTestId('chart-calls-per-day').locator('.recharts-bar-rectangle').first().waitFor();
      const bars = await page.getByTestId('chart-calls-per-day').locator('.recharts-bar-rectangle').count();
      expect(bars).toBeGreaterThanOrEqual(new Set(CALLS.map((c) => Math.floor(c.startMs / DAY_MS))).size - 1);
      await shot('analytics-dashboard-1280');

      await page.getByTestId('nav-analytics').click();
      await page.waitForURL(onPath('/analytics'));
      await page.getByTestId('call-analytics').waitFor();
      await page.getByTestId('agent-table').waitFor();
      await page.getByTestId('chart-minutes').locator('.recharts-bar-rectangle').first().waitFor();
      expect(await page.getByTestId('kpi-calls').getByTestId('kpi-value').innerText()).toBe(String(CALLS.length));
      await shot('analytics-page-1280');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('call-analytics').waitFor();
      await shot('analytics-page-390');
      await page.goto(webUrl);
      await page.getByTestId('call-analytics').waitFor();
      await shot('analytics-dashboard-390');

      // A range without calls explains what will appear there.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByTestId('nav-analytics').click();
      await page.getByTestId('range-from').fill('2020-01-01');
      await page.getByTestId('range-to').fill('2020-01-07');
      await page.getByText('No calls in these dates').waitFor();
      expect(await page.getByTestId('empty-state').filter({ hasText: 'No calls in these dates' }).innerText()).toContain('booked rate');
      await shot('analytics-page-empty-1280');
    } catch (error) {
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'analytics-failure.png'), fullPage: true }).catch(() => undefined);
      throw error;
    }
  }, 180_000);
});
