import { describe, expect, it } from '@jest/globals';
import { NotificationEventSchema } from '../../../domain/notifications/interaction-event.schema';
import { bookedJobRefs, csrCallEvent, type BookedJob } from './interaction-notification-event';
import type { InteractionSnapshot } from './interaction-snapshot.port';

const snapshot: InteractionSnapshot = {
  id: '7f0c1a52-3c1e-4b8e-9d60-2f1a7c3e5b90',
  orgId: '8d4f0a52-3c1e-4b8e-9d60-2f1a7c3e5b90',
  callStatus: 'UNBOOKED',
  startedAt: new Date('2024-05-02T00:07:55.945Z'),
  createdAt: new Date('2024-05-02T00:08:00.000Z'),
  customerNumber: '+13125550142',
  customerName: null,
  customerAddress: null,
  subject: 'Furnace stopped',
  tags: ['callback'],
  summary: [{ title: 'Summary', content: ['No heat.'] }],
  events: [
    { id: 'e1', name: 'create_call', metadata: {} },
    { id: 'e2', name: 'create_crm_booking', metadata: { jobId: '5001', customerId: '42' } },
    { id: 'e3', name: 'create_crm_booking', metadata: { jobId: '5001', customerId: '42' } },
    { id: 'e4', name: 'call_error', metadata: { task: 'call_scorer', code: 'TIMEOUT' } },
    { id: 'e5', name: 'create_crm_booking', metadata: { reason: 'no job id' } },
  ],
  agentType: 'AFTER_HOURS_CSR',
};
const org = { id: snapshot.orgId, name: 'Night Owl HVAC', timezone: 'America/New_York', crmName: 'servicetitan' };
const job: BookedJob = {
  jobId: '5001',
  isEmergency: true,
  appointment: { start: '2024-05-02T17:00:00.000Z', end: '2024-05-02T19:00:00.000Z' },
  techId: null,
  department: 'HVAC',
  businessUnitName: 'HVAC Service',
  customerName: 'Erin Park',
  address: '14 Elm Road, Springfield, TX 78702',
};

describe('the csr.call of a finished interaction', () => {
  it('reads each booked job once, and skips records without a job', () => {
    expect(bookedJobRefs(snapshot)).toEqual([{ jobId: '5001', customerId: '42' }]);
  });

  it('is a valid notification event carrying the bookings, errors and the CRM customer when the call named none', () => {
    const event = csrCallEvent(snapshot, org, [job]);
    const parsed = NotificationEventSchema.parse(event);
    expect(parsed.type).toBe('csr.call');
    expect(parsed.payload).toMatchObject({
      interaction_id: snapshot.id,
      date: '2024-05-02T00:07:55.945Z',
      department: 'HVAC',
      call_status: 'UNBOOKED',
      customer: { name: 'Erin Park', address: '14 Elm Road, Springfield, TX 78702', phone: '+13125550142' },
      bookings: [{ isEmergency: true, department: 'HVAC', appointment: { start: '2024-05-02T17:00:00.000Z' } }],
      errors: [{ task: 'call_scorer', code: 'TIMEOUT' }],
      org: { id: org.id, timezone: 'America/New_York', crm_name: 'servicetitan' },
    });
  });

  it('keeps the name the call gave over the CRM record', () => {
    const event = csrCallEvent({ ...snapshot, customerName: 'Erin P.' }, org, [job]);
    expect(event.payload.customer).toMatchObject({ name: 'Erin P.' });
  });
});
