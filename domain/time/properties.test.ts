import { TIMEZONES, WEEKDAYS, type WeeklyHours } from '../organization/organization-settings.schema';
import { addBusinessDays } from './business-days';
import { isRecipientTimeOpen, isWithinHours } from './business-hours';
import { formatInZone, toZonedParts, zoneOffsetMinutes, zonedTimeToInstant } from './zoned-time';

// Property checks without a library: a seeded PRNG (mulberry32) so a failure names a reproducible case,
// and oracles built on a differently configured Intl formatter plus brute-force searches.

function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)];
  return { next, int, pick };
}

/**
 * Collects mismatches instead of calling expect thousands of times (which dominates the run time);
 * the test then asserts that none were found, printing the first few.
 */
function mismatches() {
  const found: { label: string; actual: unknown; expected: unknown }[] = [];
  return {
    found,
    check(label: string, actual: unknown, expected: unknown) {
      if (JSON.stringify(actual) !== JSON.stringify(expected)) found.push({ label, actual, expected });
    },
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const FROM = Date.UTC(2026, 0, 1);
const TO = Date.UTC(2028, 0, 1);
const SAMPLES = 3000;

const oracleFormatters = new Map<string, Intl.DateTimeFormat>();
/** "YYYY-MM-DD HH:mm:ss" from the sv-SE locale, independent of the module's en-US formatToParts. */
function oracleWall(ms: number, zone: string): string {
  let f = oracleFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    oracleFormatters.set(zone, f);
  }
  return f.format(ms);
}
/** A wall reading as if it were UTC, in ms. */
const wallMsOf = (text: string) => Date.parse(`${text.replace(' ', 'T')}Z`);
const wallTextOf = (wallMs: number) => new Date(wallMs).toISOString().slice(0, 19).replace('T', ' ');
const oracleOffset = (ms: number, zone: string) => (wallMsOf(oracleWall(ms, zone)) - ms) / MINUTE;

/** Every instant whose wall reading is `wallMs`, earliest first: offsets from UTC−14 to UTC+14 in 15-minute steps. */
function instantsReading(wallMs: number, zone: string): number[] {
  const text = wallTextOf(wallMs);
  const found: number[] = [];
  for (let offset = 14 * 60; offset >= -14 * 60; offset -= 15) {
    const ms = wallMs - offset * MINUTE;
    if (oracleWall(ms, zone) === text) found.push(ms);
  }
  return found;
}

interface Transition {
  zone: string;
  at: number; // first instant with the new offset
  before: number;
  after: number;
}

/** Offset changes between FROM and TO, found by a daily scan and a bisection to the minute. */
function findTransitions(zone: string): Transition[] {
  const found: Transition[] = [];
  for (let t = FROM; t < TO; t += DAY) {
    const [before, after] = [oracleOffset(t, zone), oracleOffset(t + DAY, zone)];
    if (before === after) continue;
    let [lo, hi] = [t, t + DAY];
    while (hi - lo > MINUTE) {
      const mid = lo + Math.floor((hi - lo) / 2 / MINUTE) * MINUTE;
      if (oracleOffset(mid, zone) === before) lo = mid;
      else hi = mid;
    }
    found.push({ zone, at: hi, before, after });
  }
  return found;
}

const transitions = TIMEZONES.flatMap(findTransitions);

describe('DST transitions of the spec zones in 2026 and 2027', () => {
  it('finds two per year in every zone but Phoenix, which has none', () => {
    const counts = Object.fromEntries(TIMEZONES.map((zone) => [zone, transitions.filter((t) => t.zone === zone).length]));
    expect(counts).toEqual(Object.fromEntries(TIMEZONES.map((zone) => [zone, zone === 'America/Phoenix' ? 0 : 4])));
  });
});

/** A random instant, a third of the time within six hours of a transition of the zone. */
function randomInstant(rand: ReturnType<typeof prng>, zone: string): number {
  const near = transitions.filter((t) => t.zone === zone);
  if (near.length > 0 && rand.next() < 1 / 3) return rand.pick(near).at + rand.int(-6 * 3600, 6 * 3600) * 1000;
  return FROM + rand.int(0, (TO - FROM) / 1000) * 1000;
}

describe('local time → instant → local time', () => {
  it('round-trips every existing local time and moves a missing one forward by the gap', () => {
    const rand = prng(20260308);
    const { found, check } = mismatches();
    const seen = { unique: 0, repeated: 0, missing: 0 };
    for (let i = 0; i < SAMPLES; i++) {
      const zone = rand.pick(TIMEZONES);
      const near = transitions.filter((t) => t.zone === zone);
      // Half the wall readings fall within 90 minutes of a transition's wall time, where gaps and overlaps are.
      const wall =
        near.length > 0 && rand.next() < 0.5
          ? (({ at, before }) => at + before * MINUTE)(rand.pick(near)) + rand.int(-90 * 60, 90 * 60) * 1000
          : wallMsOf(oracleWall(randomInstant(rand, zone), zone));
      const [date, time] = wallTextOf(wall).split(' ');
      const result = zonedTimeToInstant(date, time, zone).getTime();
      const matches = instantsReading(wall, zone);
      const label = `${zone} ${date} ${time}`;

      if (matches.length > 0) {
        check(label, result, matches[0]);
        check(label, oracleWall(result, zone), wallTextOf(wall));
        seen[matches.length === 1 ? 'unique' : 'repeated'] += 1;
      } else {
        const gap = transitions.find((t) => t.zone === zone && Math.abs(t.at - (wall - t.before * MINUTE)) < DAY);
        const shift = gap ? (gap.after - gap.before) * MINUTE : Number.NaN;
        check(label, oracleWall(result, zone), gap ? wallTextOf(wall + shift) : 'a known transition');
        seen.missing += 1;
      }
    }
    expect(found.slice(0, 5)).toEqual([]);
    // The sample must reach all three cases for the property to mean anything.
    expect(seen.repeated).toBeGreaterThan(100);
    expect(seen.missing).toBeGreaterThan(100);
    expect(seen.unique).toBeGreaterThan(SAMPLES / 2);
  });
});

describe('instant → local parts → instant', () => {
  it('reads the same wall clock as the oracle and comes back to the instant, or to its earlier twin in an overlap', () => {
    const rand = prng(20261101);
    const { found, check } = mismatches();
    const weekdayFormatters = new Map(TIMEZONES.map((zone) => [zone, new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'long' })]));
    let twins = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const zone = rand.pick(TIMEZONES);
      const instant = randomInstant(rand, zone);
      const parts = toZonedParts(new Date(instant), zone);
      const seconds = String(parts.second).padStart(2, '0');
      const label = `${zone} ${new Date(instant).toISOString()}`;

      check(label, `${parts.date} ${parts.time}:${seconds}`, oracleWall(instant, zone));
      check(label, formatInZone(new Date(instant), zone), oracleWall(instant, zone));
      check(label, zoneOffsetMinutes(new Date(instant), zone), oracleOffset(instant, zone));
      check(label, parts.weekday, weekdayFormatters.get(zone)!.format(instant));

      const back = zonedTimeToInstant(parts.date, `${parts.time}:${seconds}`, zone).getTime();
      const matches = instantsReading(wallMsOf(oracleWall(instant, zone)), zone);
      check(label, back, matches.length === 1 ? instant : matches[0]);
      if (matches.length > 1 && instant !== matches[0]) twins += 1;
    }
    expect(found.slice(0, 5)).toEqual([]);
    expect(twins).toBeGreaterThan(20);
  });
});

