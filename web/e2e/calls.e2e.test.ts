import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Page } from 'playwright-core';
import { deliverRetellCall, type E2eBrowser, launchE2eBrowser, onboardThroughApi, requireEnv } from './e2e-support';

// The Calls page and Call details as staff use them, in an organization on {crm_a} (ServiceTitan) this
// test onboards: one web call with the in-house agent that books a job (no recording), and two calls
// from a voice platform delivered as Retell webhooks in May 2024, one of them with a recording served
// by a local "provider" the API proxies.

const webUrl = requireEnv('E2E_WEB_URL');
requireEnv('E2E_LOGIN_EMAIL');
const operatorEmail = process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test';
const operatorPassword = process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password';
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();

const STEP_TIMEOUT_MS = 20_000;
const run = Date.now().toString(36);
const orgName = `Calls E2E ${run}`;
const ownerEmail = `owner-${run}@calls-e2e.test`;
const ownerPassword = 'calls-e2e-password';
const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;
const api = (p: string) => new URL(`/api${p}`, webUrl).toString();

const RECORDED_CALL = `call_${run}_recorded`;
const SILENT_CALL = `call_${run}_unrecorded`;

let browser: E2eBrowser | undefined;
let page: Page;
let recordings: Server;
let orgId: string;

/** A 20-second silent 8 kHz mono WAV: long enough to seek into every turn of the fixture's transcript. */
function silentWav(seconds: number): Buffer {
  const rate = 8000;
  const data = rate * seconds;
  const b = Buffer.alloc(44 + data, 0x80);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(data, 40);
  return b;
}

