import { describe, expect, it } from '@jest/globals';
import { fromExpected, parseAppMessage, parseHostMessage, parseOrigin, PROTOCOL, widgetSiteOrigins } from './protocol';

const look = { title: 'Book Online Now', primaryColor: '#1A56DB', textColor: 'rgba(12, 35, 64, 0.87)', theme: 'light' };

describe('widget message protocol', () => {
  it('takes the app messages in their shapes', () => {
    expect(parseAppMessage({ protocol: PROTOCOL, type: 'ready', look })).toEqual({ protocol: PROTOCOL, type: 'ready', look });
    expect(parseAppMessage({ protocol: PROTOCOL, type: 'close' })).toEqual({ protocol: PROTOCOL, type: 'close' });
    expect(parseAppMessage({ protocol: PROTOCOL, type: 'unavailable', reason: 'Widget not found' })).toEqual({
      protocol: PROTOCOL,
      type: 'unavailable',
      reason: 'Widget not found',
    });
  });

  it('drops extra fields, so nothing unchecked reaches the host page', () => {
    expect(parseAppMessage({ protocol: PROTOCOL, type: 'ready', look: { ...look, onclick: 'x' }, html: '<b>' })).toEqual({
      protocol: PROTOCOL,
      type: 'ready',
      look,
    });
  });

  it('ignores anything else on the channel', () => {
    for (const data of [
      null,
      'close',
      [],
      { type: 'close' },
      { protocol: 'homeagent-widget/0', type: 'close' },
      { protocol: PROTOCOL, type: 'navigate', url: 'https://evil.test' },
      { protocol: PROTOCOL, type: 'ready' },
      { protocol: PROTOCOL, type: 'ready', look: { ...look, primaryColor: 'red; background:url(https://evil.test)' } },
      { protocol: PROTOCOL, type: 'ready', look: { ...look, theme: 'neon' } },
      { protocol: PROTOCOL, type: 'ready', look: { ...look, title: '' } },
      { protocol: PROTOCOL, type: 'unavailable', reason: 42 },
      { protocol: PROTOCOL, type: 'open' },
    ]) {
      expect(parseAppMessage(data)).toBeNull();
    }
    expect(parseHostMessage({ protocol: PROTOCOL, type: 'open' })).toEqual({ protocol: PROTOCOL, type: 'open' });
    expect(parseHostMessage({ protocol: PROTOCOL, type: 'closed' })).toEqual({ protocol: PROTOCOL, type: 'closed' });
    expect(parseHostMessage({ protocol: PROTOCOL, type: 'close' })).toBeNull();
    expect(parseHostMessage({ protocol: PROTOCOL, type: 'ready', look })).toBeNull();
  });

  it('takes a message only from the exact origin and window expected', () => {
    const frame = {};
    expect(fromExpected({ origin: 'https://app.homeagent.test', source: frame }, 'https://app.homeagent.test', frame)).toBe(true);
    expect(fromExpected({ origin: 'https://app.homeagent.test:8443', source: frame }, 'https://app.homeagent.test', frame)).toBe(false);
    expect(fromExpected({ origin: 'http://app.homeagent.test', source: frame }, 'https://app.homeagent.test', frame)).toBe(false);
    expect(fromExpected({ origin: 'https://app.homeagent.test', source: {} }, 'https://app.homeagent.test', frame)).toBe(false);
    expect(fromExpected({ origin: 'https://app.homeagent.test', source: null }, 'https://app.homeagent.test', null)).toBe(false);
  });

  it('reads the parent origin the loader reports only as an exact http(s) origin', () => {
    expect(parseOrigin('https://www.acme-air.com')).toBe('https://www.acme-air.com');
    expect(parseOrigin('http://127.0.0.1:4100')).toBe('http://127.0.0.1:4100');
    expect(parseOrigin('https://www.acme-air.com/')).toBeNull();
    expect(parseOrigin('https://www.acme-air.com/path')).toBeNull();
    expect(parseOrigin('javascript:alert(1)')).toBeNull();
    expect(parseOrigin('null')).toBeNull();
    expect(parseOrigin(null)).toBeNull();
  });

  it("allows a widget's business website, with and without www., and nothing without one", () => {
    expect(widgetSiteOrigins('https://www.acme-air.com/contact')).toEqual(['https://www.acme-air.com', 'https://acme-air.com']);
    expect(widgetSiteOrigins('https://acme-air.com')).toEqual(['https://acme-air.com', 'https://www.acme-air.com']);
    expect(widgetSiteOrigins('http://127.0.0.1:4100/')).toEqual(['http://127.0.0.1:4100']);
    expect(widgetSiteOrigins(null)).toEqual([]);
    expect(widgetSiteOrigins('ftp://acme-air.com')).toEqual([]);
  });
});
