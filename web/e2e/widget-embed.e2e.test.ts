import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { type E2eBrowser, e2eStack, launchE2eBrowser, onboardThroughApi, screenshotOnFailure } from './e2e-support';

// The website widget embedded as a contractor's site embeds it (issue 15 points 1, 7 and 8): a plain HTML page on
// another origin with the one-line snippet. A visitor opens the launcher, walks the widget's steps, gives a phone,
// picks a slot, gives an address and books (double-clicking the button); the booking reaches the CRM once. A page
// on a site the widget does not name cannot frame the widget app, so no launcher appears there.

const { webUrl, api, operator, artifactsDir } = e2eStack();
const STEP_TIMEOUT_MS = 20_000;
const run = Date.now().toString(36);
const owner = { name: `Widget embed E2E ${run}`, ownerEmail: `owner-${run}@widget-embed.test`, ownerPassword: 'widget-embed e2e owner' };

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;
let widgetId: string;
let cookie: string;
let site: http.Server;
let stranger: http.Server;
let siteOrigin: string;
let strangerOrigin: string;

/** A contractor's page: some content of its own and the snippet the Widgets page shows. */
function hostPage(title: string): string {
  const snippet = `<script src="${new URL(webUrl).origin}/widget.js" data-widget-id="${widgetId}" async></script>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="font-family:sans-serif;margin:24px"><h1 id="host-heading">${title}</h1><p>Heating, cooling and plumbing in Austin since 1998.</p>${snippet}</body></html>`;
}

