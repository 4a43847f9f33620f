import { weekdayOf } from '../../domain/time/calendar';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "10 AM", "12:30 PM": how an agent reads a wall-clock time aloud. */
export function speakTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${hour12}${m === 0 ? '' : `:${String(m).padStart(2, '0')}`} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "Tuesday, March 3" */
export function speakDate(date: string): string {
  return `${weekdayOf(date)}, ${MONTHS[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`;
}

export function speakWindow(date: string, start: string, end: string): string {
  return `${speakDate(date)} between ${speakTime(start)} and ${speakTime(end)}`;
}

/** "a, b and c" */
export function speakList(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join('; ')}; or ${items[items.length - 1]}`;
}
