import { buildContent, type CallContent, type EmailContent, type SlackContent } from '../rules/content';
import { csrCall, DASHBOARD_URL, emergencyBooking } from '../rules/test-fixtures';
import { formatInZone } from '../../../lib/time/zoned-time';
import { renderEmail, renderEmergencyCallScript, renderTeamChat } from './render';

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
    const call = buildContent(csrCall({ call_status: 'BOOKED', customer: null, bookings: [emergencyBooking()] }), 'call', 'emergency_job', context) as CallContent;
    const script = renderEmergencyCallScript(call, { name: 'Demo HVAC' });
    expect(script).toContain('Customer: Unknown Customer.');
    expect(script).toContain('Appointment: 2025-01-03 23:00:00 to 2025-01-04 01:00:00.');
  });
});
