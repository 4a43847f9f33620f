import type { Trade } from '../organization/organization-settings.schema';
import {
  ALLOWED_CHANNELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_TIMES,
  NotificationOrganizationSchema,
  NotificationSettingsSchema,
  OnCallScheduleSchema,
  RECEIVER_GROUPS,
  type NotificationSetting,
  type ResolveDeliveriesInput,
  isRecipientTimeOpen,
  jobTrades,
  recipientPhoneNumber,
  onCallPeople,
  resolveDeliveries,
  tradesNamedIn,
} from './recipients';
import type { NotificationRuleId } from './rules';
import { ORG_ID, csrCall, emergencyBooking, openWindows, organization, regularBooking } from './test-fixtures';

describe('receiver groups and channels (000 §4, 001 §6)', () => {
  const matrix = RECEIVER_GROUPS.flatMap((group) =>
    NOTIFICATION_CHANNELS.map((channel) => [group, channel, ALLOWED_CHANNELS[group].includes(channel)] as const),
  );

  it('allows exactly the spec pairs', () => {
    expect(matrix.filter(([, , allowed]) => allowed).map(([group, channel]) => `${group}:${channel}`)).toEqual([
      'oncall_tech:sms',
      'oncall_tech:call',
      'oncall_manager:sms',
      'oncall_manager:call',
      'office:email',
      'office:slack',
      'cc:sms',
    ]);
  });

  it.each(matrix)('saving %s by %s is accepted: %s', (group, channel, allowed) => {
    const result = NotificationSettingsSchema.safeParse([{ rule_id: 'InboundCallRule', recipients: [{ group, channel, time: 'ALWAYS' }] }]);

    expect(result.success).toBe(allowed);
    if (!allowed) {
      expect(result.error?.issues).toEqual([
        expect.objectContaining({
          path: [0, 'recipients', 0, 'channel'],
          message: `Receiver group ${group} cannot be notified by ${channel}; allowed channels: ${ALLOWED_CHANNELS[group].join(', ')}`,
        }),
      ]);
    }
  });

  it('names the group and channel in the message', () => {
    const result = NotificationSettingsSchema.safeParse([{ rule_id: 'EmergencyJobRule', recipients: [{ group: 'cc', channel: 'call', time: 'AFTER_HOURS' }] }]);

    expect(result.error?.issues[0].message).toBe('Receiver group cc cannot be notified by call; allowed channels: sms');
  });

  it.each([
    ['an unknown rule', [{ rule_id: 'VipCallRule', recipients: [] }]],
    ['an unknown time', [{ rule_id: 'InboundCallRule', recipients: [{ group: 'office', channel: 'email', time: 'WEEKENDS' }] }]],
    ['an unknown group', [{ rule_id: 'InboundCallRule', recipients: [{ group: 'owners', channel: 'email', time: 'ALWAYS' }] }]],
  ])('rejects %s', (_case, settings) => {
    expect(NotificationSettingsSchema.safeParse(settings).success).toBe(false);
  });

  it('rejects a rule listed twice, naming it', () => {
    const result = NotificationSettingsSchema.safeParse([
      { rule_id: 'BookedCallRule', recipients: [] },
      { rule_id: 'BookedCallRule', recipients: [] },
    ]);

    expect(result.error?.issues[0]).toMatchObject({ path: [1, 'rule_id'], message: 'Notification rule BookedCallRule is listed more than once' });
  });
});

describe('time windows', () => {
  it.each(NOTIFICATION_TIMES.filter((time) => time !== 'ALWAYS'))('asks the time module about %s at the given instant', (time) => {
    const at = new Date('2025-01-04T03:10:00Z');
    const seen: Array<[string, Date]> = [];
    const judge = (t: string, when: Date) => {
      seen.push([t, when]);
      return t === time;
    };

    expect(isRecipientTimeOpen(time, at, judge)).toBe(true);
    expect(isRecipientTimeOpen(time, at, () => false)).toBe(false);
    expect(seen).toEqual([[time, at]]);
  });

  it('treats ALWAYS as open without consulting the clock', () => {
    const closedEverywhere = openWindows();

    expect(isRecipientTimeOpen('ALWAYS', new Date(), closedEverywhere)).toBe(true);
    expect(closedEverywhere.calls).toEqual([]);
  });
});

