// Calendar dates (YYYY-MM-DD) as the pages name days: today on the company's clocks and whole days either side.

const DAY_MS = 86_400_000;

/** Today's date (YYYY-MM-DD) on the company's clocks. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The date `days` days after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}
