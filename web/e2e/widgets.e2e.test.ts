import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, e2eStack, screenshotOnFailure, startOwnerSession } from './e2e-support';

// The Widgets page in the running product (issue 15 point 5): create a widget, change its look and flags with the
// preview following, save it, see it saved after a reload, and read the snippet to paste into a website; upload its
// logo under the dashboard's CSP (local storage adapter) and see it in the preview and in the saved config.

const { webUrl, artifactsDir, api } = e2eStack();
const STEP_TIMEOUT_MS = 20_000;

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;
/** What the browser says the dashboard's CSP blocked. */
const cspComplaints: string[] = [];

/** A real PNG of width × height opaque pixels of one colour, built here (8-bit RGB, no filter). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

beforeAll(async () => {
  ({ browser, page, orgId } = await startOwnerSession('widgets-e2e', { label: 'Widgets', timeoutMs: STEP_TIMEOUT_MS }));
  page.on('console', (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) cspComplaints.push(message.text());
  });
}, 90_000);

afterAll(async () => {
  await browser?.close();
});

describe('Widgets', () => {
  it('creates a widget, edits it with a live preview, saves it, and shows the snippet with its id', async () => {
    await screenshotOnFailure(page, artifactsDir, 'widgets', async () => {
      await page.goto(new URL(`/widgets?org=${orgId}`, webUrl).toString());
      await page.getByTestId('empty-state').waitFor();
      await page.getByTestId('widget-create').click();
      const row = page.locator('[data-testid^="widget-row-"]');
      await row.waitFor();
      const id = (await row.getAttribute('data-testid'))!.replace('widget-row-', '');
      await page.getByTestId('widgets-notice').waitFor();

      const preview = page.getByTestId('widget-preview');
      expect(await preview.innerText()).toContain('Book Online Now');
      await page.getByTestId('widget-welcome_title').fill('Book a plumber today');
      await page.getByTestId('widget-business_name').fill('Acme Plumbing');
      await page.getByTestId('widget-business_website').fill('https://www.acme-plumbing.test/');
      await page.getByTestId('widget-business_contact').fill('(512) 555-0100');
      expect(await preview.innerText()).toContain('Book a plumber today');

      // A colour the widget cannot use is refused on the field, before anything is sent.
      await page.getByTestId('widget-primary_color').fill('blue-ish');
      await page.getByTestId('widget-save').click();
      await page.getByText('Must be a CSS colour: #RRGGBB, #RRGGBBAA or rgba(r, g, b, a)').waitFor();
      await page.getByTestId('widget-primary_color').fill('#0B7A75');

      // The logo: a type the widget cannot show and a file over 2 MB are refused in the browser; a PNG is uploaded
      // through the signed URL (via the dashboard's /api) and shows in the preview.
      const logoInput = page.getByLabel('Upload logo');
      await logoInput.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
      await page.getByText('The logo must be a PNG, JPEG, WebP or GIF image.').waitFor();
      await logoInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
      await page.getByText('The logo must be at most 2 MB (this file is 2.0 MB).').waitFor();
      expect(await page.getByTestId('widget-preview-logo').count()).toBe(0);
      await logoInput.setInputFiles({ name: 'Acme logo.png', mimeType: 'image/png', buffer: png(24, 16, [11, 122, 117]) });
      const logo = page.getByTestId('widget-preview-logo');
      await logo.waitFor();
      await page.waitForFunction(() => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="widget-preview-logo"]');
        return !!img && img.complete && img.naturalWidth > 0;
      });
      expect(await logo.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([24, 16]);
      expect(await logo.getAttribute('src')).toMatch(new RegExp(`^/api/storage/files/widgets%2F${orgId}%2F[0-9a-f-]{36}-Acme-logo\\.png$`));
      const logoUrl = (await page.getByTestId('widget-logo_url').innerText()).trim();
      expect(logoUrl).toMatch(new RegExp(`^https?://[^/]+/storage/files/widgets%2F${orgId}%2F[0-9a-f-]{36}-Acme-logo\\.png$`));
      expect(await page.getByTestId('widget-logo-error').count()).toBe(0);

      await page.getByTestId('widget-enable_emergency_button').check({ force: true });
      expect(await preview.innerText()).toContain('Emergency? Call now');
      await page.getByTestId('widget-save').click();
      await page.getByText('Saved Acme Plumbing.').waitFor();

      const snippet = (await page.getByTestId('widget-snippet').innerText()).trim();
      expect(snippet).toBe(`<script src="${new URL(webUrl).origin}/widget.js" data-widget-id="${id}" async></script>`);
      await page.screenshot({ path: `${artifactsDir}/widgets-saved.png`, fullPage: true });

      await page.reload();
      await page.getByTestId('widget-editor').waitFor();
      expect(await page.getByTestId('widget-welcome_title').inputValue()).toBe('Book a plumber today');
      expect(await page.getByTestId('widget-primary_color').inputValue()).toBe('#0B7A75');
      expect(await page.getByTestId('widget-enable_emergency_button').isChecked()).toBe(true);
      expect(await page.getByTestId('widget-business_website').inputValue()).toBe('https://www.acme-plumbing.test/');
      expect(await page.getByTestId('widget-business_contact').inputValue()).toBe('(512) 555-0100');
      expect(await page.getByTestId(`widget-row-${id}`).innerText()).toContain('Acme Plumbing');

      // The saved config carries the absolute logo URL (what the widget on the business's site loads); the preview
      // shows it again after the reload.
      const saved = await page.request.get(api(`/widget?widgetId=${id}`));
      expect(saved.status()).toBe(200);
      expect(((await saved.json()) as { logo_url: string | null }).logo_url).toBe(logoUrl);
      await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('[data-testid="widget-preview-logo"]')?.naturalWidth ?? 0) > 0);
      expect(cspComplaints).toEqual([]);
    });
  }, 90_000);
});
