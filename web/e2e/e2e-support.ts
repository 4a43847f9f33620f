import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@jest/globals';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with nothing running in the background that could slow or flake a test. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface E2eBrowser {
  context: BrowserContext;
  page: Page;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/** A fresh browser profile in a temporary folder named after the test, and its first page. */
export async function launchE2eBrowser(
  name: string,
  options: { timeoutMs: number; viewport?: { width: number; height: number }; extraArgs?: string[] },
): Promise<E2eBrowser> {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    ...(options.viewport ? { viewport: options.viewport } : {}),
    args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
  });
  context.setDefaultTimeout(options.timeoutMs);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in on the dashboard's login page, as a person would, and waits for the home page. */
export async function logInThroughPage(page: Page, webUrl: string, email: string, password: string): Promise<void> {
  await page.goto(webUrl);
  await page.waitForURL((u) => u.pathname === '/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/');
}

export interface OnboardThroughApi {
  /** Builds a URL of the API behind the dashboard's /api proxy. */
  api: (path: string) => string;
  operator: { email: string; password: string };
  org: { name: string; ownerEmail: string; ownerPassword: string; timezone?: string; crmName?: string };
}

/**
 * Onboards an organization through the admin API as an operator would, so a browser test works in an
 * organization of its own and the demo org's pages stay as they were. Answers the new org's id.
 */
export async function onboardThroughApi({ api, operator, org }: OnboardThroughApi): Promise<string> {
  const login = await fetch(api('/auth/login'), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(operator) });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const headers = { 'content-type': 'application/json', cookie };
  const started = await fetch(api('/onboarding'), {
    method: 'POST',
    headers,
    body: JSON.stringify({
      name: org.name,
      admin_email: org.ownerEmail,
      office_email: `office-${org.ownerEmail}`,
      password: org.ownerPassword,
      timezone: org.timezone ?? 'America/Chicago',
      trades_offered: ['HVAC'],
      crm_name: org.crmName ?? 'servicetitan',
      // No agent records: each test starts from the default agents and creates the records it means to.
      agents_config: [],
    }),
  });
  expect(started.status).toBe(200);
  const { workflowId } = (await started.json()) as { workflowId: string };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const status = (await (await fetch(api(`/workflow-status?workflowId=${encodeURIComponent(workflowId)}`), { headers })).json()) as {
      status?: string;
      result?: { orgId: string };
    };
    if (status.status === 'COMPLETED') return status.result!.orgId;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('onboarding did not complete');
}

/** A setting the test runner (scripts/test.ts) gives the browser tests: the running stack's address and logins. */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the browser tests need the running stack (set by the test runner)`);
  return value;
}

/** Runs a test's steps; when one fails, saves the page as `<name>-failure.png` in the artifacts folder first. */
export async function screenshotOnFailure(page: Page, artifactsDir: string, name: string, body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    mkdirSync(artifactsDir, { recursive: true });
    await page.screenshot({ path: path.join(artifactsDir, `${name}-failure.png`), fullPage: true }).catch(() => undefined);
    throw error;
  }
}

const RETELL_FIXTURES = path.join(__dirname, '../../activities/voice/adapters/retell/fixtures');
const RETELL_FIXTURE_CALL_ID = 'call_a4441234567890777c4a4a123e6';

/**
 * A Retell webhook body from the adapter's fixtures (the vendor's exact payloads) for another call id; `startMs`
 * moves the call (the fixture is from May 2024), `recordingUrl` replaces its recording.
 */
export function retellWebhookBody(
  name: 'call_ended' | 'call_analyzed',
  callId: string,
  options: { startMs?: number; recordingUrl?: string | null } = {},
): string {
  let body = readFileSync(path.join(RETELL_FIXTURES, `${name}.json`), 'utf8')
    .split(RETELL_FIXTURE_CALL_ID)
    .join(callId);
  if (options.startMs !== undefined) {
    body = body
      .replace(/"start_timestamp": \d+/, `"start_timestamp": ${options.startMs}`)
      .replace(/"end_timestamp": \d+/, `"end_timestamp": ${options.startMs + 15_791}`);
  }
  if (options.recordingUrl !== undefined) {
    body = body.replace(/"recording_url": "[^"]*"/, options.recordingUrl ? `"recording_url": "${options.recordingUrl}"` : '"recording_url": null');
  }
  return body;
}

/** Posts one Retell webhook to the organization's door (unsigned: the org has no Retell secret) and expects a 200. */
export async function postRetellWebhook(api: (p: string) => string, orgId: string, body: string): Promise<void> {
  const res = await fetch(api(`/voice-agent/webhook/${orgId}/retell`), { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  expect(res.status).toBe(200);
}

/** Delivers a Retell call as the platform would: ended, then analysed. */
export async function deliverRetellCall(
  api: (p: string) => string,
  orgId: string,
  callId: string,
  options: { startMs?: number; recordingUrl?: string | null } = {},
): Promise<void> {
  for (const name of ['call_ended', 'call_analyzed'] as const) await postRetellWebhook(api, orgId, retellWebhookBody(name, callId, options));
}

/** What every browser test reads of the running stack: the dashboard's address, the operator's login, where screenshots go. */
export function e2eStack() {
  const webUrl = requireEnv('E2E_WEB_URL');
  return {
    webUrl,
    operator: { email: process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test', password: process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password' },
    artifactsDir: process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir(),
    /** A URL of the API behind the dashboard's /api proxy. */
    api: (p: string) => new URL(`/api${p}`, webUrl).toString(),
  };
}

export interface OwnerSession {
  browser: E2eBrowser;
  page: Page;
  orgId: string;
  owner: { name: string; ownerEmail: string; ownerPassword: string };
}

/**
 * A browser test's usual start: an organization of its own onboarded through the admin API (named `<label> E2E
 * <run>`), a fresh browser, and its owner signed in on the login page.
 */
export async function startOwnerSession(
  name: string,
  options: { label: string; timeoutMs: number; viewport?: { width: number; height: number } },
): Promise<OwnerSession> {
  const stack = e2eStack();
  const run = Date.now().toString(36);
  const owner = { name: `${options.label} E2E ${run}`, ownerEmail: `owner-${run}@${name}.test`, ownerPassword: `${name} e2e owner` };
  const orgId = await onboardThroughApi({ api: stack.api, operator: stack.operator, org: owner });
  const browser = await launchE2eBrowser(name, { timeoutMs: options.timeoutMs, viewport: options.viewport ?? { width: 1280, height: 900 } });
  await logInThroughPage(browser.page, stack.webUrl, owner.ownerEmail, owner.ownerPassword);
  return { browser, page: browser.page, orgId, owner };
}
