import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { toZonedParts } from './zoned-time';

// The bucketed offset cache must read exactly what Intl reads, transitions included.
const ZONES = [
  'America/New_York',
  'America/St_Johns',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Chatham',
  'Europe/London',
  'America/Phoenix',
  'Africa/Monrovia',
];

function reference(instant: Date, timeZone: string) {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const p = Object.fromEntries(
    f
      .formatToParts(instant)
      .filter((x) => x.type !== 'literal')
      .map((x) => [x.type, Number(x.value)]),
  );
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

describe('toZonedParts with cached offsets', () => {
  it('agrees with Intl for any instant, twice in a row (cold and cached)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1960, 0, 1), max: Date.UTC(2040, 0, 1) }), fc.constantFrom(...ZONES), (ms, zone) => {
        const instant = new Date(ms);
        for (let i = 0; i < 2; i++) {
          const p = toZonedParts(instant, zone);
          expect({ year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second }).toEqual(reference(instant, zone));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('agrees with Intl every minute across a spring-forward and a fall-back', () => {
    for (const [zone, from] of [
      ['America/New_York', Date.UTC(2026, 2, 8, 5)],
      ['America/New_York', Date.UTC(2026, 10, 1, 4)],
      ['Australia/Lord_Howe', Date.UTC(2026, 3, 4, 14)],
    ] as const) {
      for (let ms = from; ms < from + 4 * 3_600_000; ms += 60_000 + 7_000) {
        const p = toZonedParts(new Date(ms), zone);
        expect({ year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second }).toEqual(reference(new Date(ms), zone));
      }
    }
  });
});
