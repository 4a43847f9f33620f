import type { ScriptedCaller, Wants } from './callers';

// Plays one scripted caller against the agent: reads what the agent just said (a question, an offer of
// windows, a callback offer, "anything else?") from its words, as a person would, and answers from the
// script. It also notes every question the agent asks for something the caller already said.

export type Fact = 'problem' | 'name' | 'phone' | 'street' | 'zip';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SPOKEN_WINDOW = new RegExp(`(${WEEKDAYS.join('|')}), (${MONTHS.join('|')}) (\\d{1,2}) between (\\d{1,2})(?::(\\d{2}))? (AM|PM)`, 'g');
const PROBLEM_WORDS =
  /\b(?:ac|air|heat\w*|furnace|drains?|clog\w*|sink|toilet|shower|tub|sewer|water heater|hot water|pilot|panel|breakers?|electric\w*|leak\w*|estimate|quote|tune-up|thermostat|compressor|disposal|fan|cooling|coil)\b/i;

export interface HeardWindow {
  date: string;
  hour: number;
  weekday: string;
}

/** The windows an agent's words offer, as a caller hears them. */
export function windowsHeard(text: string, today: string): HeardWindow[] {
  const year = Number(today.slice(0, 4));
  return [...text.matchAll(SPOKEN_WINDOW)].map((m) => {
    const month = MONTHS.indexOf(m[2]) + 1;
    const y = month < Number(today.slice(5, 7)) ? year + 1 : year;
    let hour = Number(m[4]) % 12;
    if (m[6] === 'PM') hour += 12;
    return { date: `${y}-${String(month).padStart(2, '0')}-${m[3].padStart(2, '0')}`, hour, weekday: m[1] };
  });
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function fits(w: HeardWindow, wants: Wants | undefined, today: string): boolean {
  if (!wants) return true;
  if (wants.day === 'today' && w.date !== today) return false;
  if (wants.day === 'tomorrow' && w.date !== addDays(today, 1)) return false;
  if (wants.day && wants.day !== 'today' && wants.day !== 'tomorrow' && w.weekday !== wants.day) return false;
  if (wants.part === 'morning' && w.hour >= 12) return false;
  if (wants.part === 'afternoon' && w.hour < 12) return false;
  if (wants.after !== undefined && w.hour < wants.after) return false;
  return true;
}

const ORDINALS = ['first', 'second', 'third'];
const clockWords = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;

export class SimulatedCaller {
  private said = 0;
  private scriptedOffers = 0;
  private missedWishes = 0;
  private readonly gave = new Set<Fact>();
  readonly repeatedQuestions: string[] = [];
  callbackOffered = false;
  confused = 0;

  constructor(
    readonly script: ScriptedCaller,
    private readonly today: string,
  ) {}

  /** The caller's next words after the agent's; null when the caller has nothing more to say. */
  reply(agent: string): string | null {
    const text = this.answer(agent.replace(/^\(offline engine\)\s*/, ''));
    if (text !== null) this.note(text);
    return text;
  }

  private note(text: string) {
    const s = this.script;
    const lower = text.toLowerCase();
    if (lower.includes(s.name.toLowerCase()) || (s.final?.name && lower.includes(s.final.name.toLowerCase()))) this.gave.add('name');
    if (text.includes(s.phone) || (s.final?.phone && text.includes(s.final.phone))) this.gave.add('phone');
    if (lower.includes(s.street.toLowerCase()) || (s.final?.street && lower.includes(s.final.street.toLowerCase()))) this.gave.add('street');
    if (text.includes(s.zip) || /\bzip\b/i.test(text)) this.gave.add('zip');
    if (PROBLEM_WORDS.test(text)) this.gave.add('problem');
  }

  private asked(fact: Fact, question: string) {
    if (this.gave.has(fact)) this.repeatedQuestions.push(question);
  }

  private answer(agent: string): string | null {
    const s = this.script;
    if (/call you back\?/i.test(agent)) {
      this.callbackOffered = true;
      return 'Yes, please.';
    }
    const windows = windowsHeard(agent, this.today);
    if (windows.length > 0 && /shall i book|which works|which of these/i.test(agent)) return this.onOffer(windows);
    if (this.said < s.says.length) return s.says[this.said++];
    if (/anything else/i.test(agent)) return "No, that's all, thanks.";
    if (/what day and time|when would you like|what time/i.test(agent)) return s.when ?? 'Whenever you have next.';
    if (/\bname\b/i.test(agent)) {
      this.asked('name', agent);
      return `${s.final?.name ?? s.name}.`;
    }
    if (/phone number|number to reach/i.test(agent)) {
      this.asked('phone', agent);
      return s.final?.phone ?? s.phone;
    }
    if (/\baddress\b/i.test(agent)) {
      this.asked('street', agent);
      const street = s.final?.street ?? s.street;
      return `${street}${s.city ? `, ${s.city}` : ''}, ${s.final?.zip ?? s.zip}.`;
    }
    if (/zip code/i.test(agent)) {
      this.asked('zip', agent);
      return `It's ${s.final?.zip ?? s.zip}.`;
    }
    if (/help you with|what can we help|how can i help/i.test(agent)) {
      this.asked('problem', agent);
      return s.problem;
    }
    if (/goodbye/i.test(agent)) return null;
    this.confused += 1;
    return this.confused > 2 ? null : 'Sorry, what was that?';
  }

  private onOffer(windows: HeardWindow[]): string {
    const s = this.script;
    if (s.onOffer && this.scriptedOffers < s.onOffer.length) return s.onOffer[this.scriptedOffers++];
    let index = windows.findIndex((w) => fits(w, s.wants, this.today));
    if (index < 0) {
      if (s.flexible === false) return 'No, none of those work.';
      if (this.missedWishes >= 2) index = 0;
      else {
        this.missedWishes += 1;
        return `That doesn't work for me. ${s.when ?? 'Do you have anything else?'}`;
      }
    }
    const w = windows[index];
    switch (s.accept ?? (windows.length === 1 ? 'yes' : 'ordinal')) {
      case 'clock':
        return `${clockWords(w.hour)} works for me.`;
      case 'day':
        if (windows.filter((x) => x.weekday === w.weekday).length === 1) return `${w.weekday} works.`;
        return `The ${ORDINALS[index]} one, please.`;
      case 'ordinal':
        return windows.length === 1 ? 'Yes, that works.' : `The ${ORDINALS[index]} one, please.`;
      default:
        return windows.length === 1 || index === 0 ? 'Yes, please.' : `The ${ORDINALS[index]} one, please.`;
    }
  }
}
