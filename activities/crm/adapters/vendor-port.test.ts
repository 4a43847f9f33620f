import { describe, expect, it } from '@jest/globals';
import { operationName, technicianFreeSlots, vendorPort } from './vendor-port';
import type { Appointment, TechnicianShift } from '../../../domain/crm/crm-records';

describe('vendorPort', () => {
  const port = vendorPort('Acme CRM', { listZones: async () => [] }, { cancelJob: "Acme CRM's API has no job cancellation" });

  it('answers what the vendor implements', async () => {
    await expect(port.listZones()).resolves.toEqual([]);
  });

  it('refuses the rest with UNSUPPORTED, not retryable, naming the operation and why', async () => {
    await expect(port.cancelJob('1', 'r')).rejects.toMatchObject({
      code: 'UNSUPPORTED',
      retryable: false,
      message: "This organization's CRM (Acme CRM) does not support cancel job: Acme CRM's API has no job cancellation",
    });
    await expect(port.listTelecomCalls({})).rejects.toMatchObject({
      message: "This organization's CRM (Acme CRM) does not support list telecom calls: HomeAgent does not map it to Acme CRM's API yet",
    });
  });

  it('does not pose as a promise or a matcher', () => {
    expect((port as unknown as { then?: unknown }).then).toBeUndefined();
    expect(operationName('findCampaignsByCallerNumber')).toBe('find campaigns by caller number');
  });
});

describe('technicianFreeSlots', () => {
  const at = (hhmm: string) => new Date(`2026-03-03T${hhmm}:00Z`);
  const shift = (technicianId: string, from: string, to: string, shiftType: TechnicianShift['shiftType'] = 'Normal'): TechnicianShift => ({
    id: `${technicianId}-${from}`,
    technicianId,
    start: at(from),
    end: at(to),
    shiftType,
    active: true,
  });
  const busy = (technicianIds: string[], from: string, to: string, status: Appointment['status'] = 'Scheduled'): Appointment => ({
    id: from,
    jobId: 'j',
    customerId: 'c',
    start: at(from),
    end: at(to),
    arrivalWindowStart: null,
    arrivalWindowEnd: null,
    technicianIds,
    status,
    isConfirmed: false,
  });

  it('gives shifts minus appointments and time off, long enough for the job, inside the window', () => {
    const free = technicianFreeSlots({
      windows: [{ from: at('09:00'), to: at('18:00') }],
      technicianIds: ['t1', 't2'],
      durationSeconds: 3600,
      shifts: [shift('t1', '08:00', '17:00'), shift('t1', '12:00', '13:00', 'TimeOff'), shift('t2', '09:00', '10:30')],
      appointments: [busy(['t1'], '10:00', '11:30'), busy(['t1'], '14:00', '16:30', 'Canceled'), busy(['t2'], '09:45', '10:00')],
    });

    expect(free.map((f) => `${f.technicianId} ${f.start.toISOString().slice(11, 16)}-${f.end.toISOString().slice(11, 16)}`)).toEqual([
      't1 09:00-10:00',
      't1 13:00-17:00',
    ]);
  });

  it('starts no earlier than asked', () => {
    const free = technicianFreeSlots({
      windows: [{ from: at('09:00'), to: at('12:00') }],
      technicianIds: ['t1'],
      durationSeconds: 1800,
      earliest: at('10:15'),
      shifts: [shift('t1', '09:00', '12:00')],
      appointments: [],
    });
    expect(free).toEqual([{ technicianId: 't1', start: at('10:15'), end: at('12:00') }]);
  });
});
