import { recentlyDecoded } from './recently-decoded';

describe('recentlyDecoded', () => {
  it('decodes a key once and hands the same value to every later taker', () => {
    const cache = recentlyDecoded<{ n: number }>({ maxBytes: 1000, maxAgeMs: 10_000, now: () => 0 });
    let decoded = 0;
    const decode = () => ({ n: (decoded += 1) });
    const first = cache.take('t\u00000\u00005', 10, decode);
    expect(cache.take('t\u00000\u00005', 10, decode)).toBe(first);
    expect(cache.take('t\u00000\u00006', 10, decode)).toEqual({ n: 2 });
    expect(decoded).toBe(2);
  });

  it('forgets the oldest records once it holds more bytes than allowed', () => {
    const cache = recentlyDecoded<string>({ maxBytes: 25, maxAgeMs: 10_000, now: () => 0 });
    for (const key of ['a', 'b', 'c']) cache.take(key, 10, () => key);
    expect(cache.size).toBe(2);
    let again = 0;
    cache.take('a', 10, () => `a${(again += 1)}`);
    expect(again).toBe(1);
    cache.take('c', 10, () => 'not decoded again');
    expect(cache.take('c', 10, () => 'x')).toBe('c');
  });

  it('forgets what is older than the age bound, on the next take or a sweep', () => {
    let clock = 0;
    const cache = recentlyDecoded<string>({ maxBytes: 1000, maxAgeMs: 100, now: () => clock });
    cache.take('a', 1, () => 'a');
    clock = 50;
    cache.take('b', 1, () => 'b');
    clock = 120;
    cache.take('c', 1, () => 'c');
    expect(cache.size).toBe(2);
    clock = 1000;
    cache.sweep();
    expect(cache.size).toBe(0);
  });
});
