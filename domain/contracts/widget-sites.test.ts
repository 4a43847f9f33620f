import { describe, expect, it } from '@jest/globals';
import { visitorSite } from './widget-sites';

const APP = 'https://app.homeagent.test';
const site = (headers: { origin?: string; referer?: string; parentOrigin?: string }) =>
  visitorSite({ origin: headers.origin, referer: headers.referer, parentOrigin: headers.parentOrigin, appOrigin: APP });

describe('the site a widget visitor’s request comes from', () => {
  it('is the parent page the widget app reports, when the request comes from the app', () => {
    expect(site({ origin: APP, parentOrigin: 'https://www.acme-air.com' })).toBe('https://www.acme-air.com');
    expect(site({ referer: `${APP}/embed/?widgetId=x`, parentOrigin: 'https://www.acme-air.com' })).toBe('https://www.acme-air.com');
    expect(site({ origin: APP })).toBeNull();
    expect(site({ origin: APP, parentOrigin: 'https://www.acme-air.com/path' })).toBeNull();
  });

  it("is the page's own origin otherwise, whatever parent it claims", () => {
    expect(site({ origin: 'https://evil.test', parentOrigin: 'https://www.acme-air.com' })).toBe('https://evil.test');
    expect(site({ referer: 'https://evil.test/a/page?x=1', parentOrigin: 'https://www.acme-air.com' })).toBe('https://evil.test');
    expect(site({ origin: 'null' })).toBeNull();
    expect(site({ referer: 'not a url' })).toBeNull();
  });

  it('is unknown when the request names no site (not a browser)', () => {
    expect(site({})).toBe('unknown');
    expect(site({ parentOrigin: 'https://www.acme-air.com' })).toBe('unknown');
  });
});
