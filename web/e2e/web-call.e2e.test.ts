import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type Page } from 'playwright-core';
import { type E2eBrowser, launchE2eBrowser, onboardThroughApi, requireEnv } from './e2e-support';

// Places a web call with the in-house agent from the dashboard, watches it become a classified
// interaction, finds it on the Calls page and reads its transcript in Call details. The calls are made
// in an organization this test onboards through the API, so the demo org's pages stay as they were.

const webUrl = requireEnv('E2E_WEB_URL');
requireEnv('E2E_LOGIN_EMAIL');
const operatorEmail = process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test';
const operatorPassword = process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password';
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();

const STEP_TIMEOUT_MS = 20_000;
const run = Date.now().toString(36);
const orgName = `Web Call E2E ${run}`;
const ownerEmail = `owner-${run}@webcall-e2e.test`;
const ownerPassword = 'web-call-e2e-password';
const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;
const api = (p: string) => new URL(`/api${p}`, webUrl).toString();

let browser: E2eBrowser | undefined;
let page: Page;

async function onboardOrganization(): Promise<string> {
  return onboardThroughApi({ api, operator: { email: operatorEmail, password: operatorPassword }, org: { name: orgName, ownerEmail, ownerPassword } });
}

beforeAll(async () => {
  await onboardOrganization();
  browser = await launchE2eBrowser('web-call-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1280, height: 900 } });
  page = browser.page;
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function say(text: string, index: number) {
  await page.getByTestId('web-call-input').fill(text);
  await page.getByTestId('web-call-send').click();
  await page.getByTestId(`web-call-caller-${index}`).waitFor();
}

describe('web call, calls and call details', () => {
  it('places a web call, sees it classified, finds it in Calls and reads its transcript in Call details', async () => {
    try {
      await page.goto(webUrl);
      await page.waitForURL(onPath('/login'));
      await page.getByTestId('login-email').fill(ownerEmail);
      await page.getByTestId('login-password').fill(ownerPassword);
      await page.getByTestId('login-submit').click();
      await page.waitForURL(onPath('/'));

      await page.getByTestId('nav-web-call').click();
      await page.waitForURL(onPath('/web-call'));
      await page.getByTestId('page-title').filter({ hasText: 'Web call' }).waitFor();
      expect(await page.getByTestId('page-title').innerText()).toBe('Web call');
      const agent = page.getByTestId('web-call-agent');
      await agent.waitFor();
      expect(await agent.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text)).toContain('OFFICE_HOURS_CSR');

      await page.getByTestId('web-call-start').click();
      const greeting = page.getByTestId('web-call-agent-0');
      await greeting.waitFor();
      expect(await greeting.innerText()).toContain(`Thanks for calling ${orgName}`);

      // Lines: 0 greeting, then per turn the caller, the tools, the agent.
      await say('Hi, my AC is blowing warm air.', 1);
      await page.getByTestId('web-call-agent-2').getByText('full name').waitFor();
      await say('My name is Jane Cooper.', 3);
      await page.getByTestId('web-call-agent-4').waitFor();
      await say("It's 512-555-0199.", 5);
      await page.getByTestId('web-call-agent-6').waitFor();
      await say('The address is 120 Oak Street, Austin, TX 78701.', 7);
      expect(await page.getByTestId('web-call-tool-8').innerText()).toContain('check_address');
      expect(await page.getByTestId('web-call-tool-9').innerText()).toContain('get_capacity');
      await page
        .getByTestId('web-call-agent-10')
        .getByText(/Which works best for you\?|Shall I book that\?/)
        .waitFor();
      await say('The first one, please.', 11);
      expect(await page.getByTestId('web-call-tool-12').innerText()).toContain('create_action_job_booking');
      await page.getByTestId('web-call-agent-13').waitFor();

      await page.getByTestId('web-call-end').click();
      await page.getByTestId('web-call-ended').waitFor();
      const link = page.getByTestId('web-call-details-link');
      await link.waitFor({ timeout: 90_000 });
      const status = (await page.getByTestId('web-call-status').innerText()).trim();
      expect(status).toBe('BOOKED');
      const detailsPath = (await link.getAttribute('href'))!;
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'web-call.png'), fullPage: true });

      // The Calls page lists it, with its status, and links to the details.
      await page.getByTestId('nav-calls').click();
      await page.waitForURL(onPath('/calls'));
      const row = page.locator(`a[href="${detailsPath}"]`);
      await row.waitFor();
      // The list says it in plain words: "Booked", "Office-hours CSR".
      await page.getByRole('row').filter({ has: row }).getByText('Booked', { exact: true }).first().waitFor();
      await page.getByRole('row').filter({ has: row }).getByText('Office-hours CSR').waitFor();
      await row.click();

      await page.waitForURL(onPath(detailsPath));
      await page.getByText('Transcript', { exact: true }).waitFor();
      const firstTurn = page.getByText('Hi, my AC is blowing warm air.', { exact: true });
      await firstTurn.waitFor();
      // Each transcript turn carries its (synthesised) word timings.
      expect(await firstTurn.getAttribute('title')).toMatch(/^Hi, \d+(?:\.\d+)?–\d+(?:\.\d+)?s\n/);
      await page.getByText('The address is 120 Oak Street, Austin, TX 78701.', { exact: true }).waitFor();
      await page.getByText(`Thanks for calling ${orgName}`).first().waitFor();
      // What happened, in words: the web call started, then the booking the agent made.
      const events = page.getByTestId('call-events');
      await events.getByText('Web call started with the in-house agent', { exact: true }).waitFor();
      await events.getByText(/^Booked in the CRM: job \S+/).waitFor();
      await page.screenshot({ path: path.join(artifactsDir, 'web-call-details.png'), fullPage: true });
    } catch (error) {
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'web-call-failure.png'), fullPage: true }).catch(() => undefined);
      throw error;
    }
  }, 240_000);
});
