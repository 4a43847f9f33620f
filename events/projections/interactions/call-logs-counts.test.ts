import { describe, expect, it } from '@jest/globals';
import { countsOf, splitRange } from './interactions.repository';

const at = (iso: string) => new Date(iso);

describe('splitRange: whole UTC days from the kept counts, the part days at the ends counted from the rows', () => {
  it('takes everything from the kept counts when the range is unbounded', () => {
    expect(splitRange(null, null)).toEqual({ days: { from: null, to: null }, edges: [] });
  });

  it('needs no rows counted for a range of whole days', () => {
    expect(splitRange(at('2026-11-01T00:00:00Z'), at('2026-11-30T00:00:00Z'))).toEqual({
      days: { from: at('2026-11-01T00:00:00Z'), to: at('2026-11-30T00:00:00Z') },
      edges: [],
    });
  });

  it('counts the rows of the part days at either end', () => {
    expect(splitRange(at('2026-10-29T07:12:00Z'), at('2026-11-28T06:00:00Z'))).toEqual({
      days: { from: at('2026-10-30T00:00:00Z'), to: at('2026-11-28T00:00:00Z') },
      edges: [
        [at('2026-10-29T07:12:00Z'), at('2026-10-30T00:00:00Z')],
        [at('2026-11-28T00:00:00Z'), at('2026-11-28T06:00:00Z')],
      ],
    });
    expect(splitRange(at('2026-10-29T07:12:00Z'), null)).toEqual({
      days: { from: at('2026-10-30T00:00:00Z'), to: null },
      edges: [[at('2026-10-29T07:12:00Z'), at('2026-10-30T00:00:00Z')]],
    });
  });

  it('counts the rows of a range within one day (or across one midnight) and never from the kept counts', () => {
    expect(splitRange(at('2026-11-01T05:00:00Z'), at('2026-11-01T09:00:00Z'))).toEqual({
      days: null,
      edges: [[at('2026-11-01T05:00:00Z'), at('2026-11-01T09:00:00Z')]],
    });
    expect(splitRange(at('2026-11-01T05:00:00Z'), at('2026-11-02T05:00:00Z'))).toEqual({
      days: null,
      edges: [[at('2026-11-01T05:00:00Z'), at('2026-11-02T05:00:00Z')]],
    });
  });
});

describe('countsOf', () => {
  const counts = [
    { callStatus: 'BOOKED', reviewed: false, count: 5 },
    { callStatus: 'UNBOOKED', reviewed: false, count: 3 },
    { callStatus: 'UNBOOKED', reviewed: true, count: 2 },
    { callStatus: 'ABANDONED', reviewed: false, count: 1 },
    { callStatus: 'EXCUSED', reviewed: false, count: 0 },
    // The same status from another part of the range (kept counts and an end day's rows).
    { callStatus: 'BOOKED', reviewed: true, count: 4 },
  ];

  it('sums every status, leaves out the empty ones, and counts the unreviewed unbooked calls as follow-ups', () => {
    expect(countsOf({}, counts)).toEqual({ statusCounts: { BOOKED: 9, UNBOOKED: 5, ABANDONED: 1 }, totalCount: 15, needsFollowUpCount: 4 });
  });

  it("totals only the group's calls, or the follow-ups, while statusCounts still count every group", () => {
    expect(countsOf({ group: 'unbooked' }, counts)).toMatchObject({ statusCounts: { BOOKED: 9, UNBOOKED: 5, ABANDONED: 1 }, totalCount: 6 });
    expect(countsOf({ needsFollowUp: true }, counts).totalCount).toBe(4);
    expect(countsOf({ group: 'booked', needsFollowUp: true }, counts).totalCount).toBe(0);
  });
});
