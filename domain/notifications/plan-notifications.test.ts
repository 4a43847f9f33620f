import { type PlanNotificationsInput, planNotifications } from './plan-notifications';
import { NotificationSettingsSchema } from './recipients';
import { DASHBOARD_URL, INTERACTION_ID, ORG_ID, csrCall, emergencyBooking, formatInZone, openWindows, organization, widgetEvent } from './test-fixtures';

const link = `${DASHBOARD_URL}/dashboard/link/${INTERACTION_ID}`;

// As the org settings screen would save them (001 §2.12).
const settings = NotificationSettingsSchema.parse([
  {
    rule_id: 'InboundCallRule',
    recipients: [
      { group: 'office', channel: 'email', time: 'ALWAYS' },
      { group: 'office', channel: 'slack', time: 'ALWAYS' },
      { group: 'cc', channel: 'sms', time: 'ALWAYS' },
    ],
  },
  { rule_id: 'BookedCallRule', recipients: [{ group: 'office', channel: 'email', time: 'ALWAYS' }] },
  { rule_id: 'UnbookedCallRule', recipients: [{ group: 'oncall_manager', channel: 'sms', time: 'ALWAYS' }] },
  {
    rule_id: 'EmergencyJobRule',
    recipients: [
      { group: 'oncall_tech', channel: 'sms', time: 'AFTER_HOURS' },
      { group: 'oncall_manager', channel: 'sms', time: 'OFFICE_HOURS' },
      { group: 'office', channel: 'slack', time: 'ALWAYS' },
      { group: 'cc', channel: 'sms', time: 'AFTER_HOURS' },
    ],
  },
  { rule_id: 'CallErrorsRule', recipients: [{ group: 'office', channel: 'email', time: 'ALWAYS' }] },
]);

// Friday 2025-01-03, 22:10 in New York: after hours, and still Friday on the org's calendar.
const fridayNight = new Date('2025-01-04T03:10:00Z');

const plan = (overrides: Partial<PlanNotificationsInput> = {}) =>
  planNotifications({
    event: csrCall({ call_status: 'BOOKED', tags: ['booked', 'same_day'], bookings: [emergencyBooking()] }),
    settings,
    org: organization(),
    localDate: '2025-01-03',
    now: fridayNight,
    isTimeOpen: openWindows('AFTER_HOURS', 'NON_OFFICE_HOURS'),
    formatInZone,
    dashboardUrl: DASHBOARD_URL,
    ...overrides,
  });

describe('an emergency booking after hours', () => {
  const result = plan();
  const byKey = Object.fromEntries(result.deliveries.map((delivery) => [delivery.key, delivery]));

  it('fires the inbound, booked and emergency-job rules', () => {
    expect(result.firedRules).toEqual(['InboundCallRule', 'BookedCallRule', 'EmergencyJobRule']);
  });

  it('reaches the office, the CC phone and the on-call HVAC technician once each per channel', () => {
    expect(result.deliveries.map((d) => [d.key, d.recipientName ?? null, d.causes.map((c) => c.ruleId)])).toEqual([
      ['email:interaction:office@demo-hvac.test', null, ['InboundCallRule', 'BookedCallRule']],
      ['email:interaction:owner@demo-hvac.test', null, ['InboundCallRule', 'BookedCallRule']],
      [`slack:interaction:${ORG_ID}`, null, ['InboundCallRule', 'EmergencyJobRule']],
      ['sms:interaction:+15550001111', null, ['InboundCallRule', 'EmergencyJobRule']],
      ['sms:interaction:+15552000001', 'Tom Tech', ['EmergencyJobRule']],
      ['call:emergency_job:+15552000001', 'Tom Tech', ['EmergencyJobRule']],
    ]);
  });

  it('sends nothing to the on-call manager, whose window is office hours, and says why', () => {
    expect(result.deliveries.filter((d) => d.group === 'oncall_manager' || d.address === '+15552000003')).toEqual([]);
    expect(result.skipped).toEqual([
      {
        ruleId: 'EmergencyJobRule',
        group: 'oncall_manager',
        channel: 'sms',
        time: 'OFFICE_HOURS',
        reason: 'time_window_closed',
        detail: 'OFFICE_HOURS is closed at 2025-01-04T03:10:00.000Z',
      },
      {
        ruleId: 'EmergencyJobRule',
        group: 'oncall_manager',
        channel: 'call',
        time: 'OFFICE_HOURS',
        reason: 'time_window_closed',
        detail: 'OFFICE_HOURS is closed at 2025-01-04T03:10:00.000Z',
      },
    ]);
  });

  it('e-mails the office the job booking with the tagged subject', () => {
    expect(byKey['email:interaction:office@demo-hvac.test'].content).toMatchObject({
      template: 'job-booking',
      subject: '[booked, same_day] AC not cooling',
      variables: { bookings: [{ isEmergency: true, appointment: { start: '2025-01-03 23:00:00', end: '2025-01-04 01:00:00' } }] },
    });
  });

  it('posts the booked details to team chat with the dashboard button', () => {
    expect(byKey[`slack:interaction:${ORG_ID}`].content).toMatchObject({
      message: 'booked-details',
      button: { text: 'View on Dashboard', url: link },
    });
  });

  it('texts the technician and the CC phone the same call analysis with the Details link', () => {
    const tech = byKey['sms:interaction:+15552000001'].content;
    const cc = byKey['sms:interaction:+15550001111'].content;

    expect(tech).toEqual(cc);
    expect(tech).toEqual({
      channel: 'sms',
      text: [
        '[booked, same_day] AC not cooling',
        'Status: Booked',
        'Customer: Jane Doe (+15557654321)',
        'Address: 12 Main St, Springfield, IL 62701',
        'Appointment: 2025-01-03 23:00:00 to 2025-01-04 01:00:00 (emergency)',
        'Summary: Caller reports the AC stopped cooling.',
        `Details: ${link}`,
      ].join('\n'),
    });
  });

  it('phones the technician with the job details in the org timezone', () => {
    expect(byKey['call:emergency_job:+15552000001'].content).toEqual({
      channel: 'call',
      job: {
        customerName: 'Jane Doe',
        address: '12 Main St, Springfield, IL 62701',
        mobile: '+15557654321',
        department: 'HVAC',
        orgId: ORG_ID,
        appointments: [{ start: '2025-01-03 23:00:00', end: '2025-01-04 01:00:00' }],
      },
    });
  });

  it('plans the same thing when the same event is planned again', () => {
    expect(plan()).toEqual(result);
  });
});

