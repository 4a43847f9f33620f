import type { CrmWorker, OnCallDay, OnCallPerson } from './api/on-call.schema';

export type OnCallRole = OnCallPerson['role'];

/** Every date of a YYYY-MM month, and the weekday (0 = Monday) its first day falls on. */
export function monthDays(month: string): { dates: string[]; leadingBlanks: number } {
  const [year, m] = month.split('-').map(Number);
  const count = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const dates = Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
  const leadingBlanks = (new Date(Date.UTC(year, m - 1, 1)).getUTCDay() + 6) % 7;
  return { dates, leadingBlanks };
}

export function isMonthKey(value: string): boolean {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(value);
}

/** The person of a role on call for a department that day, if any. */
export function assigned(days: OnCallDay[], date: string, department: string, role: OnCallRole): OnCallPerson | undefined {
  return days.find((d) => d.date === date)?.people.find((p) => p.department === department && p.role === role);
}

/**
 * Puts a worker on call (or nobody, with null) for one department and role that day; other departments'
 * people are kept. Days left empty are dropped so the saved month lists only days with someone on call.
 */
export function assign(days: OnCallDay[], date: string, department: string, role: OnCallRole, worker: CrmWorker | null): OnCallDay[] {
  const others = (days.find((d) => d.date === date)?.people ?? []).filter((p) => !(p.department === department && p.role === role));
  // The page offers the org's trades_offered, so the department is one of the trades the API accepts.
  const person = worker
    ? { role, employeeId: worker.id, phoneNumber: worker.phoneNumber, name: worker.name, department: department as OnCallPerson['department'] }
    : null;
  const people = person ? [...others, person] : others;
  const rest = days.filter((d) => d.date !== date);
  const next = people.length > 0 ? [...rest, { date, people }] : rest;
  return next.sort((a, b) => a.date.localeCompare(b.date));
}

/** The employee id → name cache saved with the month (001 §2.9). */
export function employeeNames(days: OnCallDay[]): Record<string, string> {
  return Object.fromEntries(days.flatMap((d) => d.people.map((p) => [String(p.employeeId), p.name])));
}

/** A real calendar day written YYYY-MM-DD (the on-call date of 001 §5). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The month `delta` months from a YYYY-MM month. */
export function shiftMonth(month: string, delta: number): string {
  const [year, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(year, m - 1 + delta, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** "November 2026". */
export function monthTitle(month: string): string {
  const [year, m] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m - 1, 1)).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The month's dates in calendar rows, Monday first; a row may start or end short at the month's edges. */
export function calendarWeeks(month: string): string[][] {
  const { dates, leadingBlanks } = monthDays(month);
  const weeks: string[][] = [];
  dates.forEach((date, i) => {
    const row = Math.floor((i + leadingBlanks) / 7);
    (weeks[row] ??= []).push(date);
  });
  return weeks;
}

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * "Repeat last week": each of `week`'s dates gets the people (every trade) who were on call seven days
 * earlier, read from this month's draft or, for days before the month, from the previous month's saved
 * schedule. A day whose source had nobody is emptied. Answers the new draft and how many days changed.
 */
export function repeatPreviousWeek(days: OnCallDay[], previousMonth: OnCallDay[], week: string[]): { days: OnCallDay[]; changed: number } {
  const month = week[0]?.slice(0, 7);
  const peopleOn = (date: string) => (date.slice(0, 7) === month ? days : previousMonth).find((d) => d.date === date)?.people ?? [];
  const sources = new Map(week.map((date) => [date, peopleOn(shiftDate(date, -7))]));
  let changed = 0;
  for (const date of week) {
    if (JSON.stringify(peopleOn(date)) !== JSON.stringify(sources.get(date))) changed += 1;
  }
  const kept = days.filter((d) => !sources.has(d.date));
  const copied = week.flatMap((date) => {
    const people = sources.get(date) ?? [];
    return people.length > 0 ? [{ date, people: people.map((p) => ({ ...p })) }] : [];
  });
  return { days: [...kept, ...copied].sort((a, b) => a.date.localeCompare(b.date)), changed };
}

/** Puts one person on call (or nobody) for a trade and role on several days at once. */
export function assignMany(days: OnCallDay[], dates: readonly string[], department: string, role: OnCallRole, worker: CrmWorker | null): OnCallDay[] {
  return dates.reduce((current, date) => assign(current, date, department, role, worker), days);
}
