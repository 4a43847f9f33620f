import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, e2eStack, screenshotOnFailure, startOwnerSession } from './e2e-support';

// The Chats page in the running product (issue 15 points 4 and 6): a website visitor books through the widget's
// routes, the chat is listed, its details show the transcript and the booking, staff review and reclassify it, and
// Analytics shows the Website chat section.

const { webUrl, artifactsDir, api } = e2eStack();
const STEP_TIMEOUT_MS = 20_000;

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;

async function visitor<T>(path: string, body: object): Promise<T> {
  const res = await fetch(api(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect({ path, status: res.status }).toEqual({ path, status: 200 });
  return (await res.json()) as T;
}

const at = (minute: number) => new Date(Date.now() - (10 - minute) * 60_000).toISOString();
const steps = [
  { step: 'welcome', messages: [{ text: 'Hi! What do you need help with?', sender: 'bot', timestamp: at(0) }], result: 'Book a service visit' },
  {
    step: 'service',
    messages: [
      { text: 'Which service do you need?', sender: 'bot', timestamp: at(1) },
      { text: 'Heating & Cooling', sender: 'user', timestamp: at(2) },
    ],
    result: 'Heating & Cooling',
  },
];

beforeAll(async () => {
  ({ browser, page, orgId } = await startOwnerSession('chats-e2e', { label: 'Chats', timeoutMs: STEP_TIMEOUT_MS }));
  // The organization's widget (a chat registers only with one of its own, enabled widgets).
  const created = await page.request.post(api('/widget'), { data: { orgId, business_name: 'Chats E2E' } });
  expect(created.status()).toBe(201);
  const widgetId = ((await created.json()) as { id: string }).id;
  // A visitor books through the four widget routes (the sandbox CRM knows this number as Alice Johnson).
  const { chatId, interactionId } = await visitor<{ chatId: string; interactionId: string }>('/chat/register', {
    phone: '(512) 555-0101',
    orgId,
    deviceType: 'MOBILE',
    widgetId,
    chatDetails: steps.slice(0, 1),
  });
  const slots = await visitor<{ data: { startUtc: string }[] }>('/chat/schedule', {
    orgId,
    chatId,
    startsOnOrAfter: new Date().toISOString(),
    chatDetails: steps,
  });
  const address = { street: '120 Oak Street', city: 'Springfield', state: 'TX', zip: '78701', country: 'US' };
  await visitor('/chat/address', { orgId, chatId, interactionId, address, customer_name: 'Alice Johnson', chatDetails: steps });
  await visitor('/chat/action', {
    name: 'Alice Johnson',
    orgId,
    chatId,
    interactionId,
    contacts: [{ type: 'Mobile', value: '+15125550101' }],
    type: 'Residential',
    startTime: slots.data[0].startUtc,
    summary: 'AC not cooling',
    isFirstTimeClient: false,
    chatDetails: [...steps, { step: 'book', messages: [{ text: 'You are booked!', sender: 'bot', timestamp: at(3) }] }],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('Chats', () => {
  it('lists the website chat, opens its details, reclassifies and reviews it, and Analytics shows the Website chat section', async () => {
    await screenshotOnFailure(page, artifactsDir, 'chats', async () => {
      await page.goto(new URL(`/chats?org=${orgId}`, webUrl).toString());
      await page.getByTestId('chats-tab-website').waitFor();
      // The post-call pipeline classifies the chat once it has ended (a booked chat ends at once).
      const row = page.locator('tr[data-testid^="chat-row-"]');
      const deadline = Date.now() + 60_000;
      for (;;) {
        await row.first().waitFor();
        if (!(await row.first().innerText()).includes('Being analysed')) break;
        if (Date.now() > deadline) throw new Error(`the chat was not classified: ${await row.first().innerText()}`);
        await page.waitForTimeout(1000);
        await page.reload();
      }
      expect(await row.count()).toBe(1);
      const text = await row.first().innerText();
      expect(text).toContain('Alice Johnson');
      expect(await row.first().getByTestId('chat-row-status').innerText()).toBe('Booked');
      expect(text).toMatch(/Booked \(.+\)/);
      expect(text).toContain('Booking sent');
      expect(text).toContain('Mobile');
      await page.screenshot({ path: `${artifactsDir}/chats-list.png`, fullPage: true });

      await row.first().click();
      await page.getByTestId('chat-transcript').waitFor();
      expect(await page.getByTestId('page-title').innerText()).toBe('Alice Johnson');
      expect(await page.getByTestId('chat-status').innerText()).toBe('Booked');
      expect(await page.getByTestId('chat-stage-CREATE_BOOKING').getAttribute('data-reached')).toBe('true');
      // The visitor's picks on the right: the welcome step's result (no message of theirs) and the service they typed.
      const visitorSaid = await page.getByTestId('bubble-user').allInnerTexts();
      expect(visitorSaid.map((t) => t.split('\n')[0])).toEqual(['Book a service visit', 'Heating & Cooling']);
      expect(await page.getByTestId('bubble-bot').count()).toBe(3);
      expect(await page.getByTestId('chat-booking').innerText()).toContain('taken by the CRM');
      expect(await page.getByTestId('chat-customer').innerText()).toContain('120 Oak Street, Springfield, TX 78701');
      await page.getByTestId('chat-classification').waitFor();
      await page.screenshot({ path: `${artifactsDir}/chat-details.png`, fullPage: true });

      await page.getByTestId('reclassify-excused').click();
      await page.getByTestId('chat-status').filter({ hasText: 'Excused' }).waitFor();
      await page.getByLabel('Review notes').fill('Checked with the office');
      await page.getByRole('button', { name: 'Mark reviewed' }).click();
      await page.getByTestId('review-state').filter({ hasText: 'Reviewed' }).waitFor();
      await page.reload();
      await page.getByTestId('chat-transcript').waitFor();
      expect(await page.getByTestId('chat-status').innerText()).toBe('Excused');
      expect(await page.getByLabel('Review notes').inputValue()).toBe('Checked with the office');

      await page.goto(new URL(`/analytics?org=${orgId}`, webUrl).toString());
      await page.getByTestId('chat-analytics').waitFor();
      expect(await page.getByTestId('chat-kpi-leads').getByTestId('chat-kpi-value').innerText()).toBe('1');
      expect(await page.getByTestId('chat-kpi-booked').getByTestId('chat-kpi-value').innerText()).toBe('1');
      expect(await page.getByTestId('chat-kpi-rate').getByTestId('chat-kpi-value').innerText()).toBe('100%');
      // No average job revenue is set for this organization: no revenue figure is made up.
      expect(await page.getByTestId('chat-kpi-revenue').getByTestId('chat-kpi-value').innerText()).toBe('—');
      expect(await page.getByTestId('chat-campaigns').innerText()).toContain('Heating & Cooling');
      await page.getByTestId('chat-per-day').locator('svg').first().waitFor();
      await page.getByTestId('website-chat-heading').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${artifactsDir}/analytics-website-chat.png`, fullPage: true });

      // On a phone (390 px) the list scrolls inside its frame and the details page fits the screen.
      await page.setViewportSize({ width: 390, height: 844 });
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      await page.goto(new URL(`/chats?org=${orgId}`, webUrl).toString());
      await row.first().waitFor();
      expect(await pageWidth()).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${artifactsDir}/chats-list-phone.png` });
      await row.first().click();
      await page.getByTestId('chat-transcript').waitFor();
      expect(await pageWidth()).toBeLessThanOrEqual(390);
      await page.screenshot({ path: `${artifactsDir}/chat-details-phone.png`, fullPage: true });
    });
  }, 150_000);
});