describe('on-call schedule', () => {
  const schedule = organization().oncall_schedule;

  it('rejects malformed month keys and dates with the spec messages', () => {
    const result = OnCallScheduleSchema.safeParse({ '2025-1': [{ date: '2025-01-03', people: [] }], '2025-02': [{ date: '02/03/2025', people: [] }] });

    expect(result.error?.issues.map((issue) => issue.message).sort()).toEqual(['Must be YYYY-MM format', 'Must be YYYY-MM-DD format']);
  });

  it.each<[string, string, 'Technician' | 'Manager', Trade[], string[]]>([
    ['the technician of the job trade', '2025-01-03', 'Technician', ['HVAC'], ['Tom Tech']],
    ['the other trade', '2025-01-03', 'Technician', ['Plumbing'], ['Paula Plumber']],
    ['either of two trades', '2025-01-03', 'Technician', ['Plumbing', 'HVAC'], ['Tom Tech', 'Paula Plumber']],
    ['everyone of the role when no trade is known', '2025-01-03', 'Technician', [], ['Tom Tech', 'Paula Plumber']],
    ['everyone of the role when nobody of the trade is on call', '2025-01-03', 'Technician', ['Roofing'], ['Tom Tech', 'Paula Plumber']],
    ['the manager, not the technicians', '2025-01-03', 'Manager', ['HVAC'], ['Mia Manager']],
    ['the next day by its own entry', '2025-01-04', 'Technician', ['HVAC'], ['Sam Saturday']],
    ['nobody on a day without an entry', '2025-01-05', 'Technician', ['HVAC'], []],
    ['nobody in a month without a schedule', '2025-02-03', 'Technician', [], []],
    ['nobody with a role missing that day', '2025-01-04', 'Manager', [], []],
  ])('finds %s', (_case, localDate, role, trades, names) => {
    expect(onCallPeople(schedule, localDate, role, trades).map((person) => person.name)).toEqual(names);
  });

  it('joins two entries for the same date', () => {
    const split = {
      '2025-01': [
        { date: '2025-01-03', people: [schedule['2025-01'][0].people[0]] },
        { date: '2025-01-03', people: [schedule['2025-01'][0].people[1]] },
      ],
    };

    expect(onCallPeople(split, '2025-01-03', 'Technician', []).map((person) => person.name)).toEqual(['Tom Tech', 'Paula Plumber']);
  });
});

describe('trade of the job', () => {
  it.each<[string, Trade[]]>([
    ['HVAC', ['HVAC']],
    ['HVAC Service', ['HVAC']],
    ['hvac', ['HVAC']],
    ['Garage Doors', ['Garage_Door']],
    ['Garage_Door', ['Garage_Door']],
    ['Generator Install', ['Generators']],
    ['Appliance Repair', ['Appliances']],
    ['Heating & Cooling', ['HVAC']],
    ['Drains / Sewer', ['Drains']],
    ['Plumbing & Drains', ['Plumbing', 'Drains']],
    ['Residential Service', []],
    ['Roofers Inc', []],
  ])('"%s" names %p', (label, trades) => {
    expect(tradesNamedIn(label)).toEqual(trades);
  });

  it('takes the emergency booking for EmergencyJobRule and every booking otherwise', () => {
    const event = csrCall({
      call_status: 'BOOKED',
      department: 'Electrical',
      bookings: [regularBooking({ department: 'Plumbing' }), emergencyBooking({ department: null, businessUnitName: 'HVAC Residential' })],
    });

    expect(jobTrades(event, 'EmergencyJobRule')).toEqual(['HVAC']);
    expect(jobTrades(event, 'BookedCallRule')).toEqual(['Plumbing', 'HVAC']);
  });

  it("falls back to the interaction's department, then to none", () => {
    expect(jobTrades(csrCall({ department: 'Electrical', bookings: [] }), 'InboundCallRule')).toEqual(['Electrical']);
    expect(jobTrades(csrCall({ department: null, bookings: [] }), 'InboundCallRule')).toEqual([]);
  });
});

describe('recipientPhoneNumber (000 §5)', () => {
  it.each([
    ['(555) 200-0001', 'America/New_York', '+15552000001'],
    ['1-555-200-0001', 'America/Chicago', '+15552000001'],
    ['+1 555 200 0001', 'Canada/Eastern', '+15552000001'],
    ['0412 345 678', 'Australia/Melbourne', '+61412345678'],
    ['+61 412 345 678', 'Australia/Melbourne', '+61412345678'],
    ['+44 20 7946 0958', 'America/New_York', '+442079460958'],
  ] as const)('%s in %s → %s', (raw, zone, normalized) => {
    expect(recipientPhoneNumber(raw, zone)).toBe(normalized);
  });
});

