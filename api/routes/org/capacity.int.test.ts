import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { addDays, isWeekendDate } from '../../../domain/time/calendar';
import { toZonedParts } from '../../../domain/time/zoned-time';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

let h: ProductHarness;
let agent: ReturnType<typeof request.agent>;
let orgId: string;
const run = uniqueName('').replace(/^_/, '');
const TZ = 'America/Chicago';
const email = `owner-${run}@capacity.test`;

/** A weekday at least three days out, clear of the sandbox's seeded appointments (days +1 and +2). */
function futureWeekday(after = 3): string {
  let date = addDays(toZonedParts(new Date(), TZ).date, after);
  while (isWeekendDate(date)) date = addDays(date, 1);
  return date;
}

const badRequest = (message: string) => expect.objectContaining({ error: 'Bad Request', status: 400, message });
const capacity = (body: object) => agent.post('/org/get-capacity').send({ orgId, job_type_id: '101', business_unit: '1', priority: 0, ...body });

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId, agent: agent } = await onboardAndLogIn(h, {
    name: `Capacity HVAC ${run}`,
    adminEmail: email,
    timezone: TZ,
    trades: ['HVAC', 'Plumbing'],
    crmName: 'servicetitan',
  }));
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('GET and PUT /org/availability', () => {
  it('shows the onboarding hours with the default schedule and emergency config', async () => {
    const res = await agent.get('/org/availability').query({ id: orgId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      timezone: TZ,
      crm_name: 'servicetitan',
      availability: { regularHours: { Monday: [{ start: '09:00', end: '17:00' }] }, holidays: [], availabilityMessage: null },
      schedule: { isAcp: false, useAdaptiveCapacity: false, strategy: { defaultTimeBuffer: 2, priorityBasedTimeBuffer: {}, slots: [] } },
      emergency_config: { enabled: false, offerSlotStrategy: 'callbacks' },
      adp_config: { useBusinessUnits: true },
      autoAssignTech: false,
      skillBasedAvailability: false,
    });
  });

  it('refuses bad settings with the spec messages and changes nothing', async () => {
    const cases: [object, string][] = [
      [{ schedule: { strategy: { defaultTimeBuffer: -1 } } }, 'Default time buffer must be non-negative'],
      [
        { schedule: { strategy: { defaultTimeBuffer: 1, priorityBasedTimeBuffer: { 2: { value: -1, unit: 'hours' } } } } },
        'Time buffer value must be non-negative',
      ],
      [
        { schedule: { strategy: { defaultTimeBuffer: 1, priorityBasedTimeBuffer: { 2: { value: 9000, unit: 'hours' } } } } },
        'Time buffer cannot exceed 8760 hours (1 year)',
      ],
      [{ availability: { regularHours: {}, holidays: ['25/12/2026'] } }, 'Must be YYYY-MM-DD format'],
      [{}, 'Nothing to save'],
      [{ orgId: 'not-a-uuid', autoAssignTech: true }, 'orgId must be a UUID'],
    ];
    for (const [body, message] of cases) {
      const res = await agent.put('/org/availability').send({ orgId, ...body });
      expect({ body, res: res.body }).toEqual({ body, res: badRequest(message) });
    }
    expect(await h.tdb.db.organizationCapacitySettings.findUnique({ where: { orgId } })).toBeNull();
  });

  it('saves hours, holidays, the schedule and the emergency config through events, and a repeat is harmless', async () => {
    const holiday = futureWeekday(10);
    const body = {
      orgId,
      crm_name: 'housecallpro',
      availability: {
        regularHours: {
          Monday: [{ start: '08:00', end: '16:00' }],
          Tuesday: [{ start: '08:00', end: '16:00' }],
          Wednesday: [{ start: '08:00', end: '16:00' }],
          Thursday: [{ start: '08:00', end: '16:00' }],
          Friday: [{ start: '08:00', end: '16:00' }],
        },
        holidays: [holiday, holiday],
        availabilityMessage: 'Closed for the holiday',
      },
      schedule: { strategy: { defaultTimeBuffer: 4, priorityBasedTimeBuffer: { 5: { value: 0, unit: 'hours' } } } },
      autoAssignTech: true,
    };
    const saved = await agent.put('/org/availability').send(body);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      crm_name: 'servicetitan',
      availability: { holidays: [holiday], availabilityMessage: 'Closed for the holiday' },
      autoAssignTech: true,
    });
    expect((await agent.put('/org/availability').send(body)).status).toBe(200);
    const view = await eventually(async () => {
      const res = await agent.get('/org/availability').query({ orgId });
      return res.body.autoAssignTech && res.body.availability.holidays.length === 1 ? res.body : null;
    });
    expect(view).toMatchObject({
      crm_name: 'servicetitan',
      schedule: { strategy: { defaultTimeBuffer: 4, priorityBasedTimeBuffer: { 5: { value: 0, unit: 'hours' } } } },
      availability: { regularHours: { Monday: [{ start: '08:00', end: '16:00' }] } },
    });
    expect(typeof view.availability.lastUpdatedAt).toBe('string');
    // Saving one section keeps the others.
    expect((await agent.put('/org/availability').send({ orgId, skillBasedAvailability: true })).status).toBe(200);
    const later = await eventually(async () => {
      const res = await agent.get('/org/availability').query({ orgId });
      return res.body.skillBasedAvailability ? res.body : null;
    });
    expect(later).toMatchObject({ autoAssignTech: true, schedule: { strategy: { defaultTimeBuffer: 4 } } });

    // The capacity check follows the saved hours: the holiday is closed, and 16:00 is now after closing.
    const onHoliday = await capacity({ time_to_check: `${holiday}T10:00:00` });
    expect(onHoliday.body.data.available).toBe(false);
    expect(onHoliday.body.data.slots.every((s: { start: string }) => !s.start.startsWith(holiday))).toBe(true);
    const day = futureWeekday();
    const late = await capacity({ time_to_check: `${day}T15:30:00` });
    expect(late.body.data.available).toBe(false);
    const open = await capacity({ time_to_check: `${day}T10:30:00` });
    expect(open.body).toMatchObject({ data: { available: true, slots: [{ start: `${day}T10:00:00`, technicianId: expect.any(String) }] } });
    expect(open.body.result).toMatch(/^Yes, .* is open\./);
  });

  it('answers an emergency with a callback when the config says so', async () => {
    const emergency_config = { enabled: true, offerSlotStrategy: 'callbacks', qualifyStrategy: [[{ type: 'priority', value: [5] }]] };
    expect((await agent.put('/org/availability').send({ orgId, emergency_config })).status).toBe(200);
    const day = futureWeekday();
    const res = await eventually(async () => {
      const r = await capacity({ time_to_check: `${day}T10:30:00`, priority: 5 });
      return r.body.data?.emergency ? r : null;
    });
    expect(res.body.result).toMatch(/emergency/i);
    expect(res.body.result).toMatch(/create_action_callback_request/);
    expect((await capacity({ time_to_check: `${day}T10:30:00`, priority: 2 })).body.data.available).toBe(true);
    expect((await agent.put('/org/availability').send({ orgId, emergency_config: { enabled: false } })).status).toBe(200);
  });

  it('shows a week of open capacity per technician and zone', async () => {
    const start = futureWeekday(7);
    const res = await agent.get('/org/availability/week').query({ id: orgId, start });
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(7);
    expect(res.body.days[0].date).toBe(start);
    expect(res.body.technicians.map((t: { name: string }) => t.name)).toContain('Maria Lopez');
    expect(res.body.zones.map((z: { name: string }) => z.name)).toEqual(['North', 'South']);
    const maria = res.body.technicians.find((t: { id: string }) => t.id === '1001');
    expect(maria.days[0].shiftHours).toBeGreaterThan(0);
    expect((await agent.get('/org/availability/week').query({ id: orgId, start: '2026-13-01' })).body).toEqual(badRequest('Must be YYYY-MM-DD format'));
  });
});

