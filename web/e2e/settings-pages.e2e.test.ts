import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, launchE2eBrowser, logInThroughPage, onboardThroughApi, requireEnv } from './e2e-support';

// Issue 13 point 7 in the running product, in an organization of this test's own: an Availability section
// saved on its own (the others' edits stay unsaved), the On-call "repeat last week" saved through the API,
// and the unsaved-changes warning. Screenshots of Availability, Settings and On-call at 1280×800 and 390×844.

const webUrl = requireEnv('E2E_WEB_URL');
const operator = { email: process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test', password: process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password' };
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();
const STEP_TIMEOUT_MS = 20_000;
const run = Date.now().toString(36);
const ownerEmail = `owner-${run}@settings-e2e.test`;
const ownerPassword = 'settings-e2e-password';
const api = (p: string) => new URL(`/api${p}`, webUrl).toString();
const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

let browser: E2eBrowser;
let page: Page;
let orgId: string;

async function shot(name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

async function withFailureShot(name: string, body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    await shot(`${name}-failure`).catch(() => undefined);
    throw error;
  }
}

async function open(pathname: string, title: string) {
  await page.goto(new URL(`${pathname}?org=${orgId}`, webUrl).toString());
  await page.waitForURL(onPath(pathname));
  await page.getByTestId('page-title').filter({ hasText: title }).waitFor();
}

