import { describe, expect, it } from '@jest/globals';
import { agentTypeLabel, callStatusLabel, formatDuration, formatInZone, formatInZoneForExport, humanizeCode, plural, tagLabel } from './call-labels';
import { CALL_STATUSES, AGENT_TYPES } from '../interaction/interaction.schema';

describe('plain-language labels of a call', () => {
  it('names every call status and agent type in words, never as a code', () => {
    for (const status of CALL_STATUSES) expect(callStatusLabel(status)).not.toMatch(/_|^[A-Z]+$/);
    for (const type of AGENT_TYPES) expect(agentTypeLabel(type)).not.toMatch(/_|^[A-Z_]+$/);
    expect(callStatusLabel('UNBOOKED')).toBe('Not booked');
    expect(callStatusLabel('ABANDONED')).toBe('Hung up early');
    expect(agentTypeLabel('AFTER_HOURS_CSR')).toBe('After-hours CSR');
    expect(agentTypeLabel(null)).toBe('Unknown agent');
  });

  it('says a tag plainly, and falls back to its words for a code it does not know', () => {
    expect(tagLabel('outside_service_area')).toBe('Outside service area');
    expect(tagLabel('dispatch_fee_issue')).toBe('Dispatch fee');
    expect(tagLabel('brand_new_tag')).toBe('Brand new tag');
    expect(humanizeCode('SOME_NEW_STATUS')).toBe('Some new status');
  });
});

describe('plurals', () => {
  it('uses the singular for exactly one, and the plural for none and many', () => {
    expect(plural(1, 'call')).toBe('1 call');
    expect(plural(0, 'call')).toBe('0 calls');
    expect(plural(2, 'call')).toBe('2 calls');
    expect(plural(1200, 'call')).toBe('1,200 calls');
    expect(plural(2, 'reply', 'replies')).toBe('2 replies');
    expect(plural(1, 'reply', 'replies')).toBe('1 reply');
  });
});

describe('durations and times', () => {
  it('formats how long a call lasted', () => {
    expect(formatDuration(42.4)).toBe('42 s');
    expect(formatDuration(185)).toBe('3 min 05 s');
    expect(formatDuration(3720)).toBe('1 h 02 min');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(-1)).toBe('—');
  });

  it("shows a moment in the company's time zone with the zone named, whatever the browser's zone", () => {
    expect(formatInZone('2024-06-03T15:30:00.000Z', 'America/Chicago')).toBe('Jun 3, 2024, 10:30 AM CDT');
    expect(formatInZone('2024-12-03T15:30:00.000Z', 'America/New_York')).toBe('Dec 3, 2024, 10:30 AM EST');
    expect(formatInZone('2024-06-03T03:30:00.000Z', 'America/Los_Angeles', { dateOnly: true })).toBe('Jun 2, 2024');
    expect(formatInZone(null, 'America/Chicago')).toBe('—');
    expect(formatInZoneForExport(new Date('2024-06-03T05:05:00.000Z'), 'America/Chicago')).toBe('2024-06-03 00:05');
  });
});
