import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { deliverRetellCall, launchE2eBrowser, logInThroughPage, onboardThroughApi, requireEnv, type E2eBrowser } from './e2e-support';

// The AI assistant for CSRs (001 §2.15) on Call details, in an organization this test onboards: two calls from
// the same number are delivered as Retell webhooks; on the newer one the CSR asks about the customer's earlier
// calls, reloads the page (the conversation comes back), ends the session, and the panel fits a phone.

const webUrl = requireEnv('E2E_WEB_URL');
const operator = { email: process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test', password: process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password' };
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();
const STEP_TIMEOUT_MS = 30_000;
const run = Date.now().toString(36);
const ownerEmail = `owner-${run}@assistant-e2e.test`;
const ownerPassword = 'assistant-e2e-password';
const api = (p: string) => new URL(`/api${p}`, webUrl).toString();

const CALLER = '+13125550142';

let browser: E2eBrowser;
let page: Page;
let orgId: string;
let callPath: string;

/** The org's analysed calls through the API as its owner, newest first. */
async function analysedCalls(): Promise<{ id: string; call_status: string }[]> {
  const login = await fetch(api('/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ownerEmail, password: ownerPassword }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await fetch(api('/call/logs'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ orgId, currentAgents: 'ALL', from: '2020-01-01' }),
    });
    const { entries } = (await res.json()) as { entries?: { id: string; call_status: string }[] };
    if (entries && entries.length === 2 && entries.every((e) => e.call_status !== 'PROCESSING' && e.call_status !== 'STARTED')) return entries;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the two calls were not analysed in time');
}

async function shot(name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true }).catch(() => undefined);
}

beforeAll(async () => {
  orgId = await onboardThroughApi({ api, operator, org: { name: `Assistant E2E ${run}`, ownerEmail, ownerPassword } });
  await deliverRetellCall(api, orgId, `call_${run}_first`);
  await deliverRetellCall(api, orgId, `call_${run}_second`);
  const calls = await analysedCalls();
  callPath = `/calls/${calls[0].id}`;
  browser = await launchE2eBrowser('assistant-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1280, height: 900 } });
  page = browser.page;
}, 240_000);

afterAll(async () => {
  await browser?.close();
});

const panel = () => page.getByTestId('assistant-panel');

describe('the AI assistant on Call details', () => {
  it("answers a question about the customer's earlier calls and keeps the conversation across a reload", async () => {
    try {
      await logInThroughPage(page, webUrl, ownerEmail, ownerPassword);
      await page.goto(new URL(callPath, webUrl).toString());
      await panel().getByTestId('assistant-empty').waitFor();

      await panel().getByTestId('assistant-input').fill('Previous calls?');
      await panel().getByTestId('assistant-send').click();
      const reply = panel().getByTestId('assistant-message-assistant').nth(1);
      await reply.waitFor();
      expect(await reply.innerText()).toContain(`1 other call from ${CALLER}`);
      expect(await panel().getByTestId('assistant-message-assistant').first().innerText()).toContain('This number has 1 earlier call.');
      await shot('assistant-answer');

      await page.reload();
      await panel().getByTestId('assistant-messages').waitFor();
      expect(await panel().getByTestId('assistant-message-user').allInnerTexts()).toEqual([expect.stringContaining('Previous calls?')]);
      expect(await panel().getByTestId('assistant-message-assistant').count()).toBe(2);
    } catch (error) {
      await shot('assistant-failure');
      throw error;
    }
  }, 120_000);

  it('fits a phone screen, asks from a suggestion there, and ends the session', async () => {
    try {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await panel().getByTestId('assistant-messages').waitFor();
      await panel().getByTestId('assistant-input').fill('Was anything booked?');
      await panel().getByTestId('assistant-send').click();
      await panel().getByTestId('assistant-message-assistant').nth(2).waitFor();
      expect(await panel().getByTestId('assistant-message-assistant').nth(2).innerText()).toMatch(/^(Yes|No)/);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await panel().scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(artifactsDir, 'assistant-phone.png') }).catch(() => undefined);

      await panel().getByTestId('assistant-end').click();
      await panel().getByTestId('assistant-ended').waitFor();
      expect(await panel().getByTestId('assistant-input').count()).toBe(0);
      await page.reload();
      await panel().getByTestId('assistant-ended').waitFor();
      await panel().getByTestId('assistant-new').click();
      await panel().getByTestId('assistant-empty').waitFor();
    } catch (error) {
      await shot('assistant-phone-failure');
      throw error;
    }
  }, 120_000);
});
