import { buildContent, type CallContent, type EmailContent, type SlackContent } from '../content';
import { csrCall, DASHBOARD_URL, emergencyBooking } from '../test-fixtures';
import { formatInZone } from '../../time/zoned-time';
import { renderCallSummaryEmail, renderEmail, renderEmergencyCallScript, renderTeamChat, renderTemplateEmail } from './render';

const context = { timezone: 'America/New_York' as const, formatInZone, dashboardUrl: DASHBOARD_URL };
const org = { name: 'Demo <HVAC>' };

describe('notification templates', () => {
  const booked = csrCall({ call_status: 'BOOKED', tags: ['booked'], bookings: [emergencyBooking()], customer: { name: '<script>alert(1)</script>' } });

  it('renders the job-booking e-mail in HTML and text, escaping what callers said', () => {
    const email = renderEmail(buildContent(booked, 'email', 'interaction', context) as EmailContent, org);
    expect(email).toMatchObject({ template: 'job-booking', subject: '[booked] AC not cooling' });
    expect(email.html).not.toContain('<script>alert');
    expect(email.html).toContain('&lt;script&gt;');
    expect(email.html).toContain('Demo &lt;HVAC&gt;');
    expect(email.text).toContain('Booking: 2025-01-03 23:00:00 – 2025-01-04 01:00:00 · HVAC · EMERGENCY');
    expect(email.text).toContain(`View on Dashboard: ${DASHBOARD_URL}/dashboard/link/`);
  });

  it('renders the call-errors e-mail with each error', () => {
    const email = renderEmail(buildContent(csrCall({ errors: ['CRM timeout', { code: 42 }] }), 'email', 'call_errors', context) as EmailContent, org);
    expect(email.subject).toBe('Error in call');
    expect(email.text).toContain('1. CRM timeout\n2. {"code":42}');
  });

  it('renders team-chat blocks with the dashboard button', () => {
    const chat = renderTeamChat(buildContent(booked, 'slack', 'interaction', context) as SlackContent);
    expect(chat.blocks.at(-1)).toEqual({ type: 'actions', elements: [expect.objectContaining({ text: { type: 'plain_text', text: 'View on Dashboard' } })] });
    expect(chat.html).not.toContain('<script>alert');
  });

  it('reads the emergency job out, defaulting the customer name', () => {
    const call = buildContent(
      csrCall({ call_status: 'BOOKED', customer: null, bookings: [emergencyBooking()] }),
      'call',
      'emergency_job',
      context,
    ) as CallContent;
    const script = renderEmergencyCallScript(call, { name: 'Demo HVAC' });
    expect(script).toContain('Customer: Unknown Customer.');
    expect(script).toContain('Appointment: 2025-01-03 23:00:00 to 2025-01-04 01:00:00.');
  });
});

describe('call-summary e-mail (002 §3)', () => {
  const variables = {
    interactionId: '0b7c6a52-3a5e-4f7e-9d55-1a2b3c4d5e6f',
    date: '2025-03-04T16:05:00Z',
    transcript: [
      { role: 'agent', content: 'Thanks for calling Demo HVAC.' },
      { role: 'user', content: 'My <furnace> stopped.' },
    ],
    callSummary: [{ title: 'Reason', content: ['Furnace not heating'] }],
    customer: { name: 'Ana Caller', formattedAddress: '1 Main St, Denver, CO', crm_customer_id: 4411 },
    fromNumber: '+13035550101',
    bookingSummary: 'Booked for 2025-03-05 08:00–10:00',
    crm_job_id: 'J-77',
    timezone: 'America/Denver',
    crmName: 'servicetitan',
  };

  it('renders every variable in text and HTML, the date on the org clock, escaping the transcript', () => {
    const email = renderTemplateEmail('call-summary', variables, org);
    expect(email).toMatchObject({ template: 'call-summary', subject: 'Call summary: Ana Caller' });
    expect(email.text).toContain('Date: 2025-03-04 09:05:00 (America/Denver)');
    expect(email.text).toContain('Address: 1 Main St, Denver, CO');
    expect(email.text).toContain('From: +1 (303) 555-0101');
    expect(email.text).toContain('CRM customer: 4411 in servicetitan');
    expect(email.text).toContain('CRM job: J-77 in servicetitan');
    expect(email.text).toContain('Reason\n- Furnace not heating');
    expect(email.text).toContain('Booking\n- Booked for 2025-03-05 08:00–10:00');
    expect(email.text).toContain('Transcript\nagent: Thanks for calling Demo HVAC.\nuser: My <furnace> stopped.');
    expect(email.html).toContain('My &lt;furnace&gt; stopped.');
    expect(email.html).toContain('J-77 in servicetitan');
  });

  it('takes a plain-text summary and no customer, and keeps a given subject', () => {
    const email = renderCallSummaryEmail({ interactionId: 'i-1', date: 'yesterday', callSummary: 'Asked for a quote.', customer: null }, org, 'Your call');
    expect(email.subject).toBe('Your call');
    expect(email.text).toContain('Customer: Unknown Customer');
    expect(email.text).toContain('Date: yesterday');
    expect(email.text).toContain('Summary\n- Asked for a quote.');
    expect(email.text).not.toContain('Transcript');
  });

  it('refuses variables the template needs', () => {
    expect(() => renderTemplateEmail('call-summary', { date: '2025-03-04' }, org)).toThrow(/interactionId/);
    expect(renderTemplateEmail('call-errors', { interactionId: 'i-2', errors: ['boom'] }, org)).toMatchObject({
      subject: 'Error in call',
      text: expect.stringContaining('1. boom'),
    });
  });
});