async function serve(title: string): Promise<[http.Server, string]> {
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(hostPage(title)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return [server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`];
}

async function asOwner(method: string, path: string, body?: unknown) {
  const res = await fetch(api(path), {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  orgId = await onboardThroughApi({ api, operator, org: owner });
  const login = await fetch(api('/auth/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: owner.ownerEmail, password: owner.ownerPassword }),
  });
  expect(login.status).toBe(200);
  cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  [site, siteOrigin] = await serve('Acme Air — Austin HVAC');
  [stranger, strangerOrigin] = await serve('Not Acme');

  const created = await asOwner('POST', '/widget', { orgId, business_name: 'Acme Air' });
  expect(created.status).toBe(201);
  widgetId = created.body.id as string;
  const updated = await asOwner('PUT', '/widget/update/config', {
    widgetId,
    orgId,
    business_website: `${siteOrigin}/`,
    business_contact: '(512) 555-0100',
    enable_emergency_button: true,
    is_live: true,
    primary_color: '#0B7A75',
    dispatch_fee_message: 'A $89 dispatch fee applies, credited to the repair.',
  });
  expect(updated.status).toBe(200);
  // The widget app reads the public view (the read model): wait until it shows the site.
  await until('the widget to name its site', async () => {
    const res = await fetch(api(`/widget/${widgetId}`));
    return res.ok && ((await res.json()) as { business_website: string | null }).business_website === `${siteOrigin}/` ? true : undefined;
  });
  browser = await launchE2eBrowser('widget-embed-e2e', { timeoutMs: STEP_TIMEOUT_MS, viewport: { width: 390, height: 844 } });
  page = browser.page;
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => site?.close(r));
  await new Promise((r) => stranger?.close(r));
});

const launcherOf = (p: Page): Locator => p.locator('[data-homeagent-widget] .launcher');
const appOf = (p: Page): FrameLocator => p.frameLocator('[data-homeagent-widget] iframe');

describe('the embedded website widget', () => {
  it('books from a page on the widget’s site at 390 px, once, however often Book is clicked', async () => {
    await screenshotOnFailure(page, artifactsDir, 'widget-embed-mobile', async () => {
      const registered = page.waitForResponse((r) => r.url().endsWith('/api/chat/register') && r.request().method() === 'POST');
      await page.goto(siteOrigin);
      const launcher = launcherOf(page);
      await launcher.waitFor();
      expect(await launcher.innerText()).toBe('Book Online Now');
      await launcher.click();
      const app = appOf(page);
      await app.getByRole('heading', { name: 'Book Online Now' }).waitFor();
      await app.getByRole('link', { name: /Emergency\? Call now/ }).waitFor();
      expect(await app.getByRole('link', { name: /Emergency\? Call now/ }).getAttribute('href')).toBe('tel:5125550100');
      await app.getByText('A $89 dispatch fee applies, credited to the repair.').waitFor();
      // Full screen on a phone: the panel covers the viewport.
      const frameBox = await page.locator('[data-homeagent-widget] iframe').boundingBox();
      expect(frameBox).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });

      const log = app.getByRole('log', { name: 'Conversation' });
      await log.getByText('What do you need help with?').waitFor();
      await app.getByRole('button', { name: 'Book a service visit' }).click();
      await log.getByText('Which service do you need?').waitFor();
      await app.getByRole('button', { name: 'Heating & Cooling' }).click();

      await app.getByLabel('Mobile phone').fill('(512) 555-0142');
      await page.screenshot({ path: `${artifactsDir}/widget-embed-390-phone.png` });
      await app.getByRole('button', { name: 'Continue' }).click();
      const registration = await registered;
      // The app names the page that framed it; the API checks it against the widget's site.
      expect(registration.request().headers()['x-widget-parent-origin']).toBe(siteOrigin);
      const { interactionId, chatId } = (await registration.json()) as { interactionId: string; chatId: string };

      const slots = app.getByRole('group', { name: 'Open times' }).getByRole('button');
      await slots.first().waitFor();
      const slot = await slots.first().innerText();
      await slots.first().click();

      await app.getByLabel('Your name').fill('Dana Whitfield');
      await app.getByLabel('Street address').fill('4100 Duval Street');
      await app.getByLabel('City').fill('Austin');
      await app.getByLabel('State').fill('TX');
      await app.getByLabel('ZIP code').fill('78751');
      await app.getByRole('button', { name: 'Continue' }).click();
      await log.getByText(`Please confirm: ${slot} at 4100 Duval Street, Austin, TX, 78751.`).waitFor();

      await app.getByTestId('widget-book').dblclick();
      await log.getByText(`You're booked for ${slot}.`).waitFor();
      await page.screenshot({ path: `${artifactsDir}/widget-embed-390-booked.png` });

      const bookings = await until('the booking in the CRM', async () => {
        const res = await asOwner('GET', `/crm/bookings?orgId=${orgId}&externalId=${interactionId}`);
        const data = res.body?.data as { externalId: string; name: string }[] | undefined;
        return data?.length ? data : undefined;
      });
      expect(bookings).toEqual([expect.objectContaining({ externalId: interactionId, name: 'Dana Whitfield' })]);
      const details = await until('the chat at its booking stage', async () => {
        const res = await asOwner('GET', `/chat/details/${chatId}`);
        return res.status === 200 && res.body.stage === 'CREATE_BOOKING' ? res.body : undefined;
      });
      expect(details).toMatchObject({ customer_name: 'Dana Whitfield', customer_address: '4100 Duval Street, Austin, TX 78751' });
      expect((details.chat_details as { step: string }[]).map((d) => d.step)).toEqual(
        expect.arrayContaining(['start', 'service', 'phone', 'schedule', 'address']),
      );
      // A moment later there is still one booking: the second click sent nothing the CRM booked again.
      await new Promise((r) => setTimeout(r, 2_000));
      const again = await asOwner('GET', `/crm/bookings?orgId=${orgId}&externalId=${interactionId}`);
      expect(again.body.data).toHaveLength(1);
    });
  }, 120_000);

  it('opens as a panel at 1280 px, closes on Escape and gives the focus back to the launcher', async () => {
    await screenshotOnFailure(page, artifactsDir, 'widget-embed-desktop', async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(siteOrigin);
      const launcher = launcherOf(page);
      await launcher.waitFor();
      await launcher.focus();
      await page.keyboard.press('Enter');
      expect(await launcher.getAttribute('aria-expanded')).toBe('true');
      const app = appOf(page);
      await app.getByRole('button', { name: 'Book a service visit' }).waitFor();
      const frameBox = (await page.locator('[data-homeagent-widget] iframe').boundingBox())!;
      expect(frameBox.width).toBe(380);
      expect(frameBox.x + frameBox.width).toBe(1280 - 20);
      await page.screenshot({ path: `${artifactsDir}/widget-embed-1280-open.png` });

      // The focus is in the app: Escape there reaches the loader as the protocol's close message.
      await app.getByRole('button', { name: 'Book a service visit' }).focus();
      await page.keyboard.press('Escape');
      await page.locator('[data-homeagent-widget] .panel').waitFor({ state: 'hidden' });
      expect(await launcher.getAttribute('aria-expanded')).toBe('false');
      expect(await launcher.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
      // The host page is untouched but for the widget's one element.
      expect(await page.locator('body > *').count()).toBe(4);
      expect(await page.locator('#host-heading').innerText()).toBe('Acme Air — Austin HVAC');
    });
  }, 60_000);

  it('cannot be used from a page on another site: the app refuses to be framed there and no launcher appears', async () => {
    await screenshotOnFailure(page, artifactsDir, 'widget-embed-stranger', async () => {
      const blocked = page.waitForEvent('console', { predicate: (m) => /frame-ancestors/.test(m.text()), timeout: STEP_TIMEOUT_MS });
      await page.goto(strangerOrigin);
      await blocked;
      await page.waitForTimeout(1_500);
      expect(await launcherOf(page).isVisible()).toBe(false);
      const appPage = await fetch(new URL(`/embed/?widgetId=${widgetId}&parent=${encodeURIComponent(strangerOrigin)}`, webUrl));
      expect(appPage.headers.get('content-security-policy')).toContain(`frame-ancestors ${siteOrigin}`);
      expect(appPage.headers.get('content-security-policy')).not.toContain(strangerOrigin);
      // Nor can a chat be started in the widget's name as if its app were framed by another site.
      const forged = await fetch(api('/chat/register'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(webUrl).origin, 'x-widget-parent-origin': strangerOrigin },
        body: JSON.stringify({ phone: '5125550143', orgId, deviceType: 'DESKTOP', widgetId }),
      });
      expect(forged.status).toBe(403);
      // The dashboard itself stays unframeable.
      expect((await fetch(new URL('/login', webUrl))).headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });
  }, 60_000);

  it('shows nothing on its own site while staff have not made it live', async () => {
    await screenshotOnFailure(page, artifactsDir, 'widget-embed-not-live', async () => {
      expect((await asOwner('PUT', '/widget/update/config', { widgetId, orgId, is_live: false })).status).toBe(200);
      await until('the widget to be off the site', async () => {
        const res = await fetch(api(`/widget/${widgetId}`));
        return res.ok && ((await res.json()) as { is_live: boolean }).is_live === false ? true : undefined;
      });
      // The loader adds its element and loads the app; the app says the widget is unavailable; the element goes.
      const appLoaded = page.waitForResponse((r) => r.url().includes('/embed/?widgetId=') && r.status() === 200);
      await page.goto(siteOrigin);
      await appLoaded;
      await page.locator('[data-homeagent-widget]').waitFor({ state: 'detached' });
      expect(await page.locator('[data-homeagent-widget] .launcher').count()).toBe(0);
      expect(await page.locator('#host-heading').innerText()).toBe('Acme Air — Austin HVAC');
    });
  }, 60_000);
});
