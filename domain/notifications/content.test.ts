import {
  BOOKED_DETAILS_WITHOUT_BOOKINGS_MESSAGE,
  type ContentContext,
  NotificationContentError,
  bookedDetailsMessage,
  buildContent,
  dashboardLink,
  emergencyJobDetails,
  formatAddress,
  formatAppointmentTime,
  slackMessage,
  smsMessage,
  taggedSubject,
} from './content';
import { DASHBOARD_URL, INTERACTION_ID, ORG_ID, csrCall, emergencyBooking, formatInZone, regularBooking, widgetEvent } from './test-fixtures';
import { prettifyEnum } from '../validation/text';

const context: ContentContext = { timezone: 'America/New_York', formatInZone, dashboardUrl: DASHBOARD_URL };
const link = `${DASHBOARD_URL}/dashboard/link/${INTERACTION_ID}`;
const bookedEmergency = () => csrCall({ call_status: 'BOOKED', tags: ['booked', 'same_day'], bookings: [emergencyBooking()] });

describe('e-mail', () => {
  it.each([
    [['booked', 'same_day'], 'AC not cooling', '[booked, same_day] AC not cooling'],
    [['cancellation'], '  Cancel Tuesday visit ', '[cancellation] Cancel Tuesday visit'],
    [[], 'AC not cooling', 'AC not cooling'],
    [['spam'], null, '[spam] New call'],
  ])('prepends the tags %p to the subject %p', (tags, subject, expected) => {
    expect(taggedSubject(csrCall({ tags, subject }))).toBe(expected);
  });

  it('names a subject-less chat a chat', () => {
    expect(taggedSubject(widgetEvent({ subject: '' }))).toBe('New chat');
  });

  it('uses job-booking for a booked call', () => {
    const email = buildContent(bookedEmergency(), 'email', 'interaction', context);

    expect(email).toMatchObject({ channel: 'email', template: 'job-booking', subject: '[booked, same_day] AC not cooling' });
    expect(email.channel === 'email' && email.template !== 'call-errors' && email.variables).toMatchObject({
      interactionId: INTERACTION_ID,
      callStatus: 'BOOKED',
      customer: { name: 'Jane Doe', phone: '+15557654321' },
      bookings: [{ isEmergency: true, appointment: { start: '2025-01-03 23:00:00', end: '2025-01-04 01:00:00' }, department: 'HVAC' }],
      dashboardLink: link,
      timezone: 'America/New_York',
      crmName: 'servicetitan',
    });
  });

  it.each(['UNBOOKED', 'EXCUSED', 'ABANDONED', 'TRANSFERRED'])('uses call-analysis for a %s call', (status) => {
    expect(buildContent(csrCall({ call_status: status }), 'email', 'interaction', context)).toMatchObject({ template: 'call-analysis' });
  });

  it('sends the call-errors template with the interaction id and the errors as they came', () => {
    const errors = ['CRM booking failed: 503', { code: 'TAGS', message: 'Tag sync failed' }];

    expect(buildContent(csrCall({ errors, tags: ['booked'] }), 'email', 'call_errors', context)).toEqual({
      channel: 'email',
      template: 'call-errors',
      subject: 'Error in call',
      variables: { interactionId: INTERACTION_ID, errors },
    });
  });
});

describe('SMS', () => {
  it('is the call-analysis text with a Details link', () => {
    expect(smsMessage(bookedEmergency(), context).text).toBe(
      [
        '[booked, same_day] AC not cooling',
        'Status: Booked',
        'Customer: Jane Doe (+15557654321)',
        'Address: 12 Main St, Springfield, IL 62701',
        'Appointment: 2025-01-03 23:00:00 to 2025-01-04 01:00:00 (emergency)',
        'Summary: Caller reports the AC stopped cooling.',
        `Details: ${link}`,
      ].join('\n'),
    );
  });

  it('leaves out what the interaction does not have', () => {
    const event = csrCall({
      call_status: 'NO_ANSWER',
      customer: null,
      summary: [
        { title: 'Summary', content: ['Caller hung up.', ' '] },
        { title: 'Unbooked Reason', content: ['No conversation', 'before hang-up'] },
        { title: 'Excused Reason', content: [] },
      ],
    });

    expect(smsMessage(event, context).text).toBe(
      [
        'AC not cooling',
        'Status: No Answer',
        'Customer: Unknown Customer',
        'Summary: Caller hung up.',
        'Unbooked Reason: No conversation before hang-up',
        `Details: ${link}`,
      ].join('\n'),
    );
  });
});

