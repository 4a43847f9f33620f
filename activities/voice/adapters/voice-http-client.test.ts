import { z } from 'zod';
import { headerValue, safeEqual } from '../webhook-signature';
import { parseRetryAfter, statusToErrorCode, VoiceHttpClient } from './voice-http-client';
import { expectVoiceError } from '../testing/expect-voice-error';

const NOW = Date.parse('2025-03-04T15:00:00.000Z');

describe('parseRetryAfter', () => {
  it.each([
    ['7', 7_000],
    ['0', 0],
    [' 120 ', 120_000],
    ['Tue, 04 Mar 2025 15:00:30 GMT', 30_000],
    ['Tue, 04 Mar 2025 14:59:00 GMT', 0],
    ['soon', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j waits %j ms', (header, expected) => {
    expect(parseRetryAfter(header, NOW)).toBe(expected);
  });
});

describe('statusToErrorCode', () => {
  it.each([
    [400, 'BAD_REQUEST'],
    [401, 'UNAUTHORIZED'],
    [403, 'UNAUTHORIZED'],
    [404, 'NOT_FOUND'],
    [408, 'UNAVAILABLE'],
    [409, 'BAD_REQUEST'],
    [422, 'BAD_REQUEST'],
    [429, 'RATE_LIMITED'],
    [500, 'UNAVAILABLE'],
    [504, 'UNAVAILABLE'],
  ])('%i is %s', (status, code) => {
    expect(statusToErrorCode(status)).toBe(code);
  });
});

describe('VoiceHttpClient', () => {
  it('gives up on a slow vendor with a retryable UNAVAILABLE', async () => {
    const hanging: typeof fetch = (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const client = new VoiceHttpClient({ provider: 'vapi', baseUrl: 'http://vendor.invalid', headers: {}, fetch: hanging, timeoutMs: 20 });
    await expectVoiceError(client.request({ method: 'GET', path: '/call/1', schema: z.unknown() }), 'UNAVAILABLE', true);
  });

  it('leaves out query parameters that are not set', () => {
    const client = new VoiceHttpClient({ provider: 'vapi', baseUrl: 'https://api.vapi.ai/', headers: {} });
    expect(client.url('/call', { assistantId: 'a', limit: undefined, createdAtGe: '2025-03-01T00:00:00.000Z' })).toBe(
      'https://api.vapi.ai/call?assistantId=a&createdAtGe=2025-03-01T00%3A00%3A00.000Z',
    );
  });
});

describe('webhook header helpers', () => {
  it('finds a header whatever its case, and only trusts repeated copies that agree', () => {
    expect(headerValue({ 'X-Retell-Signature': 'v=1,d=ab' }, 'x-retell-signature')).toBe('v=1,d=ab');
    expect(headerValue({ 'x-vapi-secret': ['s', 's'] }, 'X-Vapi-Secret')).toBe('s');
    expect(headerValue({ 'x-vapi-secret': ['s', 't'] }, 'x-vapi-secret')).toBeUndefined();
    expect(headerValue({}, 'x-vapi-secret')).toBeUndefined();
  });

  it('compares secrets of different lengths as unequal', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(safeEqual('abc', 'abd')).toBe(false);
  });
});
