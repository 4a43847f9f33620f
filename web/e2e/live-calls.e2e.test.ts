import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { launchE2eBrowser, logInThroughPage, onboardThroughApi, postRetellWebhook, requireEnv, retellWebhookBody, type E2eBrowser } from './e2e-support';

// Issue 13, live calls: with the Calls page open, a call a voice platform reports ended appears in the list
// with no reload, marked new, and the navigation counts it until the call is opened. Then the list is
// searched and exported as the page shows it, and the Dashboard's latest calls update live too.

const webUrl = requireEnv('E2E_WEB_URL');
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();
const STEP_TIMEOUT_MS = 20_000;
/** Issue 13: a call that ends appears on the open page within 2 s of the read model having it. */
const LIVE_BUDGET_MS = 2000;
const run = Date.now().toString(36);
const ownerEmail = `owner-${run}@live-e2e.test`;
const ownerPassword = 'live-e2e-password';
const api = (p: string) => new URL(`/api${p}`, webUrl).toString();

let browser: E2eBrowser;
let orgId: string;
let cookie: string;

/** The first moment the API's call history (the read model) lists `count` calls. */
async function whenListed(count: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await fetch(api('/call/logs'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ orgId, currentAgents: 'ALL', from: '2024-05-01' }),
    });
    const body = (await res.json()) as { pagination: { totalCount: number } };
    if (body.pagination.totalCount >= count) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the call history never listed ${count} calls`);
}

async function shot(name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await browser.page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true }).catch(() => undefined);
}

beforeAll(async () => {
  orgId = await onboardThroughApi({
    api,
    operator: { email: process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test', password: process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password' },
    org: { name: `Live E2E ${run}`, ownerEmail, ownerPassword },
  });
  const login = await fetch(api('/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ownerEmail, password: ownerPassword }),
  });
  cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  // One call before the page is opened, as on a product that is already running.
  await postRetellWebhook(api, orgId, retellWebhookBody('call_ended', `call_${run}_earlier`));
  await postRetellWebhook(api, orgId, retellWebhookBody('call_analyzed', `call_${run}_earlier`));
  await whenListed(1);
  browser = await launchE2eBrowser('live-calls-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1280, height: 800 } });
  await logInThroughPage(browser.page, webUrl, ownerEmail, ownerPassword);
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('live calls', () => {
  it('shows a call that ends on the open Calls page within 2 s, new, with the unread badge until it is opened', async () => {
    const { page } = browser;
    try {
      await page.goto(`${webUrl}/calls?from=2024-05-01`);
      await page.getByTestId('calls-pager').getByText('· 1 call').waitFor();
      // The page is live once its event stream is open.
      await page.locator('[data-testid="unread-calls-badge"][data-live="connected"]').waitFor({ state: 'attached' });
      expect(await page.getByTestId('unread-calls-badge').isHidden()).toBe(true);

      const posted = Date.now();
      await postRetellWebhook(api, orgId, retellWebhookBody('call_ended', `call_${run}_live`));
      const rowSeen = page
        .getByTestId('calls-pager')
        .getByText('· 2 calls')
        .waitFor({ timeout: 60_000 })
        .then(() => Date.now());
      const listed = await whenListed(2);
      const shown = await rowSeen;
      console.log(
        `live calls e2e: webhook → read model ${listed - posted} ms; read model → row on the open page ${shown - listed} ms; webhook → row ${shown - posted} ms`,
      );
      expect(shown - listed).toBeLessThan(LIVE_BUDGET_MS);

      const badge = page.getByTestId('unread-calls-badge');
      await badge.waitFor();
      expect(await badge.innerText()).toBe('1');
      const newRow = page.locator('tbody tr').filter({ has: page.locator('[data-testid^="call-new-"]') });
      expect(await newRow.count()).toBe(1);
      await postRetellWebhook(api, orgId, retellWebhookBody('call_analyzed', `call_${run}_live`));
      await shot('live-calls-new-call');

      // The whole row opens the call (here its summary cell); opening it is seeing it.
      await newRow.locator('td').nth(3).click();
      await page.waitForURL((u) => u.pathname.startsWith('/calls/'));
      await page.getByTestId('call-outcome').waitFor();
      await badge.waitFor({ state: 'hidden' });
      const events = await page.getByTestId('call-events').innerText();
      expect(events).toContain('Call ended because the caller hung up');
      expect(events).not.toMatch(/[{}]/);
      await page.getByText('Thanks for calling Demo HVAC, this is Ava.', { exact: true }).waitFor();
      await shot('live-calls-call-details');
    } catch (error) {
      await shot('live-calls-failure');
      throw error;
    }
  }, 120_000);

  it('searches by words of the transcript and by phone number, and exports what the page shows', async () => {
    const { page } = browser;
    try {
      await page.goto(`${webUrl}/calls?from=2024-05-01`);
      await page.getByTestId('calls-pager').getByText('· 2 calls').waitFor();
      await page.getByTestId('calls-search').fill('furnace stopped');
      await page.waitForURL((u) => u.searchParams.get('q') === 'furnace stopped');
      await page.getByTestId('calls-pager').getByText('· 2 calls').waitFor();
      await page.getByTestId('calls-search').fill('(312) 555-0142');
      await page.getByTestId('calls-pager').getByText('· 2 calls').waitFor();
      await page.getByTestId('calls-search').fill('water heater');
      await page.getByText('No calls match').waitFor();
      await page.getByTestId('calls-search').fill('furnace');
      await page.getByTestId('calls-pager').getByText('· 2 calls').waitFor();

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('calls-export').click()]);
      const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
      const lines = csv.split('\r\n').filter((l) => l !== '');
      expect(lines[0]).toMatch(/^Started \(America\/Chicago\),Customer,Phone,/);
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain("'+13125550142");
      await shot('live-calls-search');
    } catch (error) {
      await shot('live-calls-search-failure');
      throw error;
    }
  }, 60_000);

  it("updates the Dashboard's latest calls live, and shows the Calls page on a phone", async () => {
    const { page } = browser;
    try {
      await page.goto(`${webUrl}/`);
      await page.getByTestId('recent-calls').waitFor();
      await page.locator('[data-testid^="recent-call-"]').nth(1).waitFor();
      await page.locator('[data-testid="unread-calls-badge"][data-live="connected"]').waitFor({ state: 'attached' });
      await postRetellWebhook(api, orgId, retellWebhookBody('call_ended', `call_${run}_dashboard`));
      await page.locator('[data-testid^="recent-call-"]').nth(2).waitFor({ timeout: 60_000 });
      await page.getByTestId('unread-calls-badge').getByText('1').waitFor();
      await postRetellWebhook(api, orgId, retellWebhookBody('call_analyzed', `call_${run}_dashboard`));
      await shot('live-calls-dashboard');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`${webUrl}/calls?from=2024-05-01`);
      await page.locator('[data-testid^="call-card-"]').first().waitFor();
      await shot('live-calls-phone');
    } catch (error) {
      await shot('live-calls-dashboard-failure');
      throw error;
    }
  }, 120_000);
});