/** Reads through the browser's session, as the page does. */
async function apiJson<T>(method: 'GET' | 'POST', p: string, data?: unknown): Promise<T> {
  const res = method === 'GET' ? await page.request.get(api(p)) : await page.request.post(api(p), { data });
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} never showed`);
    await new Promise((r) => setTimeout(r, 400));
  }
}

beforeAll(async () => {
  orgId = await onboardThroughApi({ api, operator, org: { name: `Settings E2E ${run}`, ownerEmail, ownerPassword } });
  browser = await launchE2eBrowser('settings-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1280, height: 800 } });
  page = browser.page;
  await logInThroughPage(page, webUrl, ownerEmail, ownerPassword);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

type AvailabilityView = { availability: { regularHours: Record<string, { start: string; end: string }[]>; holidays: string[] } };

describe('Availability in sections', () => {
  it('saves office hours on their own: the holiday typed in another section stays unsaved, and a range that ends before it starts is refused', async () => {
    await withFailureShot('settings-availability', async () => {
      await open('/availability', 'Availability');
      await page.getByTestId('office-hours').waitFor();
      expect(await page.getByTestId('office-hours-save').isDisabled()).toBe(true);

      // An edit in Holidays, left unsaved.
      await page.getByTestId('holiday-input').fill('2031-07-04');
      await page.getByTestId('holiday-add').click();
      await page.getByTestId('holidays-dirty').waitFor();

      // Saturday morning hours in Office hours, saved alone.
      await page.getByTestId('regular-hours-add-Saturday').click();
      await page.getByLabel('Office hours Saturday from').fill('08:00');
      await page.getByLabel('Office hours Saturday to').fill('12:00');
      await page.getByTestId('office-hours-dirty').waitFor();
      await page.getByTestId('office-hours-save').click();
      await page.getByTestId('office-hours-saved').waitFor();
      await page.getByTestId('office-hours-dirty').waitFor({ state: 'detached' });
      expect(await page.getByTestId('holidays-dirty').count()).toBe(1);

      const stored = await apiJson<AvailabilityView>('GET', `/org/availability?id=${orgId}`);
      expect(stored.availability.regularHours.Saturday).toEqual([{ start: '08:00', end: '12:00' }]);
      expect(stored.availability.holidays).not.toContain('2031-07-04');
      await shot('settings-availability-1280');

      // Emergency hours that end before they start are refused before anything is sent.
      await page.getByTestId('emergency-hours-editor-add-Sunday').click();
      await page.getByLabel('Emergency hours Sunday from').fill('18:00');
      await page.getByLabel('Emergency hours Sunday to').fill('06:00');
      await page.getByTestId('emergency-hours-save').click();
      expect(await page.getByTestId('emergency-hours-error').innerText()).toContain('need a fix');
      expect(await page.getByTestId('emergency-hours').innerText()).toContain('Sunday: the hours must end after they start');
      const after = await apiJson<{ availability: { emergencyHours: Record<string, unknown> } }>('GET', `/org/availability?id=${orgId}`);
      expect(after.availability.emergencyHours.Sunday).toBeUndefined();
    });
  }, 90_000);

  it('warns before leaving with unsaved sections, and stays when asked to', async () => {
    await withFailureShot('settings-unsaved', async () => {
      // The previous test left the holiday and the emergency hours unsaved.
      await page.getByTestId('nav-settings').click();
      await page.getByTestId('unsaved-dialog').waitFor();
      await shot('settings-unsaved-dialog');
      await page.getByTestId('unsaved-stay').click();
      await page.getByTestId('unsaved-dialog').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/availability');
      expect(await page.getByTestId('holidays-dirty').count()).toBe(1);

      await page.getByTestId('nav-settings').click();
      await page.getByTestId('unsaved-leave').click();
      await page.waitForURL(onPath('/settings'));
      await page.getByTestId('notification-settings').waitFor();
      await shot('settings-notifications-1280');
    });
  }, 90_000);
});

describe('On-call', () => {
  type Month = { assignments: { date: string; people: { role: string; name: string; department: string }[] }[] };

  it('puts a technician on three days with the people picker, repeats that week onto the next, and saves the month', async () => {
    await withFailureShot('settings-on-call', async () => {
      await open('/on-call', 'On-call');
      await page.getByTestId('oncall-today-badge').waitFor();
      // Next month: nothing of this organization is there yet, and no "today" in it.
      await page.getByTestId('oncall-next').click();
      const title = await page.getByTestId('oncall-month-title').innerText();
      const month = await page.getByTestId('oncall-month').inputValue();
      expect(title).toMatch(/^[A-Z][a-z]+ \d{4}$/);
      expect(await page.getByTestId('oncall-today-badge').count()).toBe(0);

      // The second Monday of the month and the two days after it; then the week after.
      const first = new Date(`${month}-01T00:00:00Z`);
      const monday = 1 + ((8 - first.getUTCDay()) % 7) + 7;
      const day = (n: number) => `${month}-${String(n).padStart(2, '0')}`;
      for (const n of [monday, monday + 1, monday + 2]) await page.getByTestId(`oncall-tick-${day(n)}`).check();
      const techId = await page.getByTestId('oncall-pick-tech').locator('option').nth(1).getAttribute('value');
      await page.getByTestId('oncall-pick-tech').selectOption(techId!);
      await page.getByTestId('oncall-assign').click();
      expect(await page.getByTestId(`oncall-tech-${day(monday + 1)}`).inputValue()).toBe(techId);
      await page.getByTestId('oncall-dirty').waitFor();

      await page.getByTestId(`oncall-repeat-${day(monday + 7)}`).click();
      expect(await page.getByTestId('oncall-repeated').innerText()).toContain('onto 3 days');
      for (const n of [monday + 7, monday + 8, monday + 9]) expect(await page.getByTestId(`oncall-tech-${day(n)}`).inputValue()).toBe(techId);
      expect(await page.getByTestId(`oncall-tech-${day(monday + 10)}`).inputValue()).toBe('');

      // Moving to another month with unsaved edits asks first.
      await page.getByTestId('oncall-prev').click();
      await page.getByTestId('unsaved-dialog').waitFor();
      await page.getByTestId('unsaved-stay').click();
      expect(await page.getByTestId('oncall-month-title').innerText()).toBe(title);

      await page.getByTestId('oncall-save').click();
      expect(await page.getByTestId('oncall-saved').innerText()).toContain(`On-call schedule for ${month} saved.`);
      await shot('settings-on-call-1280');

      await eventually(async () => {
        const saved = await apiJson<Month>('POST', '/org/oncall/retrieve/new', { orgId, month });
        return saved.assignments.map((d) => d.date).join(',') === [monday, monday + 1, monday + 2, monday + 7, monday + 8, monday + 9].map(day).join(',');
      }, 'the repeated week in the stored schedule');
    });
  }, 90_000);
});

describe('at a phone width', () => {
  it('shows Availability, Settings and On-call without sideways scrolling of the page', async () => {
    await withFailureShot('settings-phone', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      for (const [pathname, title, name] of [
        ['/availability', 'Availability', 'availability'],
        ['/settings', 'Settings', 'notifications'],
        ['/on-call', 'On-call', 'on-call'],
      ] as const) {
        await open(pathname, title);
        await page.waitForTimeout(500);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
        await shot(`settings-${name}-390`);
      }
    });
  }, 120_000);
});