describe('addBusinessDays', () => {
  it('never lands on a weekend, keeps the local time, counts exactly n weekdays and grows with n', () => {
    const rand = prng(9_2026);
    const { found, check } = mismatches();
    for (let i = 0; i < SAMPLES / 4; i++) {
      const zone = rand.pick(TIMEZONES);
      const start = new Date(randomInstant(rand, zone));
      const startWall = oracleWall(start.getTime(), zone);
      const label = `${zone} ${start.toISOString()}`;
      let previous = -Infinity;
      for (let n = -8; n <= 8; n++) {
        const result = addBusinessDays(start, n, zone).getTime();
        const wall = oracleWall(result, zone);
        const weekday = new Date(`${wall.slice(0, 10)}T00:00:00Z`).getUTCDay();

        check(`${label} n=${n} increasing`, result > previous, true);
        previous = result;
        if (n === 0) continue;
        check(`${label} n=${n} weekend`, weekday === 0 || weekday === 6, false);
        // No spec zone changes its clocks on a weekday, so the local time survives exactly.
        check(`${label} n=${n} time`, wall.slice(11), startWall.slice(11));
        check(`${label} n=${n} count`, weekdaysBetween(startWall.slice(0, 10), wall.slice(0, 10)), n);
      }
    }
    expect(found.slice(0, 5)).toEqual([]);
  });

  /** Weekdays after `from` up to and including `to`, negative when `to` is earlier (then `to` included, `from` not). */
  function weekdaysBetween(from: string, to: string): number {
    const [a, b] = [Date.parse(`${from}T00:00:00Z`), Date.parse(`${to}T00:00:00Z`)];
    const step = b >= a ? DAY : -DAY;
    let count = 0;
    for (let d = b >= a ? a + DAY : a - DAY; b >= a ? d <= b : d >= b; d += step) {
      const day = new Date(d).getUTCDay();
      if (day !== 0 && day !== 6) count += 1;
    }
    return b >= a ? count : -count;
  }
});

