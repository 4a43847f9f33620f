import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, launchE2eBrowser, logInThroughPage, onboardThroughApi, requireEnv } from './e2e-support';

// Call details of a call the offline engine analysed: one "Offline engine" badge for the call (none on its
// lines), the type with the evidence and cues it rests on, and each tag with its reason. The call is a
// Retell delivery whose caller objects to the fee over two sentences after the agent states it.

const webUrl = requireEnv('E2E_WEB_URL');
const operatorEmail = process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test';
const operatorPassword = process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password';
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();

const STEP_TIMEOUT_MS = 20_000;
const run = Date.now().toString(36);
const ownerEmail = `owner-${run}@classification-e2e.test`;
const ownerPassword = 'classification-e2e-password';
const api = (p: string) => new URL(`/api${p}`, webUrl).toString();
const FIXTURES = path.join(__dirname, '../../activities/voice/adapters/retell/fixtures');
const CALL_ID = `call_${run}_fee`;

const TRANSCRIPT: [string, string][] = [
  ['agent', 'Thanks for calling, this is Ava. How can I help?'],
  ['user', "Hi, my furnace keeps shutting off and it's getting cold in here."],
  ['agent', 'I can send a technician. There is an $89 diagnostic fee for the visit.'],
  ['user', 'Eighty nine dollars? Just for someone to look at it?'],
  ['user', "No, that's too much. I'll figure it out myself."],
];

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;

async function deliverCall(): Promise<void> {
  for (const name of ['call_ended', 'call_analyzed']) {
    const body = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as { call: Record<string, unknown> };
    body.call.call_id = CALL_ID;
    body.call.recording_url = null;
    body.call.transcript = TRANSCRIPT.map(([role, text]) => `${role === 'agent' ? 'Agent' : 'User'}: ${text}`).join('\n');
    body.call.transcript_object = TRANSCRIPT.map(([role, content], i) => ({
      role,
      content,
      words: [{ word: content.split(' ')[0], start: i * 4, end: i * 4 + 0.5 }],
    }));
    body.call.transcript_with_tool_calls = body.call.transcript_object;
    const res = await fetch(api(`/voice-agent/webhook/${orgId}/retell`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
  }
}

beforeAll(async () => {
  orgId = await onboardThroughApi({
    api,
    operator: { email: operatorEmail, password: operatorPassword },
    org: { name: `Classification E2E ${run}`, ownerEmail, ownerPassword, crmName: 'NONE' },
  });
  await deliverCall();
  browser = await launchE2eBrowser('classification-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1400, height: 1000 } });
  page = browser.page;
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function shot(name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true }).catch(() => undefined);
}

describe('call details of an offline-engine call', () => {
  it('shows one Offline engine badge, the type with its cues and each tag with its reason', async () => {
    try {
      await logInThroughPage(page, webUrl, ownerEmail, ownerPassword);

      // The call is still being analysed for a moment after its webhooks; the list shows it once classified.
      const deadline = Date.now() + 60_000;
      let detailsPath: string | null = null;
      while (!detailsPath && Date.now() < deadline) {
        await page.goto(new URL('/calls?from=2024-05-01', webUrl).toString());
        await page.getByTestId('calls-pager').or(page.getByText('No calls')).first().waitFor();
        const row = page.getByRole('row').filter({ has: page.getByTestId('offline-engine-badge') });
        if ((await row.count()) > 0) detailsPath = await row.first().getByRole('link').first().getAttribute('href');
        else await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      expect(detailsPath).toMatch(/^\/calls\//);
      await page.goto(new URL(detailsPath!, webUrl).toString());

      const reason = page.getByTestId('call-type-reason');
      await reason.waitFor();
      expect(await page.getByTestId('offline-engine-badge').count()).toBe(1);
      // The type decided by the cue model, its reason led by what the caller said (a quoted cue with its signal).
      expect(await reason.innerText()).toMatch(/Excused: dispatch_fee_issue by the cue model \(p [\d.]+\); strongest: '[^']+' \(\+\w+ \d+, \d\d:\d\d\)/);
      // The tag by its label, then the engine's reason led by what the caller said about the fee.
      expect(await page.getByTestId('tag-reason-dispatch_fee_issue').innerText()).toMatch(
        /^Dispatch fee: the caller objected to the fee; cues: 'just for someone' \(\+price_objection \d+, 00:12\), 'too much' /,
      );
      expect(await page.locator('body').innerText()).not.toContain('(offline engine)');
      await shot('call-details-offline-engine');
    } catch (error) {
      await shot('call-details-offline-engine-failure');
      throw error;
    }
  }, 150_000);
});
