import { describe, expect, it } from '@jest/globals';
import { cellKey, fromGrid, splitList, toGrid } from './notification-settings';

describe('notification settings grid', () => {
  it('round-trips saved settings and drops pairs a group may not use', () => {
    const saved = [
      {
        rule_id: 'EmergencyJobRule',
        recipients: [
          { group: 'oncall_tech', channel: 'call', time: 'AFTER_HOURS' },
          { group: 'office', channel: 'sms', time: 'ALWAYS' },
        ],
      },
      {
        rule_id: 'BookedCallRule',
        recipients: [
          { group: 'office', channel: 'email', time: 'ALWAYS' },
          { group: 'cc', channel: 'sms', time: 'SOMETIMES' },
        ],
      },
      { rule_id: 'NoSuchRule', recipients: [{ group: 'office', channel: 'email', time: 'ALWAYS' }] },
    ];
    const grid = toGrid(saved);
    expect(grid).toEqual({ [cellKey('EmergencyJobRule', 'oncall_tech', 'call')]: 'AFTER_HOURS', [cellKey('BookedCallRule', 'office', 'email')]: 'ALWAYS' });
    expect(fromGrid(grid)).toEqual([
      { rule_id: 'BookedCallRule', recipients: [{ group: 'office', channel: 'email', time: 'ALWAYS' }] },
      { rule_id: 'EmergencyJobRule', recipients: [{ group: 'oncall_tech', channel: 'call', time: 'AFTER_HOURS' }] },
    ]);
  });

  it('never sends a pair outside the allowed channels, even if the grid holds one', () => {
    expect(fromGrid({ 'InboundCallRule|cc|email': 'ALWAYS' } as never)).toEqual([]);
  });

  it('reads typed lists', () => {
    expect(splitList(' +15550001111, \n+15550002222,,')).toEqual(['+15550001111', '+15550002222']);
  });
});