describe('isWithinHours', () => {
  const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

  function randomHours(rand: ReturnType<typeof prng>): WeeklyHours {
    const hours: WeeklyHours = {};
    for (const day of WEEKDAYS) {
      const count = rand.pick([0, 1, 1, 1, 2, 3]);
      if (count === 0) continue;
      hours[day] = Array.from({ length: count }, () => {
        const start = rand.int(0, 1439);
        // Mostly ordinary ranges, some crossing midnight and a few of exactly 24 hours.
        const kind = rand.next();
        const end = kind < 0.7 ? rand.int(start, 1439) : kind < 0.95 ? rand.int(0, start) : start;
        return { start: hhmm(start), end: hhmm(end) };
      });
    }
    return hours;
  }

  /** Open when a range started on the day or the day before covers the wall minute and neither blocks it. */
  function bruteForceOpen(wall: string, hours: WeeklyHours, holidays: string[]): boolean {
    const wallMinute = wallMsOf(`${wall.slice(0, 16)}:00`) / MINUTE;
    if (holidays.includes(wall.slice(0, 10))) return false;
    const today = Date.parse(`${wall.slice(0, 10)}T00:00:00Z`);
    return [today - DAY, today].some((dayMs) => {
      const date = new Date(dayMs).toISOString().slice(0, 10);
      if (holidays.includes(date)) return false;
      const weekday = WEEKDAYS[(new Date(dayMs).getUTCDay() + 6) % 7];
      return (hours[weekday] ?? []).some(({ start, end }) => {
        const [s, e] = [start, end].map((t) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3)));
        const from = dayMs / MINUTE + s;
        const to = dayMs / MINUTE + (e > s ? e : e + 1440);
        return from <= wallMinute && wallMinute < to;
      });
    });
  }

  it('agrees with a brute-force reading of the hours, holidays and recipient times', () => {
    const rand = prng(17_00);
    const { found, check } = mismatches();
    let open = 0;
    for (let i = 0; i < SAMPLES; i++) {
      const zone = rand.pick(TIMEZONES);
      const instant = new Date(randomInstant(rand, zone));
      const hours = randomHours(rand);
      const wall = oracleWall(instant.getTime(), zone);
      const today = Date.parse(`${wall.slice(0, 10)}T00:00:00Z`);
      const holidays = [-1, 0, 1].filter(() => rand.next() < 0.2).map((d) => new Date(today + d * DAY).toISOString().slice(0, 10));
      const label = `${zone} ${instant.toISOString()} ${JSON.stringify(hours)} ${holidays}`;

      const expected = bruteForceOpen(wall, hours, holidays);
      check(label, isWithinHours(instant, zone, hours, holidays), expected);
      if (expected) open += 1;

      const weekday = WEEKDAYS[(new Date(today).getUTCDay() + 6) % 7];
      const businessDay = !holidays.includes(wall.slice(0, 10)) && (hours[weekday] ?? []).length > 0;
      const settings = {
        ALWAYS: isRecipientTimeOpen('ALWAYS', instant, zone, hours, holidays),
        OFFICE_HOURS: isRecipientTimeOpen('OFFICE_HOURS', instant, zone, hours, holidays),
        NON_OFFICE_HOURS: isRecipientTimeOpen('NON_OFFICE_HOURS', instant, zone, hours, holidays),
        AFTER_HOURS: isRecipientTimeOpen('AFTER_HOURS', instant, zone, hours, holidays),
      };
      check(label, settings, {
        ALWAYS: true,
        OFFICE_HOURS: expected,
        NON_OFFICE_HOURS: !expected,
        AFTER_HOURS: !expected && businessDay,
      });
    }
    expect(found.slice(0, 5)).toEqual([]);
    expect(open).toBeGreaterThan(SAMPLES / 10);
    expect(open).toBeLessThan(SAMPLES * 0.9);
  });
});