describe('scheduling rules', () => {
  const ruleId = '7d3c1b2a-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const listed = async () =>
    (await agent.get('/org/scheduling-rules').query({ id: orgId })).body.rules as { id: string; name: string; threshold: number; state: string }[];

  it('validates creates with the messages and creates nothing', async () => {
    const cases: [object, string][] = [
      [{ orgId: 'nope', data: [{ name: 'x', threshold: 1 }] }, 'orgId must be a UUID'],
      [{ orgId, data: [] }, 'data must hold at least one rule'],
      [{ orgId, data: [{ name: '', threshold: 1 }] }, 'Rule name is required'],
      [{ orgId, data: [{ name: 'x', threshold: 101 }] }, 'Threshold must be between 0 and 100'],
      [{ orgId, data: [{ name: 'x', threshold: 1, conditions: [{ type: 'Zone', values: [] }] }] }, 'A condition needs at least one value'],
      [
        { orgId, data: [{ name: 'x', threshold: 1, activation_period: { type: 'dateRange', start_date: '2026-05-02', end_date: '2026-05-01' } }] },
        'end_date must not be before start_date',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await agent.post('/org/scheduling-rules').send(body);
      expect({ body, res: res.body }).toEqual({ body, res: badRequest(message) });
    }
    expect(await listed()).toEqual([]);
  });

  it('creates, lists, edits and deletes rules, and the rules cap what get-capacity offers', async () => {
    const day = futureWeekday();
    expect((await capacity({ time_to_check: `${day}T10:30:00` })).body.data.available).toBe(true);

    const stop = {
      id: ruleId,
      name: 'No AC repairs',
      conditions: [{ type: 'JobType', values: ['101'] }],
      activation_period: { type: 'ongoing' },
      threshold: 0,
      status: true,
    };
    const created = await agent.post('/org/scheduling-rules').send({
      orgId,
      data: [
        stop,
        {
          name: 'Plumbing Mondays',
          conditions: [
            { type: 'Weekday', values: ['Monday'] },
            { type: 'BusinessUnit', values: ['2'] },
          ],
          threshold: 60,
        },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.rules.map((r: { id: string; state: string }) => r.state)).toEqual(['active', 'active']);
    expect(created.body.rules[0].id).toBe(ruleId);
    // A retried create with the same id makes no second rule.
    expect((await agent.post('/org/scheduling-rules').send({ orgId, data: [stop] })).status).toBe(201);
    const rules = await eventually(async () => ((await listed()).length === 2 ? listed() : null));
    expect(rules.map((r) => r.name)).toEqual(['No AC repairs', 'Plumbing Mondays']);

    const capped = await capacity({ time_to_check: `${day}T10:30:00` });
    expect(capped.body.data).toMatchObject({ available: false, slots: [] });
    expect(capped.body.result).toMatch(/callback/);

    expect((await agent.put('/org/scheduling-rules/8d3c1b2a-4e5f-4a6b-8c7d-9e0f1a2b3c4d').send({ orgId, data: { threshold: 10 } })).body).toEqual({
      error: 'Not Found',
      status: 404,
      message: 'Scheduling rule not found',
    });
    expect((await agent.put(`/org/scheduling-rules/${ruleId}`).send({ orgId, data: { id: rules[1].id, threshold: 10 } })).body).toEqual(
      badRequest('data.id must be the id of the rule in the path'),
    );
    expect((await agent.put(`/org/scheduling-rules/${ruleId}`).send({ orgId, data: { threshold: -5 } })).body).toEqual(
      badRequest('Threshold must be between 0 and 100'),
    );
    const edited = await agent.put(`/org/scheduling-rules/${ruleId}`).send({ orgId, data: { id: ruleId, status: false } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: ruleId, name: 'No AC repairs', threshold: 0, status: false, state: 'off' });
    await eventually(async () => ((await listed()).find((r) => r.id === ruleId)?.state === 'off' ? true : null));
    expect((await capacity({ time_to_check: `${day}T10:30:00` })).body.data.available).toBe(true);

    expect((await agent.delete(`/org/scheduling-rules/${ruleId}`).send({})).body).toEqual(badRequest('orgId is required'));
    expect((await agent.delete(`/org/scheduling-rules/${ruleId}`).query({ orgId })).body).toEqual({ success: true });
    await eventually(async () => ((await listed()).length === 1 ? true : null));
    expect((await agent.delete(`/org/scheduling-rules/${ruleId}`).send({ orgId })).status).toBe(404);
    const row = await h.tdb.db.schedulingRule.findUnique({ where: { id: ruleId } });
    expect(row?.deletedAt).not.toBeNull();
  });
});

describe('admin emergency strategy', () => {
  const admin = (req: request.Test) => req.set('authorization', `Bearer ${h.adminToken}`);

  it('lists and sets the emergency slot strategy, keeping the rest of the config', async () => {
    expect((await agent.get('/emergency-strategy')).status).toBe(401);
    const list = await admin(request(h.app).get('/emergency-strategy'));
    expect(list.status).toBe(200);
    expect(list.body.organizations.find((o: { id: string }) => o.id === orgId)).toMatchObject({
      name: `Capacity HVAC ${run}`,
      emergency_config: { slotStrategy: { name: 'earliest' } },
    });

    expect((await admin(request(h.app).put('/emergency-strategy')).send({ orgId, slotStrategy: { name: 'soonest' } })).status).toBe(400);
    expect(
      (
        await admin(request(h.app).put('/emergency-strategy')).send({
          orgId: '8d3c1b2a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
          slotStrategy: { name: 'oncall_technician_availability' },
        })
      ).body,
    ).toEqual({
      error: 'Not Found',
      status: 404,
      message: 'Organization not found',
    });

    expect((await agent.put('/org/availability').send({ orgId, emergency_config: { enabled: true, offerSlotStrategy: 'promise_slot' } })).status).toBe(200);
    await eventually(async () => ((await agent.get('/org/availability').query({ orgId })).body.emergency_config.enabled ? true : null));
    const set = await admin(request(h.app).put('/emergency-strategy')).send({ orgId, slotStrategy: { name: 'oncall_technician_availability' } });
    expect(set.body).toMatchObject({
      success: true,
      emergency_config: { enabled: true, offerSlotStrategy: 'promise_slot', slotStrategy: { name: 'oncall_technician_availability' } },
    });
    const view = await eventually(async () => {
      const res = await agent.get('/org/availability').query({ orgId });
      return res.body.emergency_config.slotStrategy.name === 'oncall_technician_availability' ? res.body : null;
    });
    expect(view.emergency_config).toMatchObject({ enabled: true, offerSlotStrategy: 'promise_slot' });
  });
});
