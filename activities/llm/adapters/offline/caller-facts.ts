import { addDays, weekdayOf } from '../../../../domain/time/calendar';

// The extraction layer of the in-house agent's booking dialogue: what one caller utterance says about the
// booking's slots (name, phone, street address, zip, problem, preferred time) and how it answers the
// agent's last question (yes, no, a pick among the offered windows). Each reader is a small rule over the
// words, so a wrong reading can be traced to the rule that made it.

/** The slot the agent last asked for: a bare answer ("Dana Ruiz", "78701") is read as that slot. */
export type Expecting = 'problem' | 'name' | 'phone' | 'address' | 'zip' | 'time' | null;

export interface StreetAddress {
  /** "14 Oak Lane", with a unit when given. */
  street: string;
  streetNumber: string | null;
  streetName: string;
  city: string | null;
  state: string | null;
}

/** A preferred time, as org-local date and clock bounds. */
export interface TimePreference {
  date: string | null;
  /** Earliest clock time, HH:MM. */
  after: string | null;
  /** Latest start, HH:MM. */
  before: string | null;
  asap: boolean;
  /** The words it was read from, to say back. */
  spoken: string;
}

export interface CallerFacts {
  name?: string;
  phone?: string;
  street?: StreetAddress;
  zip?: string;
  problem?: string;
  time?: TimePreference;
  emergency?: boolean;
}

export interface ReadingContext {
  /** Org-local today, YYYY-MM-DD. */
  today: string;
  /** Org-local clock, HH:MM. */
  now: string;
  expecting: Expecting;
}

const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  o: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

/** "five one two, five five five ..." → "512 555 ...": runs of three or more spoken digits become digits. */
export function spokenDigitsToNumbers(text: string): string {
  return text.replace(
    /\b(?:(?:zero|oh|o|one|two|three|four|five|six|seven|eight|nine)[\s,-]+){2,}(?:zero|oh|o|one|two|three|four|five|six|seven|eight|nine)\b/gi,
    (run) =>
      run
        .split(/[\s,-]+/)
        .filter(Boolean)
        .map((w) => DIGIT_WORDS[w.toLowerCase()])
        .join(''),
  );
}

const PHONE = /(?<![\d-])(?:\+?1[\s.-]?)?(?:area code\s*)?\(?(\d{3})\)?(?:[\s.-]|,\s*){0,2}(\d{3})[\s.-]{0,2}(\d{4})(?![\d-])/i;

/** A North American phone number as E.164, and the text without it. */
export function readPhone(text: string): { phone: string; rest: string } | null {
  const m = PHONE.exec(text);
  if (!m) return null;
  return { phone: `+1${m[1]}${m[2]}${m[3]}`, rest: text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length) };
}

const SUFFIX =
  'street|st|avenue|ave|lane|ln|road|rd|drive|dr|court|ct|boulevard|blvd|way|place|pl|circle|cir|trail|trl|parkway|pkwy|terrace|ter|highway|hwy|loop|cove|cv|path|run|pass|row|square|sq|crossing|xing|bend|ridge|hollow|point|pt';
const STREET = new RegExp(
  `(?<![\\d-])(\\d{1,6}[A-Za-z]?)\\s+((?:(?:[NSEW]|north|south|east|west)\\.?\\s+)?(?:[A-Za-z0-9'’.-]+\\s+){0,3}(?:${SUFFIX}))\\b\\.?` +
    `(\\s*,?\\s*(?:apt|apartment|unit|suite|ste|#)\\.?\\s*#?[A-Za-z0-9-]+)?`,
  'i',
);
// After the street: an optional city, then a state or a zip (a city alone is too easily a sentence's next words).
const CITY_STATE = /^\s*,?\s*(?:in\s+)?([A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)\s*,?\s*(?:([A-Z]{2})\b)?(?=\s*,?\s*(?:\d{5}|[A-Z]\d[A-Z]|$|[.!?]))/;
const STATE_ONLY = /^\s*,?\s*([A-Z]{2})\b(?=\s*,?\s*\d{5})/;
const STREET_BEFORE_ZIP = /(?<![\d-])(\d{1,6})\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})(?=,?\s+\d{5}\b)/;
const BARE_STREET = /(?<![\d-])(\d{1,6})\s+([A-Z][a-z]+(?:\s+[A-Z][a-z]+){0,2})/;

