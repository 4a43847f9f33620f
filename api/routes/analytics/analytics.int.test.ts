import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';
import { createEvent } from '../../../events/catalog';
import { interactionIdForProviderCall } from '../../../lib/ids';
import { syntheticCallEvents, type SyntheticCall } from '../../../prisma/demo-calls';

// Calls seeded as the interaction events they leave, projected by the real projectors into the call-analytics
// rollups, and read back through POST /call/analytics and /chat/daily-counts.

let h: ProductHarness;
const run = uniqueName('').replace(/^_/, '');
let orgId: string;
let owner: ReturnType<typeof request.agent>;
let otherOrgId: string;

const call = (id: string, startedAt: string, over: Partial<SyntheticCall>): SyntheticCall => ({
  orgId,
  providerCallId: `call_${run}_${id}`,
  startedAt: new Date(startedAt),
  agentType: 'OFFICE_HOURS_CSR',
  seconds: 120,
  outcome: 'Booked',
  isLead: true,
  tags: [],
  customerName: 'Dana Ruiz',
  customerNumber: '+15125550142',
  subject: 'No cooling',
  ...over,
});

const analytics = (body: object) => owner.post('/call/analytics').send({ orgId, ...body });

beforeAll(async () => {
  h = await startProductHarness();
  // America/Chicago (the onboarding default): CST, UTC−6, in January.
  ({ orgId, agent: owner } = await onboardAndLogIn(h, {
    name: `Analytics ${run}`,
    adminEmail: `owner-${run}@analytics.test`,
    officeEmail: `office-${run}@analytics.test`,
  }));
  ({ orgId: otherOrgId } = await onboardAndLogIn(h, {
    name: `Other ${run}`,
    adminEmail: `other-${run}@analytics.test`,
    officeEmail: `office-o-${run}@analytics.test`,
  }));
  const calls = [
    // 2026-01-05 local: two booked (one after hours at 22:30 local = 04:30Z on the 6th), one unbooked.
    call('a', '2026-01-05T15:00:00Z', { seconds: 300 }),
    call('b', '2026-01-06T04:30:00Z', { agentType: 'AFTER_HOURS_CSR', seconds: 180 }),
    call('c', '2026-01-05T16:00:00Z', { outcome: 'Unbooked', tags: ['no_availability'], seconds: 60 }),
    // 2026-01-06 local: an excused call and a receptionist spam call.
    call('d', '2026-01-06T15:00:00Z', { outcome: 'Excused', tags: ['price_shopper'], isLead: false, seconds: 90 }),
    call('e', '2026-01-06T17:00:00Z', { agentType: 'RECEPTIONIST', outcome: 'NotLead', tags: ['spam'], isLead: false, seconds: 30 }),
    // The day before the range (23:59 local on the 4th): counted in the period before only.
    call('f', '2026-01-05T05:59:00Z', { seconds: 600 }),
  ];
  const events = calls.flatMap(syntheticCallEvents);
  // A duplicate delivery of every event, and a call of the other organization.
  await h.bus.publish([...events, ...events, ...syntheticCallEvents({ ...calls[0], orgId: otherOrgId, providerCallId: `call_${run}_other` })]);
  await h.bus.publish([
    createEvent({
      eventId: crypto.randomUUID(),
      type: 'OrganizationAverageJobRevenueSet',
      aggregateId: orgId,
      orgId,
      data: { orgId, avgJobRevenue: 400 },
      correlationId: 'test',
      causationId: null,
    }),
  ]);
  await eventually(async () => {
    const res = await analytics({ from: '2026-01-04', to: '2026-01-06' });
    // Every event of every call projected: counts, outcomes and both tag lists (tags arrive after the outcome).
    const b = res.body;
    const settled =
      b.totalCount === 6 &&
      b.totalBooked === 3 &&
      b.totalUnbooked === 1 &&
      b.avgJobRevenue === 400 &&
      b.unbookedTagCounts?.length === 1 &&
      b.excusedTagCounts?.length === 1 &&
      b.agentStats?.RECEPTIONIST?.spam === 1;
    return settled ? res : null;
  }, 30_000);
}, 180_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

describe('POST /call/analytics', () => {
  it("sums the range's calls by the organization's local days, once each despite duplicate deliveries", async () => {
    const res = await analytics({ from: '2026-01-05', to: '2026-01-06' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      orgId,
      from: '2026-01-05',
      to: '2026-01-06',
      timezone: 'America/Chicago',
      ttl: 60,
      totalCount: 5,
      totalBooked: 2,
      totalUnbooked: 1,
      totalMinutes: 11.0,
      totalRevenue: 800,
      afterHours: { calls: 1, booked: 1 },
      unbookedTagCounts: [{ tag: 'no_availability', count: 1 }],
      excusedTagCounts: [{ tag: 'price_shopper', count: 1 }],
    });
    expect(res.body.agentStats.AI_CSR).toMatchObject({ calls: 4, leads: 3, booked: 2, unbooked: 1, excused: 1, bookingRate: 66.7 });
    expect(res.body.agentStats.RECEPTIONIST).toMatchObject({ calls: 1, spam: 1 });
    expect(res.body.dailyCallCounts.map((d: { date: string; calls: number }) => [d.date, d.calls])).toEqual([
      ['2026-01-05', 3],
      ['2026-01-06', 2],
    ]);
    expect(res.body.agentStats.AI_CSR.dailyBookedCounts).toEqual([
      { date: '2026-01-05', count: 2 },
      { date: '2026-01-06', count: 0 },
    ]);
    expect(res.body.insights.length).toBeGreaterThan(0);
  });

  it('moves a call from unbooked to excused when staff reclassify it', async () => {
    const interactionId = interactionIdForProviderCall(orgId, 'retell', `call_${run}_c`);
    await eventually(async () => ((await owner.post('/call/retrieve').send({ callId: interactionId })).status === 200 ? true : null), 20_000);
    const reclassified = await owner.post('/call/reclassify').send({ callId: interactionId, newStatus: 'EXCUSED' });
    expect(reclassified.status).toBe(200);
    const after = await eventually(async () => {
      const res = await analytics({ from: '2026-01-05', to: '2026-01-06' });
      return res.body.totalUnbooked === 0 ? res : null;
    }, 20_000);
    expect(after.body).toMatchObject({ totalCount: 5, totalUnbooked: 0, unbookedTagCounts: [] });
    expect(after.body.agentStats.AI_CSR.excused).toBe(2);
    expect(after.body.excusedTagCounts).toEqual(expect.arrayContaining([{ tag: 'no_availability', count: 1 }]));
  });

  it('answers an empty range with zero days, not an error', async () => {
    const res = await analytics({ from: '2025-06-01', to: '2025-06-03' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalCount: 0, totalRevenue: 0, insights: [] });
    expect(res.body.dailyCallCounts).toHaveLength(3);
  });

  it('refuses a range that ends before it starts, and a missing date', async () => {
    const backwards = await analytics({ from: '2026-01-06', to: '2026-01-05' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('from must not be after to');
    expect((await analytics({ from: '2026-01-06' })).status).toBe(400);
  });

  it('gives a user of another organization a 401, and a signed-out caller the login redirect', async () => {
    const other = await onboardAndLogIn(h, { name: `Third ${run}`, adminEmail: `third-${run}@analytics.test`, officeEmail: `office-t-${run}@analytics.test` });
    const res = await other.agent.post('/call/analytics').send({ orgId, from: '2026-01-05', to: '2026-01-06' });
    expect(res.status).toBe(401);
    expect((await request(h.app).post('/call/analytics').send({ orgId, from: '2026-01-05', to: '2026-01-06' })).status).toBe(307);
  }, 60_000);
});

describe('POST /chat/daily-counts', () => {
  it('gives leads, booked and unbooked per local day, zero days included', async () => {
    const res = await owner.post('/chat/daily-counts').send({ orgId, from: '2026-01-04', to: '2026-01-07' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ from: '2026-01-04', to: '2026-01-07', timezone: 'America/Chicago', ttl: 60 });
    expect(res.body.dailyBookedCounts).toEqual([
      { date: '2026-01-04', count: 1 },
      { date: '2026-01-05', count: 2 },
      { date: '2026-01-06', count: 0 },
      { date: '2026-01-07', count: 0 },
    ]);
    expect(res.body.dailyLeadCounts.map((d: { count: number }) => d.count)).toEqual([1, 3, 0, 0]);
  });
});

describe('average job revenue (admin)', () => {
  it('is listed and set by an operator only, and the revenue follows it', async () => {
    expect((await owner.get('/avg-job-revenue')).status).toBe(401);
    expect((await owner.put('/avg-job-revenue').send({ orgId, avgJobRevenue: 1 })).status).toBe(401);
    const admin = (r: request.Test) => r.set('authorization', `Bearer ${h.adminToken}`);
    const negative = await admin(request(h.app).put('/avg-job-revenue')).send({ orgId, avgJobRevenue: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toContain('Average job revenue must be non-negative');
    expect((await admin(request(h.app).put('/avg-job-revenue')).send({ orgId: crypto.randomUUID(), avgJobRevenue: 5 })).status).toBe(404);
    const set = await admin(request(h.app).put('/avg-job-revenue')).send({ orgId, avgJobRevenue: 250 });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ success: true, message: 'Average job revenue updated', avg_job_revenue: 250 });
    const revenue = await eventually(async () => {
      const res = await analytics({ from: '2026-01-05', to: '2026-01-06' });
      return res.body.avgJobRevenue === 250 ? res.body.totalRevenue : null;
    }, 20_000);
    expect(revenue).toBe(500);
    const list = await admin(request(h.app).get('/avg-job-revenue'));
    expect(list.body.organizations).toEqual(expect.arrayContaining([{ id: orgId, name: `Analytics ${run}`, avg_job_revenue: 250 }]));
  });
});
