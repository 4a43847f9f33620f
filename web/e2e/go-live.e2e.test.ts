import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, e2eStack, screenshotOnFailure, startOwnerSession } from './e2e-support';

// Going live (issue 14 point 4) in the running product: a new organization's owner follows the testing banner to
// the checklist, sees what is missing, creates an inbound agent and says who is told about calls, and takes the
// organization live; the banner is gone afterwards.

const { webUrl, artifactsDir, api } = e2eStack();
const STEP_TIMEOUT_MS = 20_000;

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;
/** The inbound agent the owner creates on the Agents page (the second test). */
let agentId: string;

beforeAll(async () => {
  ({ browser, page, orgId } = await startOwnerSession('go-live-e2e', { label: 'Go Live', timeoutMs: STEP_TIMEOUT_MS }));
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

const met = async (requirement: string) => page.getByTestId(`go-live-item-${requirement}`).getAttribute('data-met');

async function openChecklist() {
  await page.goto(new URL(`/settings/go-live?org=${orgId}`, webUrl).toString());
  await page.getByTestId('go-live-checklist').waitFor();
}

describe('going live', () => {
  it('follows the banner to the checklist, which names what is missing and keeps the button off', async () => {
    await screenshotOnFailure(page, artifactsDir, 'go-live-checklist', async () => {
      await page.getByTestId('testing-banner').getByRole('link').click();
      await page.waitForURL((u) => u.pathname === '/settings/go-live');
      await page.getByTestId('go-live-checklist').waitFor();
      await expect(page.getByTestId('go-live-status').innerText()).resolves.toBe('Testing');
      await expect(met('agents')).resolves.toBe('false');
      await expect(met('hours')).resolves.toBe('true');
      await expect(met('crm')).resolves.toBe('true');
      await expect(met('notifications')).resolves.toBe('false');
      await expect(page.getByTestId('go-live-button').isDisabled()).resolves.toBe(true);
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'go-live-checklist.png'), fullPage: true });
    });
  }, 90_000);

  it('goes live once an inbound agent exists and someone is told about calls', async () => {
    await screenshotOnFailure(page, artifactsDir, 'go-live-done', async () => {
      // The checklist's own link leads to the Agents page.
      await page.getByTestId('go-live-item-agents').getByRole('link').click();
      await page.waitForURL((u) => u.pathname === '/agents');
      await page.getByTestId('new-agent').first().click();
      await page.getByTestId('new-agent-type').selectOption('RECEPTIONIST');
      await page.getByTestId('new-agent-create').click();
      await page.waitForURL((u) => /^\/agents\/[0-9a-f-]{36}$/.test(u.pathname));
      agentId = new URL(page.url()).pathname.split('/')[2];

      // Who is told: the office, by e-mail, of every call (the Settings page's notification grid saves the same).
      const saved = await page.request.put(api('/org'), {
        data: { id: orgId, notification_settings: [{ rule_id: 'InboundCallRule', recipients: [{ group: 'office', channel: 'email', time: 'ALWAYS' }] }] },
      });
      expect(saved.status()).toBe(200);

      for (let attempt = 0; attempt < 20; attempt += 1) {
        await openChecklist();
        if ((await met('agents')) === 'true' && (await met('notifications')) === 'true') break;
        await page.waitForTimeout(500);
      }
      await expect(page.getByTestId('go-live-button').isEnabled()).resolves.toBe(true);
      await page.getByTestId('go-live-button').click();
      await page.getByTestId('go-live-done').waitFor();
      await expect(page.getByTestId('go-live-status').innerText()).resolves.toBe('Live');
      await page.screenshot({ path: path.join(artifactsDir, 'go-live-done.png'), fullPage: true });

      // Elsewhere in the dashboard the testing banner is gone.
      await page.goto(new URL(`/calls?org=${orgId}`, webUrl).toString());
      await page.getByTestId('page-title').waitFor();
      await expect(page.getByTestId('testing-banner').count()).resolves.toBe(0);
    });
  }, 120_000);

  it('answers a call with the agent the owner created: its greeting, and the call is on the Calls page under it', async () => {
    await screenshotOnFailure(page, artifactsDir, 'go-live-call', async () => {
      await page.goto(new URL(`/web-call?org=${orgId}`, webUrl).toString());
      await page.getByTestId('web-call-agent').selectOption(agentId);
      await page.getByTestId('web-call-start').click();
      // The receptionist's own greeting (its agent name), not the office-hours CSR's every new organization has.
      await expect(page.getByTestId('web-call-agent-0').innerText()).resolves.toContain('this is Riley');
      await page.getByTestId('web-call-input').fill('Hi, is this the right number for a furnace repair?');
      await page.getByTestId('web-call-send').click();
      await page.getByTestId('web-call-caller-1').waitFor();
      await page.getByTestId('web-call-end').click();
      const link = page.getByTestId('web-call-details-link');
      await link.waitFor({ timeout: 90_000 });
      const detailsPath = (await link.getAttribute('href'))!;

      await page.goto(new URL(`/calls?org=${orgId}`, webUrl).toString());
      const row = page.getByRole('row').filter({ has: page.locator(`a[href^="${detailsPath}"]`) });
      await row.getByText('Receptionist').waitFor();
    });
  }, 150_000);
});
