import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, e2eStack, screenshotOnFailure, startOwnerSession } from './e2e-support';

// The Chats page's Agent chats tab in the running product (issue 15 point 4): a session with the org's chat agent is
// listed, its page shows the transcript as bubbles, and staff reclassify and review it through the calls' controls.

const { webUrl, artifactsDir, api } = e2eStack();
const STEP_TIMEOUT_MS = 20_000;

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;
let sessionId: string;

beforeAll(async () => {
  ({ browser, page, orgId } = await startOwnerSession('chat-sessions-e2e', { label: 'Agent chats', timeoutMs: STEP_TIMEOUT_MS }));
  // The owner's signed-in browser opens a session with the org's chat agent and writes one message.
  expect((await page.request.put(api('/chat/config'), { data: { orgId, enabled: true } })).status()).toBe(200);
  const opened = await page.request.post(api('/chat/llm/new'), { data: { orgId } });
  expect(opened.status()).toBe(200);
  const { agentId, sessionId: id } = (await opened.json()) as { sessionId: string; agentId: string };
  sessionId = id;
  const sent = await page.request.put(api('/chat/llm'), { data: { sessionId, orgId, agentId, message: 'My water heater is leaking', includedGreeting: true } });
  expect(sent.status()).toBe(200);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('Agent chats', () => {
  it('lists the session, opens it with the transcript as bubbles, reclassifies and reviews it', async () => {
    await screenshotOnFailure(page, artifactsDir, 'chat-sessions', async () => {
      await page.goto(new URL(`/chats?org=${orgId}`, webUrl).toString());
      await page.getByTestId('chats-tab-agent').click();
      const row = page.getByTestId(`session-row-${sessionId}`);
      await row.waitFor();
      await page.screenshot({ path: `${artifactsDir}/chat-sessions-list.png`, fullPage: true });
      await row.click();
      await page.waitForURL((u) => u.pathname === `/chat-sessions/${sessionId}`);
      const user = page.getByTestId('bubble-user');
      await expect(user.first().textContent()).resolves.toContain('My water heater is leaking');
      // The visitor's bubble sits on the right, the agent's on the left.
      const transcript = await page.getByTestId('session-transcript').boundingBox();
      const userBox = await user.first().locator('div').first().boundingBox();
      const agentBox = await page.getByTestId('bubble-agent').first().locator('div').first().boundingBox();
      expect(userBox!.x + userBox!.width).toBeGreaterThan(transcript!.x + transcript!.width - 2);
      expect(agentBox!.x).toBeLessThan(transcript!.x + 2);

      await page.getByTestId('reclassify-excused').click();
      await expect(page.getByTestId('session-status').textContent()).resolves.toBeTruthy();
      await page.waitForFunction(() => document.querySelector('[data-testid="reclassify-excused"]')?.hasAttribute('disabled'));
      await page.getByLabel('Review notes').fill('Checked by e2e');
      await page.getByRole('button', { name: 'Mark reviewed' }).click();
      await page
        .getByTestId('review-state')
        .filter({ hasText: /^Reviewed / })
        .waitFor();
      await page.screenshot({ path: `${artifactsDir}/chat-sessions-session.png`, fullPage: true });

      // The list shows the review mark.
      await page.goto(new URL(`/chats?org=${orgId}`, webUrl).toString());
      await page.getByTestId('chats-tab-agent').click();
      await page.getByTestId(`session-row-${sessionId}`).getByTestId('session-row-reviewed').waitFor();
    });
  }, 120_000);
});