describe('resolveDeliveries', () => {
  const now = new Date('2025-01-04T03:10:00Z');
  const resolve = (settings: NotificationSetting[], firedRules: NotificationRuleId[], overrides: Partial<ResolveDeliveriesInput> = {}) =>
    resolveDeliveries({
      event: csrCall(),
      firedRules,
      settings,
      org: organization(),
      localDate: '2025-01-03',
      now,
      isTimeOpen: openWindows('AFTER_HOURS', 'NON_OFFICE_HOURS'),
      ...overrides,
    });
  const summary = (deliveries: ReturnType<typeof resolve>['deliveries']) =>
    deliveries.map(
      (d) => `${d.channel} ${d.address}${d.recipientName ? ` (${d.recipientName})` : ''} ← ${d.causes.map((c) => `${c.ruleId}/${c.group}`).join(', ')}`,
    );

  it('sends office e-mail to the office address and every CC e-mail, and team chat to the org workspace', () => {
    const { deliveries } = resolve(
      [
        {
          rule_id: 'InboundCallRule',
          recipients: [
            { group: 'office', channel: 'email', time: 'ALWAYS' },
            { group: 'office', channel: 'slack', time: 'ALWAYS' },
          ],
        },
      ],
      ['InboundCallRule'],
      { org: organization({ cc_emails: ['owner@demo-hvac.test', ' ', 'dispatch@demo-hvac.test'] }) },
    );

    expect(summary(deliveries)).toEqual([
      'email office@demo-hvac.test ← InboundCallRule/office',
      'email owner@demo-hvac.test ← InboundCallRule/office',
      'email dispatch@demo-hvac.test ← InboundCallRule/office',
      `slack ${ORG_ID} ← InboundCallRule/office`,
    ]);
  });

  it('sends CC SMS to every CC phone in E.164', () => {
    const { deliveries } = resolve([{ rule_id: 'InboundCallRule', recipients: [{ group: 'cc', channel: 'sms', time: 'ALWAYS' }] }], ['InboundCallRule'], {
      org: organization({ cc_phone_numbers: ['+15550001111', '5550002222'] }),
    });

    expect(summary(deliveries)).toEqual(['sms +15550001111 ← InboundCallRule/cc', 'sms +15550002222 ← InboundCallRule/cc']);
  });

  it('sends one message per address and channel however many rules ask, keeping every cause', () => {
    const office = { group: 'office', channel: 'email', time: 'ALWAYS' } as const;
    const { deliveries } = resolve(
      [
        { rule_id: 'InboundCallRule', recipients: [office] },
        { rule_id: 'BookedCallRule', recipients: [office, { group: 'office', channel: 'email', time: 'AFTER_HOURS' }] },
        { rule_id: 'JobCancellationRule', recipients: [office] },
      ],
      ['InboundCallRule', 'BookedCallRule', 'JobCancellationRule'],
      { org: organization({ cc_emails: ['OFFICE@demo-hvac.test'] }) },
    );

    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ key: 'email:interaction:office@demo-hvac.test', ruleId: 'InboundCallRule', group: 'office' });
    expect(deliveries[0].causes).toEqual([
      { ruleId: 'InboundCallRule', group: 'office', time: 'ALWAYS' },
      { ruleId: 'BookedCallRule', group: 'office', time: 'ALWAYS' },
      { ruleId: 'BookedCallRule', group: 'office', time: 'AFTER_HOURS' },
      { ruleId: 'JobCancellationRule', group: 'office', time: 'ALWAYS' },
    ]);
  });

  it('keeps the call-errors e-mail apart from the interaction e-mail to the same address', () => {
    const office = { group: 'office', channel: 'email', time: 'ALWAYS' } as const;
    const { deliveries } = resolve(
      [
        { rule_id: 'InboundCallRule', recipients: [office] },
        { rule_id: 'CallErrorsRule', recipients: [office] },
      ],
      ['InboundCallRule', 'CallErrorsRule'],
      { org: organization({ cc_emails: [] }) },
    );

    expect(deliveries.map((d) => [d.key, d.ruleId])).toEqual([
      ['email:interaction:office@demo-hvac.test', 'InboundCallRule'],
      ['email:call_errors:office@demo-hvac.test', 'CallErrorsRule'],
    ]);
  });

  it('sends one SMS to a number that is both on call and a CC phone, written differently', () => {
    const { deliveries } = resolve(
      [
        {
          rule_id: 'EmergencyJobRule',
          recipients: [
            { group: 'oncall_tech', channel: 'sms', time: 'ALWAYS' },
            { group: 'cc', channel: 'sms', time: 'ALWAYS' },
          ],
        },
      ],
      ['EmergencyJobRule'],
      { event: csrCall({ call_status: 'BOOKED', bookings: [emergencyBooking()] }), org: organization({ cc_phone_numbers: ['+15552000001'] }) },
    );

    expect(summary(deliveries)).toEqual([
      'sms +15552000001 (Tom Tech) ← EmergencyJobRule/oncall_tech, EmergencyJobRule/cc',
      'call +15552000001 (Tom Tech) ← EmergencyJobRule/oncall_tech',
    ]);
  });

  it('adds a phone call for on-call groups under EmergencyJobRule only', () => {
    const settings: NotificationSetting[] = [
      {
        rule_id: 'EmergencyJobRule',
        recipients: [
          { group: 'oncall_manager', channel: 'sms', time: 'ALWAYS' },
          { group: 'cc', channel: 'sms', time: 'ALWAYS' },
        ],
      },
      { rule_id: 'BookedCallRule', recipients: [{ group: 'oncall_tech', channel: 'sms', time: 'ALWAYS' }] },
    ];
    const { deliveries } = resolve(settings, ['BookedCallRule', 'EmergencyJobRule'], {
      event: csrCall({ call_status: 'BOOKED', bookings: [emergencyBooking()] }),
    });

    expect(summary(deliveries)).toEqual([
      'sms +15552000001 (Tom Tech) ← BookedCallRule/oncall_tech',
      'sms +15552000003 (Mia Manager) ← EmergencyJobRule/oncall_manager',
      'call +15552000003 (Mia Manager) ← EmergencyJobRule/oncall_manager',
      'sms +15550001111 ← EmergencyJobRule/cc',
    ]);
  });

  it('does not call twice when the call channel is configured as well', () => {
    const { deliveries } = resolve(
      [
        {
          rule_id: 'EmergencyJobRule',
          recipients: [
            { group: 'oncall_tech', channel: 'sms', time: 'ALWAYS' },
            { group: 'oncall_tech', channel: 'call', time: 'ALWAYS' },
          ],
        },
      ],
      ['EmergencyJobRule'],
      { event: csrCall({ call_status: 'BOOKED', bookings: [emergencyBooking()] }) },
    );

    expect(deliveries.map((d) => d.key)).toEqual(['sms:interaction:+15552000001', 'call:emergency_job:+15552000001']);
  });

  it('records why a configured recipient gets nothing', () => {
    const { deliveries, skipped } = resolve(
      [
        {
          rule_id: 'EmergencyCallbackRule',
          recipients: [
            { group: 'oncall_tech', channel: 'call', time: 'ALWAYS' },
            { group: 'office', channel: 'email', time: 'OFFICE_HOURS' },
            { group: 'oncall_manager', channel: 'sms', time: 'ALWAYS' },
            { group: 'cc', channel: 'email', time: 'ALWAYS' },
            { group: 'cc', channel: 'sms', time: 'ALWAYS' },
          ],
        },
      ],
      ['EmergencyCallbackRule'],
      { localDate: '2025-01-04', org: organization({ cc_phone_numbers: [] }) },
    );

    expect(deliveries).toEqual([]);
    expect(skipped.map(({ group, channel, reason, detail }) => ({ group, channel, reason, detail }))).toEqual([
      { group: 'oncall_tech', channel: 'call', reason: 'channel_not_supported_by_rule', detail: 'Only EmergencyJobRule places phone calls' },
      { group: 'office', channel: 'email', reason: 'time_window_closed', detail: 'OFFICE_HOURS is closed at 2025-01-04T03:10:00.000Z' },
      { group: 'oncall_manager', channel: 'sms', reason: 'no_recipient', detail: 'Nobody with role Manager is on call on 2025-01-04' },
      { group: 'cc', channel: 'email', reason: 'channel_not_allowed', detail: 'Receiver group cc cannot be notified by email; allowed channels: sms' },
      { group: 'cc', channel: 'sms', reason: 'no_recipient', detail: 'The organization has no CC phone numbers' },
    ]);
  });

  it('says so when the office has no e-mail at all', () => {
    const { skipped } = resolve([{ rule_id: 'InboundCallRule', recipients: [{ group: 'office', channel: 'email', time: 'ALWAYS' }] }], ['InboundCallRule'], {
      org: organization({ office_email: '', cc_emails: [] }),
    });

    expect(skipped).toEqual([
      {
        ruleId: 'InboundCallRule',
        group: 'office',
        channel: 'email',
        time: 'ALWAYS',
        reason: 'no_recipient',
        detail: 'The organization has no office e-mail and no CC e-mails',
      },
    ]);
  });

  it('ignores settings of rules that did not fire', () => {
    const result = resolve([{ rule_id: 'BookedCallRule', recipients: [{ group: 'office', channel: 'email', time: 'ALWAYS' }] }], ['InboundCallRule']);

    expect(result).toEqual({ deliveries: [], skipped: [] });
  });
});

describe('NotificationOrganizationSchema', () => {
  it('reads missing contact lists and schedule as empty', () => {
    expect(NotificationOrganizationSchema.parse({ id: ORG_ID, timezone: 'America/Denver', office_email: null })).toEqual({
      id: ORG_ID,
      timezone: 'America/Denver',
      office_email: '',
      cc_emails: [],
      cc_phone_numbers: [],
      oncall_schedule: {},
    });
  });
});
