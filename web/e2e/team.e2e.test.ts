import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, launchE2eBrowser, logInThroughPage, onboardThroughApi, requireEnv, screenshotOnFailure } from './e2e-support';

// Issue 14 point 9 in the running product, in an organization of this test's own: an admin invites a colleague on
// the Team page, the invitation e-mail is read from the outbox (GET /outbox, as the Outbox page shows it), the
// colleague opens its link, sets a password and is signed in as a member; the admin removes them and their next
// page load goes to the login page. Then the admin resets their own password from "Forgot password?".

const webUrl = requireEnv('E2E_WEB_URL');
const operator = { email: process.env.E2E_OPERATOR_EMAIL ?? 'operator@homeagent.test', password: process.env.E2E_OPERATOR_PASSWORD ?? 'operator-password' };
const artifactsDir = process.env.E2E_ARTIFACTS_DIR ?? os.tmpdir();
const STEP_TIMEOUT_MS = 20_000;
const run = Date.now().toString(36);
const ownerEmail = `owner-${run}@team-e2e.test`;
const ownerPassword = 'team-e2e-owner-password';
const memberEmail = `member-${run}@team-e2e.test`;
const memberPassword = 'team-e2e-member-password';
const api = (p: string) => new URL(`/api${p}`, webUrl).toString();
const onPath = (pathname: string) => (url: URL) => url.pathname === pathname;

let admin: E2eBrowser;
let member: E2eBrowser;
let orgId: string;

async function shot(page: Page, name: string) {
  mkdirSync(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}

async function openTeam(page: Page) {
  await page.goto(new URL(`/team?org=${orgId}`, webUrl).toString());
  await page.getByTestId('page-title').filter({ hasText: 'Team' }).waitFor();
  await page.getByTestId('team-members').waitFor();
}

type Message = { to: string; template: string | null; text: string; created_at: string };

/** The newest e-mail of a template to an address in the org's outbox, read with the admin's session. */
async function outboxLink(to: string, template: string, page: Page): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await page.request.get(api(`/outbox?orgId=${orgId}`));
    expect(res.status()).toBe(200);
    const { messages } = (await res.json()) as { messages: Message[] };
    const found = messages.find((m) => m.to === to && m.template === template);
    const link = found && /https?:\/\/\S+\?token=[A-Za-z0-9_-]+/.exec(found.text)?.[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no ${template} e-mail to ${to} reached the outbox`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  orgId = await onboardThroughApi({ api, operator, org: { name: `Team E2E ${run}`, ownerEmail, ownerPassword } });
  admin = await launchE2eBrowser('team-admin-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1280, height: 800 } });
  member = await launchE2eBrowser('team-member-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 1280, height: 800 } });
  await logInThroughPage(admin.page, webUrl, ownerEmail, ownerPassword);
}, 120_000);

afterAll(async () => {
  await admin?.close();
  await member?.close();
});

describe('team members', () => {
  it('invites a colleague, who accepts from the e-mailed link and is signed in as a member', async () => {
    const page = admin.page;
    await screenshotOnFailure(page, artifactsDir, 'team-invite', async () => {
      await openTeam(page);
      await page.getByTestId('invite-email').fill(memberEmail);
      await page.getByTestId('invite-name').fill('Morgan Member');
      await page.getByTestId('invite-submit').click();
      await page.getByTestId(`invitation-${memberEmail}`).waitFor();
      await shot(page, 'team-page-invited');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'team-page-invited-390');
      await page.setViewportSize({ width: 1280, height: 800 });

      const link = await outboxLink(memberEmail, 'team-invitation', page);
      expect(new URL(link).pathname).toBe('/accept-invite');
      await member.page.goto(link);
      await member.page
        .getByTestId('page-title')
        .filter({ hasText: `Join Team E2E ${run}` })
        .waitFor();
      expect(await member.page.getByTestId('invite-email').textContent()).toBe(memberEmail);
      await shot(member.page, 'accept-invite');
      await member.page.getByTestId('new-password').fill(memberPassword);
      await member.page.getByTestId('new-password-confirm').fill(memberPassword);
      await member.page.getByTestId('new-password-submit').click();
      await member.page.waitForURL(onPath('/'));

      await openTeam(member.page);
      await member.page.getByTestId(`member-${memberEmail}`).waitFor();
      // A member sees the team but none of the admin's controls.
      expect(await member.page.getByTestId('invite-form').count()).toBe(0);
      expect(await member.page.getByTestId(`member-remove-${ownerEmail}`).count()).toBe(0);
      await shot(member.page, 'team-page-member');
    });
  }, 90_000);

  it("removes the member: the member's next page load goes to the login page", async () => {
    const page = admin.page;
    await screenshotOnFailure(page, artifactsDir, 'team-remove', async () => {
      await openTeam(page);
      await page.getByTestId(`member-${memberEmail}`).waitFor();
      expect(await page.getByTestId(`invitation-${memberEmail}`).count()).toBe(0);
      page.once('dialog', (dialog) => void dialog.accept());
      await page.getByTestId(`member-remove-${memberEmail}`).click();
      await page.getByTestId('team-notice').filter({ hasText: 'Morgan Member was removed.' }).waitFor();
      expect(await page.getByTestId(`member-${memberEmail}`).count()).toBe(0);

      await member.page.goto(new URL(`/calls?org=${orgId}`, webUrl).toString());
      await member.page.waitForURL(onPath('/login'));
    });
  }, 60_000);

  it('resets a forgotten password from the login page with the e-mailed link', async () => {
    const page = member.page;
    await screenshotOnFailure(page, artifactsDir, 'team-reset', async () => {
      await page.getByTestId('login-forgot').click();
      await page.waitForURL(onPath('/forgot-password'));
      await page.getByTestId('forgot-email').fill(ownerEmail);
      await page.getByTestId('forgot-submit').click();
      await page.getByTestId('forgot-sent').waitFor();
      await shot(page, 'forgot-password');

      const link = await outboxLink(ownerEmail, 'password-reset', admin.page);
      expect(new URL(link).pathname).toBe('/reset-password');
      await page.goto(link);
      await page.getByTestId('page-title').filter({ hasText: 'Set a new password' }).waitFor();
      await shot(page, 'reset-password');
      await page.getByTestId('new-password').fill('team-e2e-new-password');
      await page.getByTestId('new-password-confirm').fill('team-e2e-new-password');
      await page.getByTestId('new-password-submit').click();
      await page.waitForURL(onPath('/'));

      // The admin's other browser was signed out by the reset.
      await admin.page.goto(new URL(`/team?org=${orgId}`, webUrl).toString());
      await admin.page.waitForURL(onPath('/login'));
    });
  }, 60_000);
});
