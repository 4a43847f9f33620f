import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { FakeHousecallPro, FAKE_HCP } from '../crm/adapters/housecallpro/fake-housecallpro.server';
import { HousecallProClient } from '../crm/adapters/housecallpro/housecallpro-client';
import { createHousecallProCrm } from '../crm/adapters/housecallpro/housecallpro-crm.adapter';
import { TZ, view } from '../crm/adapters/sandbox/capacity/sandbox-capacity.fixtures';
import type { CrmPort } from '../crm/crm.port';
import { zonedTimeToInstant } from '../../domain/time/zoned-time';
import type { CapacityRepository } from '../../events/projections/capacity-settings/capacity-settings.repository';
import { checkOrgCapacity } from './check-org-capacity';

// Contract test: capacity on a CRM without business units or shifts (a fake Housecall Pro), with and without its service zones and bookable windows.

const ORG = '0b6f2f3e-6c2a-4c59-9d7e-1f1f5a3a9b21';
const capacity = { view: async () => view() } as unknown as CapacityRepository;
const NOW = zonedTimeToInstant('2026-03-02', '06:00', TZ); // a Monday, before opening
const ask = (crm: CrmPort, date: string, time: string, extra: { zipcode?: string; trade?: string; businessUnitId?: string } = { businessUnitId: '1' }) =>
  checkOrgCapacity({ capacity, crm }, ORG, { now: NOW, date, instant: zonedTimeToInstant(date, time, TZ), jobTypeId: 'jbt_1', priority: 3, ...extra });

describe('capacity on Housecall Pro', () => {
  let hcp: FakeHousecallPro;
  let crm: CrmPort;

  beforeEach(async () => {
    hcp = await new FakeHousecallPro().start();
    // One field technician, so a single job fills a window.
    hcp.employees = [{ id: 'pro_1', first_name: 'Pat', last_name: 'Tech', email: 'pat@hcp.test', mobile_number: '5550000001', role: 'field tech' }];
    crm = createHousecallProCrm(new HousecallProClient({ apiUrl: hcp.server.url, apiKey: FAKE_HCP.apiKey, authScheme: 'Token', requestsPerSecond: 50 }), {});
  });
  afterEach(() => hcp.stop());

  it('offers 2-hour windows through the regular hours, with the technicians on shift for them', async () => {
    const answer = await ask(crm, '2026-03-03', '09:30');
    expect(answer.result).toMatchObject({
      kind: 'available',
      slot: { localStart: '09:00', localEnd: '11:00', technicians: [{ id: 'pro_1', status: 'Available' }] },
    });
    expect(answer.speech).toMatch(/is open\. Confirm it with the caller, then call create_action_job_booking with appointment_time 2026-03-03T09:00:00\.$/);
    // Housecall Pro was asked for what it has: employees, job types and the jobs of the days looked at.
    expect(hcp.server.requestsTo('GET', /^\/jobs$/).length).toBeGreaterThan(0);
  });

  it("reads the jobs Housecall Pro has scheduled as the technician's appointments", async () => {
    hcp.jobs.push({
      id: 'job_1',
      invoice_number: '1',
      description: 'AC Repair',
      customer: { id: 'cus_1' },
      address: { id: 'adr_1' },
      work_status: 'scheduled',
      schedule: {
        scheduled_start: zonedTimeToInstant('2026-03-03', '09:00', TZ).toISOString(),
        scheduled_end: zonedTimeToInstant('2026-03-03', '11:00', TZ).toISOString(),
        arrival_window: 120,
      },
      assigned_employees: [{ id: 'pro_1' }],
      tags: [],
      created_at: '2026-03-01T15:00:00Z',
      job_fields: { job_type: { id: 'jbt_1' }, business_unit: null },
    });
    const answer = await ask(crm, '2026-03-03', '09:30');
    expect(answer.result.kind).toBe('unavailable');
    expect(answer.data.slots).toEqual([
      expect.objectContaining({ start: '2026-03-03T11:00:00' }),
      expect.objectContaining({ start: '2026-03-03T13:00:00' }),
      expect.objectContaining({ start: '2026-03-03T15:00:00' }),
    ]);
    expect(answer.speech).toMatch(/^That time is not available\. The nearest openings are/);
  });

  it('does not turn a zip code or a trade into a refusal, and stays closed outside the hours', async () => {
    expect((await ask(crm, '2026-03-03', '13:00', { zipcode: '99999', businessUnitId: '1' })).result.kind).toBe('available');
    expect((await ask(crm, '2026-03-03', '13:00', { trade: 'HVAC' })).result.kind).toBe('available');
    const saturday = await ask(crm, '2026-03-07', '10:00');
    expect(saturday.result.kind).toBe('unavailable');
    expect(saturday.data.slots).toEqual([expect.objectContaining({ start: '2026-03-09T09:00:00' }), expect.any(Object), expect.any(Object)]);
  });

  it("keeps to the company's service zones and offers its bookable windows", async () => {
    hcp.serviceZones = [
      {
        id: 'zone-1',
        name: 'Central',
        coverage_type: 'zip_codes',
        zip_codes: ['78701'],
        cities: [],
        service_pros: [{ id: 'pro_1', first_name: 'Pat', last_name: 'Tech', email: 'pat@hcp.test', full_name: 'Pat Tech' }],
      },
    ];
    hcp.scheduleWindows = [
      {
        day_name: 'tuesday',
        schedule_windows: [
          { start_time: '09:00', end_time: '13:00' },
          { start_time: '13:00', end_time: '17:00' },
        ],
      },
    ];

    const inZone = await ask(crm, '2026-03-03', '10:30', { zipcode: '78701', businessUnitId: '1' });
    expect(inZone.result).toMatchObject({ kind: 'available', slot: { localStart: '09:00', localEnd: '13:00' } });
    // Without business units the zone covers whatever unit is asked about, or none.
    expect((await ask(crm, '2026-03-03', '10:30', { zipcode: '78701' })).result.kind).toBe('available');
    expect((await ask(crm, '2026-03-03', '10:30', { zipcode: '99999', businessUnitId: '1' })).result).toEqual({ kind: 'out_of_area', zipcode: '99999' });
  });
});
