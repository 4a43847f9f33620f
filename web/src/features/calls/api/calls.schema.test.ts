import { describe, expect, it } from '@jest/globals';
import { formatOffset, groupCounts, groupOf, turnStart } from './calls.schema';

describe('call groups', () => {
  it('puts each status in its group', () => {
    expect(groupOf('BOOKED')).toBe('booked');
    expect(groupOf('UNBOOKED')).toBe('unbooked');
    expect(groupOf('EXCUSED')).toBe('excused');
    expect(groupOf('PROCESSING')).toBe('all');
  });

  it('totals the status counts per group', () => {
    expect(groupCounts({ BOOKED: 2, UNBOOKED: 3, ABANDONED: 1, EXCUSED: 4, PROCESSING: 1 })).toEqual({ all: 11, booked: 2, unbooked: 4, excused: 4 });
  });
});

describe('transcript timings', () => {
  it('formats offsets as m:ss', () => {
    expect(formatOffset(0)).toBe('0:00');
    expect(formatOffset(7.9)).toBe('0:07');
    expect(formatOffset(75)).toBe('1:15');
    expect(formatOffset(-3)).toBe('0:00');
  });

  it('starts a turn at its first word, else at its readable timestamp', () => {
    expect(turnStart({ words: [{ start: 4.2 }, { start: 4.6 }] }, { seconds: 3 })).toBe(4.2);
    expect(turnStart({ words: [] }, { seconds: 3 })).toBe(3);
    expect(turnStart({})).toBeNull();
  });
});