/** A street address ("14 Oak Lane", "120 Oak Street, Austin, TX"), and the text without it. */
export function readStreet(text: string, expecting: Expecting): { street: StreetAddress; rest: string } | null {
  let m = STREET.exec(text);
  // Without a street type ("14 Oak"), a number and capitalised words are a street when asked for, or before a zip code.
  if (!m) m = expecting === 'address' ? BARE_STREET.exec(text) : STREET_BEFORE_ZIP.exec(text);
  if (!m) return null;
  const unit = (m[3] ?? '').replace(/^\s*,?\s*/, '');
  const streetName = tidy(m[2]);
  let end = m.index + m[0].length;
  let city: string | null = null;
  let state: string | null = null;
  const after = text.slice(end);
  const cs = CITY_STATE.exec(after);
  if (cs && !STOP_NAME_WORDS.has(cs[1].split(/\s+/)[0].toLowerCase())) {
    city = cs[1];
    state = cs[2] ?? null;
    end += cs[0].length;
  } else {
    const st = STATE_ONLY.exec(after);
    if (st) {
      state = st[1];
      end += st[0].length;
    }
  }
  const street = `${m[1]} ${streetName}${unit ? ` ${unit}` : ''}`;
  return { street: { street, streetNumber: m[1], streetName, city, state }, rest: text.slice(0, m.index) + ' ' + text.slice(end) };
}

function tidy(words: string): string {
  return words.trim().replace(/\s+/g, ' ').replace(/\.$/, '');
}

const US_ZIP = /(?<![\d-])(\d{5})(?:-\d{4})?(?![\d-])/g;
const CA_POSTAL = /\b([A-Za-z]\d[A-Za-z])\s?\d[A-Za-z]\d\b/;

/** The zip code: the last five-digit number left once phones and street numbers are gone (or a Canadian FSA). */
export function readZip(text: string): string | null {
  const us = [...text.matchAll(US_ZIP)];
  if (us.length > 0) return us[us.length - 1][1];
  const ca = CA_POSTAL.exec(text);
  return ca ? ca[1].toUpperCase() : null;
}

// Capitalised words that start sentences or name days and places, never a caller.
const STOP_NAME_WORDS = new Set(
  (
    'monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight morning afternoon evening january february march april may june july ' +
    'august september october november december hi hello hey yes yeah no not sorry actually just calling looking ac oh well the my our a an good fine okay ok ' +
    'sure thanks thank also so having here still calling glad happy trying interested wondering home out at in on with and but from please can could would ' +
    'will hoping available free busy away back done ready new having sick afraid worried going about around gonna wanting wait meant oops hmm ' +
    'kitchen bathroom basement garage main clogged broken leaking water our their your we they he she it there that works great perfect right ' +
    "correct none neither either whenever anytime earliest soonest first second third last one i'm im i’m"
  ).split(' '),
);

const NAME_WORD = "[A-Z][a-zA-Z'’-]+";
const INTRO = new RegExp(`\\b(my name is|my name's|name is|name's|this is|i am|i'm|im|it's|its|call me)\\s+(${NAME_WORD}(?:\\s+${NAME_WORD}){0,2})`);
const CLAUSE_NAME = /(?:^|[,.;!?]\s*)\s*([A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){1,2})(?=\s*(?:$|[,.;!?]|\s(?:at|from|and|here|calling|speaking|on|with)\b))/g;
const LOWER_INTRO = /\b(?:my name is|my name's|name's|call me)\s+([a-z'’-]+(?:\s+[a-z'’-]+){0,2})/i;
const NAME_CONNECTORS = new Set([
  'and',
  'at',
  'from',
  'my',
  'i',
  'the',
  'in',
  'on',
  'with',
  'but',
  'here',
  'calling',
  'speaking',
  'over',
  'of',
  'phone',
  'number',
]);