describe('team chat', () => {
  it('sends booked-details for a booked call, with the dashboard button', () => {
    const message = slackMessage(bookedEmergency(), context);

    expect(message).toMatchObject({
      channel: 'slack',
      message: 'booked-details',
      title: '[booked, same_day] AC not cooling',
      bookings: [{ isEmergency: true, appointment: { start: '2025-01-03 23:00:00', end: '2025-01-04 01:00:00' } }],
      button: { text: 'View on Dashboard', url: link },
    });
    expect(message.fields).toEqual([
      { label: 'Status', value: 'Booked' },
      { label: 'Customer', value: 'Jane Doe' },
      { label: 'Phone', value: '+15557654321' },
      { label: 'Address', value: '12 Main St, Springfield, IL 62701' },
      { label: 'Department', value: 'HVAC' },
      { label: 'Tags', value: 'booked, same_day' },
    ]);
  });

  it('sends call-details otherwise', () => {
    const message = slackMessage(csrCall({ call_status: 'UNBOOKED' }), context);

    expect(message).toMatchObject({ message: 'call-details', button: { text: 'View on Dashboard', url: link } });
    expect(message).not.toHaveProperty('bookings');
  });

  it('refuses booked details for an interaction without bookings, with a typed, non-retryable error', () => {
    const event = widgetEvent({ call_status: 'BOOKED', bookings: [] });

    expect(() => bookedDetailsMessage(event, context)).toThrow(NotificationContentError);
    expect(() => slackMessage(event, context)).toThrow(
      expect.objectContaining({ code: 'BOOKED_DETAILS_WITHOUT_BOOKINGS', retryable: false, message: BOOKED_DETAILS_WITHOUT_BOOKINGS_MESSAGE }),
    );
    expect(BOOKED_DETAILS_WITHOUT_BOOKINGS_MESSAGE).toBe('Call for booked call details should have a template, but got none');
  });
});

describe('emergency phone call', () => {
  it('carries the job details of the emergency booking only', () => {
    const event = csrCall({
      call_status: 'BOOKED',
      bookings: [regularBooking(), emergencyBooking({ department: 'HVAC Emergency' })],
    });

    expect(buildContent(event, 'call', 'emergency_job', context)).toEqual({
      channel: 'call',
      job: {
        customerName: 'Jane Doe',
        address: '12 Main St, Springfield, IL 62701',
        mobile: '+15557654321',
        department: 'HVAC Emergency',
        orgId: ORG_ID,
        appointments: [{ start: '2025-01-03 23:00:00', end: '2025-01-04 01:00:00' }],
      },
    });
  });

  it('calls a nameless customer "Unknown Customer" and falls back to the interaction department', () => {
    const event = csrCall({
      call_status: 'BOOKED',
      department: 'Plumbing',
      customer: { name: '  ', phone: null },
      bookings: [emergencyBooking({ department: null, appointment: null })],
    });

    expect(emergencyJobDetails(event, context)).toEqual({
      customerName: 'Unknown Customer',
      address: null,
      mobile: null,
      department: 'Plumbing',
      orgId: ORG_ID,
      appointments: [],
    });
  });

  it("takes a widget booking's own address and mobile contact", () => {
    const event = widgetEvent({
      call_status: 'BOOKED',
      customer: { name: null, phone: '+15550009999' },
      bookings: [emergencyBooking()],
      booking_payload: {
        name: 'Wes Widget',
        address: { street: '9 Elm St', unit: 'Apt 2', city: 'Denver', state: 'CO', zip: '80202', country: 'US' },
        contacts: [
          { type: 'Email', value: 'wes@example.com' },
          { type: 'Mobile', value: '+15553334444' },
        ],
      },
    });

    expect(emergencyJobDetails(event, context)).toMatchObject({
      customerName: 'Wes Widget',
      address: '9 Elm St, Apt 2, Denver, CO 80202, US',
      mobile: '+15553334444',
    });
  });
});

describe('formatting', () => {
  it.each([
    ['an instant in UTC', '2025-01-04T04:00:00Z', 'America/New_York', '2025-01-03 23:00:00'],
    ['an instant with an offset', '2025-07-04T09:30:15-06:00', 'America/Los_Angeles', '2025-07-04 08:30:15'],
    ['Newfoundland half-hour offset', '2025-01-04T04:00:00Z', 'Canada/Newfoundland', '2025-01-04 00:30:00'],
    ['Melbourne, across the date line', '2025-01-04T04:00:00Z', 'Australia/Melbourne', '2025-01-04 15:00:00'],
    ['an org-local time without offset, unchanged', '2025-01-03T23:00:00', 'America/New_York', '2025-01-03 23:00:00'],
    ['an org-local time without seconds', '2025-01-03 23:00', 'America/Chicago', '2025-01-03 23:00:00'],
    ['something unrecognised, as written', 'tomorrow morning', 'America/New_York', 'tomorrow morning'],
  ] as const)('formats %s', (_case, value, timezone, expected) => {
    expect(formatAppointmentTime(value, { timezone, formatInZone })).toBe(expected);
  });

  it('builds the dashboard link without doubling slashes', () => {
    expect(dashboardLink('https://app.homeagent.test/', 'abc-1')).toBe('https://app.homeagent.test/dashboard/link/abc-1');
  });

  it.each([
    ['NO_ANSWER', 'No Answer'],
    ['BOOKED', 'Booked'],
    ['sameDay', 'Same Day'],
  ])('prettifies %s as %s', (value, expected) => {
    expect(prettifyEnum(value)).toBe(expected);
  });

  it('formats a structured address on one line and a blank one as none', () => {
    expect(formatAddress({ street: '1 Main', city: 'Austin', state: 'TX', zip: '78701', country: 'US' })).toBe('1 Main, Austin, TX 78701, US');
    expect(formatAddress('   ')).toBeNull();
  });
});