describe('planNotifications', () => {
  it('swaps who is reached during office hours', () => {
    const result = plan({ now: new Date('2025-01-03T15:00:00Z'), isTimeOpen: openWindows('OFFICE_HOURS') });

    expect(result.deliveries.filter((d) => d.group.startsWith('oncall')).map((d) => `${d.channel} ${d.recipientName}`)).toEqual([
      'sms Mia Manager',
      'call Mia Manager',
    ]);
    expect(result.deliveries.find((d) => d.key === 'sms:interaction:+15550001111')?.causes.map((c) => c.ruleId)).toEqual(['InboundCallRule']);
    expect(result.skipped.map((s) => `${s.group} ${s.channel} ${s.reason}`)).toEqual([
      'oncall_tech sms time_window_closed',
      'oncall_tech call time_window_closed',
      'cc sms time_window_closed',
    ]);
  });

  it('pages the technician of the emergency job trade, on the org-local date', () => {
    const result = plan({ event: csrCall({ call_status: 'BOOKED', bookings: [emergencyBooking({ department: 'Plumbing' })] }) });

    expect(result.deliveries.filter((d) => d.group === 'oncall_tech').map((d) => `${d.channel} ${d.recipientName} ${d.address}`)).toEqual([
      'sms Paula Plumber +15552000002',
      'call Paula Plumber +15552000002',
    ]);
  });

  it('sends the error alert as its own e-mail next to the interaction e-mail', () => {
    const result = plan({ event: csrCall({ call_status: 'UNBOOKED', errors: ['CRM booking failed: 503'] }), org: organization({ cc_emails: [] }) });

    expect(result.firedRules).toEqual(['InboundCallRule', 'UnbookedCallRule', 'CallErrorsRule']);
    expect(result.deliveries.filter((d) => d.channel === 'email').map((d) => d.content)).toEqual([
      expect.objectContaining({ template: 'call-analysis', subject: 'AC not cooling' }),
      {
        channel: 'email',
        template: 'call-errors',
        subject: 'Error in call',
        variables: { interactionId: INTERACTION_ID, errors: ['CRM booking failed: 503'] },
      },
    ]);
  });

  it('records booked details it cannot build and still sends the rest', () => {
    const result = plan({ event: widgetEvent({ call_status: 'BOOKED', bookings: [] }) });

    expect(result.firedRules).toEqual(['BookedCallRule']);
    expect(result.deliveries.map((d) => d.key)).toEqual(['email:interaction:office@demo-hvac.test', 'email:interaction:owner@demo-hvac.test']);
    expect(result.skipped).toEqual([]);

    const withChat = plan({
      event: widgetEvent({ call_status: 'BOOKED', bookings: [] }),
      settings: [
        {
          rule_id: 'BookedCallRule',
          recipients: [
            { group: 'office', channel: 'slack', time: 'ALWAYS' },
            { group: 'office', channel: 'email', time: 'ALWAYS' },
          ],
        },
      ],
    });

    expect(withChat.deliveries.map((d) => d.channel)).toEqual(['email', 'email']);
    expect(withChat.skipped).toEqual([
      {
        ruleId: 'BookedCallRule',
        group: 'office',
        channel: 'slack',
        time: 'ALWAYS',
        reason: 'content_unavailable',
        detail: 'Call for booked call details should have a template, but got none',
      },
    ]);
  });

  it('plans nothing to send when no fired rule has recipients', () => {
    expect(plan({ settings: [] })).toEqual({ firedRules: ['InboundCallRule', 'BookedCallRule', 'EmergencyJobRule'], deliveries: [], skipped: [] });
  });

  it("refuses to plan one organization's event with another's settings", () => {
    expect(() => plan({ org: organization({ id: 'another-org' }) })).toThrow(
      `Event of organization ${ORG_ID} cannot be planned with the settings of organization another-org`,
    );
  });

  it('refuses a local date that is not YYYY-MM-DD', () => {
    expect(() => plan({ localDate: '2025-1-3' })).toThrow('localDate must be YYYY-MM-DD, got "2025-1-3"');
  });
});