function titleCase(words: string[]): string {
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

function nameFrom(words: string[], capitalisedOnly: boolean): string | null {
  const kept: string[] = [];
  for (const w of words) {
    const bare = w.replace(/[.,!?]$/, '');
    if (NAME_CONNECTORS.has(bare.toLowerCase()) || STOP_NAME_WORDS.has(bare.toLowerCase())) break;
    if (capitalisedOnly && !/^[A-Z]/.test(bare)) break;
    kept.push(bare);
    if (w !== bare) break;
  }
  if (kept.length === 0) return null;
  return capitalisedOnly ? kept.join(' ') : titleCase(kept);
}

/** The caller's name: introduced ("I'm Dana Ruiz", "my name is dana ruiz", "Dana Ruiz here"), or a bare answer when the name was asked. */
export function readName(text: string, expecting: Expecting): string | null {
  let introduced: string | null = null;
  const intro = INTRO.exec(text.replace(/\b(?:my name is|my name's|name is|name's|this is|i am|i'm|im|it's|its|call me)\b/gi, (m) => m.toLowerCase()));
  if (intro) {
    // "It's", "this is" and "I'm" introduce many things; only capitalised, non-stop words make a name,
    // and "it's" or "this is" only when the name was just asked.
    const name = nameFrom(intro[2].split(/\s+/), true);
    if (name && (!/^(?:it's|its|this is)$/.test(intro[1]) || expecting === 'name' || name.includes(' '))) introduced = name;
  }
  const lower = introduced ? null : LOWER_INTRO.exec(text);
  if (lower) {
    const name = nameFrom(lower[1].split(/\s+/), false);
    if (name) return name;
  }
  const here = new RegExp(`^\\s*(${NAME_WORD}\\s+${NAME_WORD})\\s+(?:here|speaking|calling)\\b`).exec(text);
  if (here) return nameFrom(here[1].split(/\s+/), true);
  // "Mia Ross, 512-555-0148, 130 Lark Lane", "Kim Lee at 3 Rose Court": two or three capitalised words
  // standing alone in a clause, or before "at", "from", "here".
  const candidates = [...text.matchAll(CLAUSE_NAME)]
    .map((m) => m[1])
    .filter((name) => name.split(/\s+/).every((w) => !STOP_NAME_WORDS.has(w.toLowerCase())) && !new RegExp(`\\b(?:${SUFFIX})$`, 'i').test(name));
  // "My name's Ana. Ana Lopez.": the fuller name wins.
  if (introduced) return candidates.find((name) => name.startsWith(`${introduced} `)) ?? introduced;
  if (candidates.length > 0) return candidates[0];
  if (introduced) return introduced;
  if (expecting === 'name' && !/\b(?:sorry|actually|meant|wait|instead)\b/i.test(text)) {
    const bare = text
      .replace(/^\s*(?:sure|yes|yeah|yep|ok(?:ay)?|oh|um|uh|well|hi|hello)\b[\s,.!]*/i, '')
      .replace(/^\s*(?:it's|its|it is|i'm|im|this is)\s+/i, '')
      .split(/[,.;!?]|\s+-\s+/)[0]
      .trim();
    const words = bare.split(/\s+/).filter(Boolean);
    if (words.length >= 1 && words.length <= 3 && words.every((w) => /^[A-Za-z'’-]+$/.test(w))) return nameFrom(words, /[A-Z]/.test(bare));
  }
  return null;
}

const PROBLEM_CUES =
  /\b(?:ac|a\/c|air ?condition\w*|air|cooling|cool\w*|heat\w*|furnace|hvac|thermostat|drains?|drainage|clog\w*|toilet|sink|shower|tub|pipes?|leak\w*|water heater|hot water|sewer|plumb\w*|panel|breakers?|outlets?|electric\w*|wiring|lights?|power|sparks?|estimate|quote|replace\w*|tune[- ]?up|maintenance|garbage disposal|disposal|faucet|frozen|freezing)\b/i;
const WEAK_PROBLEM_CUES =
  /\b(?:broke|broken|quit|stopped|not working|isn't working|won't|doesn't work|making a noise|noisy|smell\w*|problem|issue|repair|fix)\b/i;
const EMERGENCY_CUES =
  /\b(?:flood\w*|gas smell|smell gas|smell of gas|sparks?|sparking|smoke|burning smell|no heat|freezing|burst|emergency|urgent|water everywhere)\b/i;

function clauses(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|[;,]\s*/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** What the caller needs done: the sentence naming a system or a fault; the whole answer when the problem was asked. */
export function readProblem(text: string, expecting: Expecting): string | null {
  const parts = clauses(text);
  const strong = parts.filter((s) => PROBLEM_CUES.test(s));
  if (strong.length > 0) return strong.join(', ');
  const weak = parts.filter((s) => WEAK_PROBLEM_CUES.test(s));
  if (weak.length > 0) return weak.join(', ');
  if (expecting === 'problem' && /[a-z]{3}/i.test(text) && !isYes(text) && !isNo(text)) return text.trim();
  return null;
}

const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAY = /\b(?:(this|next|on|coming|this coming)\s+)?(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\b/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_DAY =
  /\b(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b/i;
const ORDINAL_DAY = /\bthe\s+(\d{1,2})(?:st|nd|rd|th)\b/i;

function hhmm(hour: number, minute = 0): string {
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** "3", "3pm", "10:30 am", "noon": a clock time; bare hours 1–6 are afternoon on a service call. */
function clockOf(hour: string, minute: string | undefined, meridiem: string | undefined): string | null {
  let h = Number(hour);
  const min = minute ? Number(minute) : 0;
  if (h > 23 || min > 59) return null;
  const m = (meridiem ?? '').toLowerCase().replace(/\./g, '');
  if (m.startsWith('p') && h < 12) h += 12;
  else if (m.startsWith('a') && h === 12) h = 0;
  else if (!m.startsWith('a') && !m.startsWith('p') && h >= 1 && h <= 6) h += 12;
  return hhmm(h, min);
}

function dateOfWeekday(today: string, index: number, qualifier: string | undefined): string {
  const todayIndex = WEEKDAY_NAMES.indexOf(weekdayOf(today).toLowerCase());
  let ahead = (index - todayIndex + 7) % 7;
  const q = (qualifier ?? '').toLowerCase();
  if (ahead === 0 && q !== 'this') ahead = 7;
  // "next Friday" said early in a week means the Friday of the week after.
  if (q === 'next' && todayIndex + ahead < 7 && ahead > 0 && index > todayIndex) ahead += 7;
  return addDays(today, ahead);
}

function dayOf(text: string, today: string): string | null {
  // "Tomorrow is bad, next Wednesday?": the day named last is the one wanted.
  const found: [number, string | null][] = [];
  const at = (re: RegExp, date: (m: RegExpExecArray) => string | null) => {
    for (const m of text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`))) found.push([m.index, date(m)]);
  };
  at(/\bday after tomorrow\b/i, () => addDays(today, 2));
  at(/\b(?<!after )tomorrow\b/i, () => addDays(today, 1));
  at(/\b(?:today|tonight|this (?:morning|afternoon|evening)|right now|same day)\b/i, () => today);
  if (!WEEKDAY.test(text)) {
    const todayIndex = WEEKDAY_NAMES.indexOf(weekdayOf(today).toLowerCase());
    at(/\bnext week\b/i, () => addDays(today, 7 - todayIndex));
  }
  at(WEEKDAY, (wd) => {
    const index = WEEKDAY_NAMES.findIndex((n) => n.startsWith(wd[2].toLowerCase().slice(0, 3)));
    return index >= 0 ? dateOfWeekday(today, index, /\bnext week\b/i.test(text) ? 'next' : wd[1]) : null;
  });
  at(MONTH_DAY, (md) => {
    const month = MONTHS.indexOf(md[1].toLowerCase().slice(0, 3)) + 1;
    const year = Number(today.slice(0, 4));
    const date = `${year}-${String(month).padStart(2, '0')}-${md[2].padStart(2, '0')}`;
    return date < today ? `${year + 1}${date.slice(4)}` : date;
  });
  if (!MONTH_DAY.test(text))
    at(ORDINAL_DAY, (od) => {
      const day = Number(od[1]);
      if (day < 1 || day > 31) return null;
      const date = `${today.slice(0, 8)}${String(day).padStart(2, '0')}`;
      if (date >= today) return date;
      const [y, m] = today.split('-').map(Number);
      return m === 12 ? `${y + 1}-01-${String(day).padStart(2, '0')}` : `${y}-${String(m + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    });
  const dated = found.filter(([, d]) => d !== null).sort((a, b) => a[0] - b[0]);
  // "Monday the 9th": a weekday and its date name one day; the date is the more exact.
  return dated.length > 0 ? dated[dated.length - 1][1] : null;
}

const ASAP =
  /\b(?:(?:anything|something|any|a time) (?:earlier|sooner)|earlier|sooner|this week|asap|a\.s\.a\.p|as soon as (?:possible|you can)|earliest|soonest|right away|first available|first opening|next available|whenever|any ?time|anytime|urgent\w*)\b/i;

/** A preferred day and time, relative to the org's today ("tomorrow morning", "Friday after 2", "next Tuesday", "asap"). */
export function readTime(said: string, today: string): TimePreference | null {
  // "Good afternoon" greets; it is not a time.
  const text = said.replace(/\bgood (?:morning|afternoon|evening)\b/gi, ' ');
  const date = dayOf(text, today);
  let after: string | null = null;
  let before: string | null = null;
  if (/\b(?:first thing|early morning|early)\b/i.test(text)) [after, before] = ['08:00', '10:00'];
  else if (/\bmornings?\b/i.test(text)) [after, before] = ['08:00', '12:00'];
  else if (/\b(?:late afternoon|evening|after work|tonight)\b/i.test(text)) [after, before] = ['15:00', '19:00'];
  else if (/\bafternoons?\b/i.test(text)) [after, before] = ['12:00', '17:00'];
  else if (/\bafter lunch\b/i.test(text)) [after, before] = ['13:00', null];
  else if (/\b(?:noon|midday|lunch)\b/i.test(text)) [after, before] = ['11:00', '14:00'];
  const range =
    /\b(?:between\s+)?(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?\s*(?:-|to|and|till|until)\s*(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)?(?![\d:])/i.exec(
      text,
    );
  const bound =
    /\b(after|before|around|at|by|from|about|do|how about|what about|make it|say)\s+(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|o'?clock)?(?![\d:])/i.exec(
      text,
    );
  const bare = /(?<![\d:])(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?=\W|$)/i.exec(text);
  // "Not before 10" and "no earlier than 10" are "after 10"; "not after 3" and "no later than 3" are "before 3".
  const negated = /\b(?:not|no)\s+(before|until|earlier than|after|later than)\s+(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|o'?clock)?(?![\d:])/i.exec(text);
  const rangeStart = range ? clockOf(range[1], range[2], range[3] ?? range[6]) : null;
  const rangeEnd = range ? clockOf(range[4], range[5], range[6]) : null;
  if (negated) {
    const clock = clockOf(negated[2], negated[3], negated[4]);
    if (clock) [after, before] = /before|until|earlier/i.test(negated[1]) ? [clock, null] : ['08:00', clock];
  } else if (rangeStart && rangeEnd && rangeStart < rangeEnd) {
    [after, before] = [rangeStart, rangeEnd];
  } else if (bound) {
    const clock = clockOf(bound[2], bound[3], bound[4]);
    if (clock) {
      const word = bound[1].toLowerCase();
      if (word === 'after' || word === 'from') [after, before] = [clock, null];
      else if (word === 'before' || word === 'by') [after, before] = [after ?? '08:00', clock];
      else [after, before] = [addClock(clock, -60), addClock(clock, 60)];
    }
  } else if (bare) {
    const clock = clockOf(bare[1], bare[2], bare[3]);
    if (clock) [after, before] = [addClock(clock, -60), addClock(clock, 60)];
  }
  const asap = ASAP.test(text);
  if (date === null && after === null && before === null && !asap) return null;
  return { date, after, before, asap, spoken: text.trim() };
}

function addClock(clock: string, minutes: number): string {
  const [h, m] = clock.split(':').map(Number);
  const total = Math.min(23 * 60 + 59, Math.max(0, h * 60 + m + minutes));
  return hhmm(Math.floor(total / 60), total % 60);
}

const LEADING_FILLER = /^\s*(?:oh|um+|uh+|well|hmm+|so|ah)\b[\s,.!]*/i;
const YES =
  /^(?:yes|yeah|yea|yep|yup|ya|sure|ok(?:ay)?|please|that works|works|sounds (?:good|great|perfect)|perfect|great|correct|right|that's right|that's correct|absolutely|definitely|go ahead|book it|let's do (?:it|that)|do it|fine|that's fine|that one|alright|all right|si|sí|of course|that'd be great|that would be great|please do)\b/i;
const NO = /^(?:no|nope|nah|not really|negative|neither|none|no thanks|no thank you)\b/i;
const DECLINE =
  /\b(?:doesn't work|does not work|don't work|won't work|can't do|cannot do|can't make|not then|not that|no good|not good|busy then|i'm busy|i work then|i'll be at work|anything (?:else|later|earlier)|something (?:else|later|earlier)|other (?:times?|days?|options?)|different (?:time|day)|none of (?:those|these|them)|neither of|(?:is|are|'s) bad|won't be (?:home|there)|not (?:home|there|available)|can't (?:then|that day))\b/i;

export function isYes(text: string): boolean {
  return YES.test(text.replace(LEADING_FILLER, '').trim());
}

export function isNo(text: string): boolean {
  return NO.test(text.replace(LEADING_FILLER, '').trim());
}

/** "No", "not then", "that doesn't work", "anything later?": the offered time is turned down. */
export function isDecline(text: string): boolean {
  return isNo(text) || DECLINE.test(text);
}

export function isCorrection(text: string): boolean {
  return /\b(?:sorry|actually|i meant|correction|wait|my mistake|not\s+\d+|instead)\b/i.test(text);
}

/** Everything one utterance says about the booking's slots. Later readings of a slot replace earlier ones. */
export function readUtterance(raw: string, ctx: ReadingContext): CallerFacts {
  const facts: CallerFacts = {};
  let text = spokenDigitsToNumbers(raw);
  const phone = readPhone(text);
  if (phone) {
    facts.phone = phone.phone;
    text = phone.rest;
  }
  const street = readStreet(text, ctx.expecting);
  if (street) {
    facts.street = street.street;
    text = street.rest;
  }
  const zip = readZip(text);
  const zipAlone = new RegExp(`(?:^|[,.;!?])\\s*${zip}\\s*(?:[,.;!?]|$)`).test(text);
  if (
    zip &&
    (street || zipAlone || ctx.expecting === 'zip' || ctx.expecting === 'address' || /\b(?:zip|postal|in)\b\W*(?:code\W*)?(?:is\W*)?\d{5}\b/i.test(text))
  ) {
    facts.zip = zip;
    text = text.replace(zip, ' ');
  }
  const name = readName(text, ctx.expecting);
  if (name) facts.name = name;
  const time = readTime(text, ctx.today);
  if (time) facts.time = { ...time, spoken: raw.trim() };
  const problem = readProblem(raw, ctx.expecting);
  if (problem) facts.problem = problem;
  if (EMERGENCY_CUES.test(raw)) facts.emergency = true;
  return facts;
}

export interface Window {
  start: string;
  end: string;
}

const ORDINAL_PICKS: [RegExp, (n: number) => number][] = [
  [/\b(?:first|1st|earliest|earlier one|number one|option one|sooner one)\b/i, () => 0],
  [/\b(?:second|2nd|number two|option two|middle)\b/i, () => 1],
  [/\b(?:third|3rd|number three|option three)\b/i, () => 2],
  [/\b(?:last|latest|later one)\b/i, (n) => n - 1],
];

function inPreference(w: Window, pref: TimePreference): boolean {
  const date = w.start.slice(0, 10);
  const clock = w.start.slice(11, 16);
  if (pref.date && date !== pref.date) return false;
  if (pref.after && clock < pref.after) return false;
  if (pref.before && clock >= pref.before) return false;
  return true;
}

/** Windows that fit a preference, in the order offered. */
export function windowsFitting(windows: Window[], pref: TimePreference | null): Window[] {
  return pref ? windows.filter((w) => inPreference(w, pref)) : windows;
}

/** The offered window the caller picked: by position, by clock time, by day or part of day, or "yes" for the first. */
export function pickWindow(text: string, windows: Window[], today: string): Window | null {
  if (windows.length === 0) return null;
  for (const [re, index] of ORDINAL_PICKS) if (re.test(text)) return windows[index(windows.length)] ?? null;
  const hour = /(?<![\d:])(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?|o'?clock)?(?![\d:])/i.exec(text);
  if (hour) {
    const clock = clockOf(hour[1], hour[2], hour[3]);
    const byClock = windows.find((w) => w.start.slice(11, 16) === clock);
    if (byClock) return byClock;
  }
  const pref = readTime(spokenDigitsToNumbers(text), today);
  if (pref && !pref.asap) {
    const fitting = windowsFitting(windows, pref);
    if (fitting.length >= 1) return fitting[0];
    return null;
  }
  if (/\b(?:either|any of|whichever|doesn't matter|don't mind|any one)\b/i.test(text)) return windows[0];
  if (pref?.asap) return windows[0];
  return isYes(text) && !isDecline(text) ? windows[0] : null;
}
