import { describe, expect, it } from '@jest/globals';
import { groupCounts, groupOf } from './calls.schema';

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
