import { speakDate, speakList, speakTime, speakWindow } from './speakable';

describe('speakable answers', () => {
  it.each([
    ['00:00', '12 AM'],
    ['09:00', '9 AM'],
    ['12:00', '12 PM'],
    ['12:30', '12:30 PM'],
    ['15:05', '3:05 PM'],
  ])('reads %s as %s', (hhmm, spoken) => expect(speakTime(hhmm)).toBe(spoken));

  it('reads dates, windows and lists', () => {
    expect(speakDate('2026-03-03')).toBe('Tuesday, March 3');
    expect(speakWindow('2026-11-01', '08:00', '10:00')).toBe('Sunday, November 1 between 8 AM and 10 AM');
    expect(speakList(['a'])).toBe('a');
    expect(speakList(['a', 'b', 'c'])).toBe('a; b; or c');
  });
});
