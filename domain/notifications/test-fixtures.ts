// Builders shared by this folder's *.test.ts files; no production code imports it.
import type { Timezone } from '../organization/organization-settings.schema';
import type { FormatInZone } from './content';
import { type NotificationEvent, NotificationEventSchema } from './interaction-event.schema';
import type { IsTimeOpen, NotificationOrganization, NotificationTime } from './recipients';

export const ORG_ID = '7f0c3d2e-5b1a-4c7e-9a51-2d8e6f4b1c90';
export const INTERACTION_ID = '3c9a1f5e-8d27-4b60-a1e4-6f2b9c0d7e13';
export const DASHBOARD_URL = 'https://app.homeagent.test';

type PayloadOverrides = Record<string, unknown>;

const basePayload = (): Record<string, unknown> => ({
  interaction_id: INTERACTION_ID,
  date: '2025-01-04T03:10:00Z',
  subject: 'AC not cooling',
  department: 'HVAC',
  source: 'call',
  call_status: 'UNBOOKED',
  customer: { id: 4411, name: 'Jane Doe', address: '12 Main St, Springfield, IL 62701', phone: '+15557654321', email: 'jane@example.com' },
  summary: [{ title: 'Summary', content: ['Caller reports the AC stopped cooling.'] }],
  bookings: [],
  callback: null,
  tags: [],
  errors: [],
  leads_provider: null,
  agent_type: 'AFTER_HOURS_CSR',
  org: { id: ORG_ID, name: 'Demo HVAC', timezone: 'America/New_York', crm_name: 'servicetitan' },
});

/** A csr.call event, validated by the real schema so tests see what consumers see. */
export function csrCall(overrides: PayloadOverrides = {}): NotificationEvent {
  return NotificationEventSchema.parse({ type: 'csr.call', payload: { ...basePayload(), ...overrides } });
}

export function widgetEvent(overrides: PayloadOverrides = {}): NotificationEvent {
  return NotificationEventSchema.parse({
    type: 'widget.event',
    payload: {
      ...basePayload(),
      source: 'chat',
      agent_type: 'CHAT_CSR_AGENT',
      widget_id: 'b1f2c3d4-0000-4000-8000-000000000001',
      chat_id: 'b1f2c3d4-0000-4000-8000-000000000002',
      transcript: [{ role: 'user', content: 'My AC is broken' }],
      ...overrides,
    },
  });
}

export const emergencyBooking = (overrides: PayloadOverrides = {}) => ({
  isEmergency: true,
  appointment: { start: '2025-01-04T04:00:00Z', end: '2025-01-04T06:00:00Z' },
  techId: 901,
  department: 'HVAC',
  jobSummary: [{ title: 'Summary', content: ['No cooling, elderly occupant.'] }],
  ...overrides,
});

export const regularBooking = (overrides: PayloadOverrides = {}) => ({
  isEmergency: false,
  appointment: { start: '2025-01-06T14:00:00Z', end: '2025-01-06T16:00:00Z' },
  techId: 902,
  department: 'Plumbing',
  jobSummary: [],
  ...overrides,
});

export function organization(overrides: Partial<NotificationOrganization> = {}): NotificationOrganization {
  return {
    id: ORG_ID,
    timezone: 'America/New_York',
    office_email: 'office@demo-hvac.test',
    cc_emails: ['owner@demo-hvac.test'],
    cc_phone_numbers: ['+15550001111'],
    oncall_schedule: {
      '2025-01': [
        {
          date: '2025-01-03',
          people: [
            { role: 'Technician', employeeId: 'T-1', phoneNumber: '(555) 200-0001', name: 'Tom Tech', department: 'HVAC' },
            { role: 'Technician', employeeId: 'T-2', phoneNumber: '555-200-0002', name: 'Paula Plumber', department: 'Plumbing' },
            { role: 'Manager', employeeId: 42, phoneNumber: '5552000003', name: 'Mia Manager', department: 'HVAC' },
          ],
        },
        {
          date: '2025-01-04',
          people: [{ role: 'Technician', employeeId: 'T-9', phoneNumber: '5552000009', name: 'Sam Saturday', department: 'HVAC' }],
        },
      ],
    },
    ...overrides,
  };
}

/** A stand-in for the org-local time module: the listed windows are open, the others closed. */
export function openWindows(...open: NotificationTime[]): IsTimeOpen & { calls: NotificationTime[] } {
  const calls: NotificationTime[] = [];
  const isTimeOpen = (time: NotificationTime) => {
    calls.push(time);
    return open.includes(time);
  };
  return Object.assign(isTimeOpen, { calls });
}

/** A real YYYY-MM-DD HH:mm:ss wall-clock formatter, as the time module will supply. */
export const formatInZone: FormatInZone = (date: Date, zone: Timezone) => {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
};