async function startRecordingHost(): Promise<string> {
  const wav = silentWav(20);
  recordings = createServer((req, res) => {
    if (req.url === `/${RECORDED_CALL}.wav`) res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length }).end(wav);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => recordings.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(recordings.address() as AddressInfo).port}`;
}

async function onboardOrganization(): Promise<string> {
  return onboardThroughApi({ api, operator: { email: operatorEmail, password: operatorPassword }, org: { name: orgName, ownerEmail, ownerPassword } });
}

beforeAll(async () => {
  const host = await startRecordingHost();
  orgId = await onboardOrganization();
  await deliverRetellCall(api, orgId, RECORDED_CALL, { recordingUrl: `${host}/${RECORDED_CALL}.wav` });
  await deliverRetellCall(api, orgId, SILENT_CALL, { recordingUrl: null });
  browser = await launchE2eBrowser('calls-e2e', {
    timeoutMs: STEP_TIMEOUT_MS,
    viewport: { width: 1400, height: 900 },
    extraArgs: ['--autoplay-policy=no-user-gesture-required'],
  });
  page = browser.page;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => recordings?.close(resolve));
});

async function shot(name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true }).catch(() => undefined);
}

async function say(text: string, index: number) {
  await page.getByTestId('web-call-input').fill(text);
  await page.getByTestId('web-call-send').click();
  await page.getByTestId(`web-call-caller-${index}`).waitFor();
}

/** Polls `read` until `accept` holds, like a user waiting for the page to catch up. */
async function waitFor<T>(read: () => Promise<T>, accept: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  let last: T = await read();
  while (!accept(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await read();
  }
  return last;
}

const pager = () => page.getByTestId('calls-pager');
const expectPager = (text: string) => pager().getByText(text).waitFor();

let webCallPath: string;

describe('calls page and call details', () => {
  it('places a web call that books a job', async () => {
    try {
      await page.goto(webUrl);
      await page.waitForURL(onPath('/login'));
      await page.getByTestId('login-email').fill(ownerEmail);
      await page.getByTestId('login-password').fill(ownerPassword);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(onPath('/'));

      await page.getByTestId('nav-web-call').click();
      await page.waitForURL(onPath('/web-call'));
      await page.getByTestId('web-call-agent').waitFor();
      await page.getByTestId('web-call-start').click();
      await page.getByTestId('web-call-agent-0').waitFor();
      await say('Hi, my AC is blowing warm air.', 1);
      await page.getByTestId('web-call-agent-2').getByText('full name').waitFor();
      await say('My name is Jane Cooper.', 3);
      await page.getByTestId('web-call-agent-4').waitFor();
      await say("It's 512-555-0199.", 5);
      await page.getByTestId('web-call-agent-6').waitFor();
      await say('The address is 120 Oak Street, Austin, TX 78701.', 7);
      await page
        .getByTestId('web-call-agent-10')
        .getByText(/Which works best for you\?|Shall I book that\?/)
        .waitFor();
      await say('The first one, please.', 11);
      expect(await page.getByTestId('web-call-tool-12').innerText()).toContain('create_action_job_booking');
      await page.getByTestId('web-call-agent-13').waitFor();
      await page.getByTestId('web-call-end').click();
      const link = page.getByTestId('web-call-details-link');
      await link.waitFor({ timeout: 90_000 });
      webCallPath = (await link.getAttribute('href'))!;
    } catch (error) {
      await shot('calls-web-call-failure');
      throw error;
    }
  }, 240_000);

  it('filters calls by date range and agent, pages them and marks one reviewed', async () => {
    try {
      await page.getByTestId('nav-calls').click();
      await page.waitForURL(onPath('/calls'));
      const webCallRow = page.getByRole('row').filter({ has: page.locator(`a[href="${webCallPath}"]`) });

      // The last 30 days hold only the web call; its booked job links to ServiceTitan.
      await webCallRow.waitFor();
      await expectPager('Page 1 of 1 · 1 call');
      expect(await webCallRow.getByRole('link', { name: /^Job .+ ↗$/ }).getAttribute('href')).toMatch(
        /^https:\/\/go\.servicetitan\.com\/#\/(Job|Booking)\/Index\/.+/,
      );

      // Widening the range to May 2024 brings in the two platform calls (the webhooks may still be analysing).
      await page.getByTestId('calls-from').fill('2024-05-01');
      await waitFor(
        async () => new URL(page.url()).searchParams.get('from'),
        (v) => v === '2024-05-01',
        'the range in the URL',
      );
      await expectPager('Page 1 of 1 · 3 calls');
      await page.getByText('+13125550142').first().waitFor();

      // Agent type: the web call names its office-hours CSR; the platform calls name none and came in after
      // midnight, outside the org's office hours, so they are the after-hours CSR's; nobody reached a receptionist.
      await page.getByTestId('calls-agent-type').selectOption('OFFICE_HOURS_CSR');
      await expectPager('Page 1 of 1 · 1 call');
      await webCallRow.waitFor();
      await page.getByTestId('calls-agent-type').selectOption('AFTER_HOURS_CSR');
      await expectPager('Page 1 of 1 · 2 calls');
      await page.getByText('+13125550142').first().waitFor();
      await page.getByTestId('calls-agent-type').selectOption('RECEPTIONIST');
      await page.getByText('No calls match').waitFor();
      await page.getByRole('button', { name: 'Clear the search and show every agent' }).click();
      await expectPager('Page 1 of 1 · 3 calls');

      // One agent: the web call's.
      const agent = page.getByTestId('calls-agent');
      const officeAgent = await agent.locator('option', { hasText: 'Office hours CSR' }).getAttribute('value');
      await agent.selectOption(officeAgent!);
      await expectPager('Page 1 of 1 · 1 call');
      await agent.selectOption('');
      await expectPager('Page 1 of 1 · 3 calls');

      // Paging: two calls a page (the page size is part of the URL, so a shared link keeps it).
      const url = new URL(page.url());
      url.searchParams.set('pageSize', '2');
      await page.goto(url.toString());
      await expectPager('Page 1 of 2 · 3 calls');
      expect(await page.locator('tbody tr').count()).toBe(2);
      await webCallRow.waitFor(); // newest first
      const firstPage = await page.locator('tbody tr').allInnerTexts();
      // Older reads on from the page's last call by its nextCursor (issue 16), and the cursor stays in the URL.
      const olderRequest = page.waitForRequest(
        (r) => r.method() === 'POST' && r.url().endsWith('/call/logs') && (r.postDataJSON() as { page?: number }).page === 2,
      );
      await page.getByTestId('calls-older').click();
      expect((await olderRequest).postDataJSON()).toMatchObject({ page: 2, pageSize: 2, cursor: expect.any(String) });
      await expectPager('Page 2 of 2 · 3 calls');
      expect(new URL(page.url()).searchParams.get('cursor')).toMatch(/^[\w-]+$/);
      expect(await page.locator('tbody tr').count()).toBe(1);
      expect(firstPage).not.toContain((await page.locator('tbody tr').allInnerTexts())[0]);
      await shot('calls-page-2-by-cursor');
      expect(await page.getByTestId('calls-older').isDisabled()).toBe(true);
      await page.getByTestId('calls-newer').click();
      await expectPager('Page 1 of 2 · 3 calls');
      expect(new URL(page.url()).searchParams.has('cursor')).toBe(false);
      await page.getByTestId('calls-page-size').selectOption('50');
      await expectPager('Page 1 of 1 · 3 calls');

      // Groups count the whole range.
      expect(await page.getByTestId('calls-group-all').innerText()).toBe('All (3)');

      // Mark the web call reviewed; it stays reviewed after a reload.
      await webCallRow.getByRole('button', { name: 'Mark reviewed', exact: true }).click();
      await webCallRow.getByRole('button', { name: 'Reviewed', exact: true }).waitFor();
      await page.reload();
      await webCallRow.getByRole('button', { name: 'Reviewed', exact: true }).waitFor();
      await shot('calls-page');
    } catch (error) {
      await shot('calls-page-failure');
      throw error;
    }
  }, 120_000);

  it('searches by words said and by phone number, and exports the filtered list as CSV', async () => {
    try {
      // Still on May 2024 onwards: three calls. Words from the platform calls' transcript find those two only.
      await expectPager('Page 1 of 1 · 3 calls');
      const search = page.getByTestId('calls-search');
      await search.fill('furnace');
      await expectPager('Page 1 of 1 · 2 calls');
      expect(await page.locator(`a[href="${webCallPath}"]`).count()).toBe(0);
      // The caller's number as dialled digits, without the +1 the list shows.
      await search.fill('3125550142');
      await expectPager('Page 1 of 1 · 2 calls');
      // Words the web call's caller said find the web call alone.
      await search.fill('oak street');
      await expectPager('Page 1 of 1 · 1 call');
      await page.locator(`a[href="${webCallPath}"]`).first().waitFor();
      await shot('calls-search');

      // The export takes the same filter: a header row and the web call's row.
      const download = page.waitForEvent('download');
      await page.getByTestId('calls-export').click();
      const csv = readFileSync((await (await download).path())!, 'utf8').replace(/^\uFEFF/, '');
      const lines = csv.trim().split(/\r?\n/);
      expect(lines[0]).toMatch(/^"?Started \(.+\)"?,"?Customer"?,"?Phone"?/);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(webCallPath.split('/').pop()!);

      await search.fill('');
      await expectPager('Page 1 of 1 · 3 calls');
    } catch (error) {
      await shot('calls-search-failure');
      throw error;
    }
  }, 120_000);

  it('shows the web call: transcript with timings, no recording, the job in the CRM; reclassifies and saves notes', async () => {
    try {
      await page.locator(`a[href="${webCallPath}"]`).click();
      await page.waitForURL(onPath(webCallPath));
      await page.getByText('Hi, my AC is blowing warm air.', { exact: true }).waitFor();
      await page.getByTestId('recording-empty').getByText('No recording for this call', { exact: false }).waitFor();
      // Each turn shows where it starts; without a recording there is nothing to seek.
      const seek = page.getByTestId('transcript-seek-1');
      expect(await seek.innerText()).toMatch(/^\d+:\d{2}$/);
      expect(await seek.isDisabled()).toBe(true);
      await page.getByTestId('transcript-word-toggle').click();
      expect(await page.getByTestId('transcript-words-1').innerText()).toMatch(/Hi,\s*\d+\.\ds/);

      const jobLink = page.getByTestId('job-crm-link');
      expect(await jobLink.innerText()).toBe('Open in ServiceTitan ↗');
      expect(await jobLink.getAttribute('href')).toMatch(/^https:\/\/go\.servicetitan\.com\/#\/(Job|Booking)\/Index\/.+/);
      expect(await jobLink.getAttribute('target')).toBe('_blank');
      // The customer the job was booked for, with their ServiceTitan profile.
      expect(await page.getByTestId('customer-crm-link').getAttribute('href')).toMatch(/^https:\/\/go\.servicetitan\.com\/#\/customer\/.+/);

      const status = page.getByTestId('call-status');
      const target = (await status.innerText()) === 'Excused' ? 'Not booked' : 'Excused';
      await page.getByRole('button', { name: target, exact: true }).click();
      await waitFor(
        () => status.innerText(),
        (v) => v === target,
        'the new status',
      );

      await page.getByLabel('Review notes').fill('Called Jane back to confirm the window.');
      await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/interaction' && r.request().method() === 'PUT' && r.status() === 200),
        page.getByRole('button', { name: 'Save notes' }).click(),
      ]);
      await page.reload();
      await page.getByText('Hi, my AC is blowing warm air.', { exact: true }).waitFor();
      expect(await page.getByLabel('Review notes').inputValue()).toBe('Called Jane back to confirm the window.');
      expect(await status.innerText()).toBe(target);
      // Marked reviewed on the Calls page.
      await page.getByText(/^Reviewed /).waitFor();
      await shot('call-details-web-call');
    } catch (error) {
      await shot('call-details-web-call-failure');
      throw error;
    }
  }, 60_000);

  it('evaluates the web call from its details page and shows the verdict', async () => {
    try {
      const section = page.getByTestId('evaluation-empty');
      await section.getByText('Not evaluated yet').waitFor();
      await Promise.all([
        page.waitForResponse((r) => new URL(r.url()).pathname === '/api/llm/evaluation' && r.request().method() === 'POST' && r.status() === 200),
        page.getByTestId('evaluate-call').click(),
      ]);
      // The page refreshes until the read model has the verdict.
      const status = page.getByTestId('evaluation-status');
      await status.waitFor();
      expect(await status.innerText()).toMatch(/^(Success|Failed)$/);
      await page.getByText(/^Evaluated /).waitFor();
      await page.reload();
      await status.waitFor();
      expect(await page.getByTestId('evaluate-call').innerText()).toBe('Evaluate again');
      await shot('call-details-evaluation');
    } catch (error) {
      await shot('call-details-evaluation-failure');
      throw error;
    }
  }, 60_000);

  it("plays a platform call's recording and seeks to a transcript turn", async () => {
    try {
      await page.goBack();
      await page.waitForURL(onPath('/calls'));
      const row = page.getByRole('row').filter({ hasText: '+13125550142' }).first();
      await row.waitFor();
      // Find the recorded one of the two platform calls through its details.
      const hrefs = await page
        .getByRole('row')
        .filter({ hasText: '+13125550142' })
        .locator('a')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      let found = false;
      for (const href of hrefs) {
        await page.goto(new URL(href, webUrl).toString());
        await page.getByText('Thanks for calling Demo HVAC, this is Ava.', { exact: true }).waitFor();
        if (await page.getByTestId('recording-player').count()) {
          found = true;
          break;
        }
        await page.getByTestId('recording-empty').waitFor();
      }
      expect(found).toBe(true);
      const player = page.getByTestId('recording-player');
      await waitFor(
        () => player.evaluate((a: HTMLAudioElement) => a.readyState),
        (v) => v >= 1,
        'the recording to load',
      );
      expect(await player.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(20);

      const seek = page.getByTestId('transcript-seek-1');
      expect(await seek.innerText()).toBe('0:03');
      await seek.click();
      await waitFor(
        () => player.evaluate((a: HTMLAudioElement) => a.currentTime),
        (v) => v >= 3.2,
        'the player to seek',
      );
      await shot('call-details-recording');
    } catch (error) {
      await shot('call-details-recording-failure');
      throw error;
    }
  }, 60_000);
});
