import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, integrationConfig, type TestDatabase } from '../../../tests/support/integration';
import { CALL_GROUPS } from '../../../domain/contracts/calls.contract';
import { createInteractionRepository, type CallLogsFilter } from './interactions.repository';

// The call logs' page (issue 16): one SQL statement for the calls and their jobs. Every filter, paged by offset and
// by keyset cursor, lists the calls a plain filter over the rows lists, in the (created_at desc, id desc) order.

const config = integrationConfig();
let tdb: TestDatabase;
const orgId = randomUUID();
const otherOrgId = randomUUID();

const STATUSES = ['BOOKED', 'UNBOOKED', 'EXCUSED', 'ABANDONED', 'SOLD', 'VOICEMAIL'];
const AGENTS = ['OFFICE_HOURS_CSR', 'AFTER_HOURS_CSR', null];

interface Seeded {
  id: string;
  orgId: string;
  createdAt: Date;
  agentType: string | null;
  voiceAgentId: string;
  callStatus: string;
  reviewedAt: Date | null;
  searchText: string;
}

// 40 calls of the org (every third pair sharing a created_at, so the cursor's tie on created_at is broken by id)
// and 10 of another org at the same times.
const seeded: Seeded[] = Array.from({ length: 50 }, (_, i) => ({
  id: randomUUID(),
  orgId: i < 40 ? orgId : otherOrgId,
  createdAt: new Date(Date.UTC(2026, 2, 1) + Math.floor((i % 40) / 2) * 3 * 3_600_000 + (i % 3 === 0 ? 0 : (i % 2) * 60_000)),
  agentType: AGENTS[i % 3],
  voiceAgentId: i % 4 === 0 ? 'agent_a' : 'agent_b',
  callStatus: STATUSES[i % 6],
  reviewedAt: i % 5 === 0 ? new Date(Date.UTC(2026, 3, 1)) : null,
  searchText: `caller ${i} +1512555${String(i).padStart(4, '0')} ${i % 2 === 0 ? 'water heater' : 'furnace'}`,
}));

type Filter = Omit<CallLogsFilter, 'orgId' | 'page' | 'pageSize' | 'after'>;

function expected(f: Filter): string[] {
  const terms = (f.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return seeded
    .filter(
      (c) =>
        c.orgId === orgId &&
        (!f.agentTypes || (c.agentType !== null && f.agentTypes.includes(c.agentType))) &&
        (!f.agentId || c.voiceAgentId === f.agentId) &&
        (!f.from || c.createdAt >= f.from) &&
        (!f.to || c.createdAt <= f.to) &&
        terms.every((t) => c.searchText.includes(t)) &&
        (!f.group || (CALL_GROUPS[f.group] as readonly string[]).includes(c.callStatus)) &&
        (!f.needsFollowUp || ((CALL_GROUPS.unbooked as readonly string[]).includes(c.callStatus) && c.reviewedAt === null)),
    )
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((c) => c.id);
}

const filters: Filter[] = [
  { agentTypes: null },
  { agentTypes: ['AFTER_HOURS_CSR'] },
  { agentTypes: ['OFFICE_HOURS_CSR', 'AFTER_HOURS_CSR'], agentId: 'agent_b' },
  { agentTypes: null, from: new Date('2026-03-02T00:00:00.000Z'), to: new Date('2026-03-03T23:59:59.999Z') },
  { agentTypes: null, group: 'unbooked' },
  { agentTypes: null, group: 'excused', from: new Date('2026-03-02T00:00:00.000Z') },
  { agentTypes: null, needsFollowUp: true },
  { agentTypes: null, search: 'water heater' },
  { agentTypes: null, search: '5550012' },
];

beforeAll(async () => {
  tdb = await createTestDatabase(config);
  await tdb.db.interaction.createMany({
    data: seeded.map((c) => ({
      ...c,
      callId: randomUUID(),
      provider: 'retell',
      providerCallId: `call_${c.id}`,
      updatedAt: c.createdAt,
      // Milliseconds the page's ISO text must keep as toISOString writes them.
      startedAt: new Date(c.createdAt.getTime() - 61_507),
      tags: ['t'],
      summary: [{ title: 'Summary', content: ['Asked about a repair'] }],
      callAnalysis: { call_summary: null, metadata: {} },
      durationSeconds: 61.5,
    })),
  });
}, 60_000);

afterAll(async () => {
  await tdb?.drop();
});

describe('the call logs page', () => {
  it('lists the calls of every filter in order, the same by offset and by cursor', async () => {
    const repo = createInteractionRepository(tdb.db);
    for (const f of filters) {
      const want = expected(f);
      expect(want.length).toBeGreaterThan(0);
      const byOffset: string[] = [];
      const byCursor: string[] = [];
      let after: CallLogsFilter['after'];
      for (let page = 1; page <= Math.ceil(want.length / 3); page++) {
        const offset = await repo.listCallLogs({ ...f, orgId, page, pageSize: 3 });
        byOffset.push(...offset.rows.map((r) => r.id));
        const cursor = await repo.listCallLogs({ ...f, orgId, page, pageSize: 3, after });
        byCursor.push(...cursor.rows.map((r) => r.id));
        const last = cursor.rows.at(-1);
        after = last && { createdAt: new Date(last.createdAt), id: last.id };
      }
      expect({ f, ids: byOffset }).toEqual({ f, ids: want });
      expect({ f, ids: byCursor }).toEqual({ f, ids: want });
    }
  });

  it("reads each row's columns with their types (times as toISOString's text), and the jobs of its completed CRM actions folded per job", async () => {
    const call = seeded.filter((c) => c.orgId === orgId).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))[0];
    const action = (actionType: string, status: string, result: object, at: string) => ({
      actionId: randomUUID(),
      orgId,
      interactionId: call.id,
      actionType,
      businessKey: randomUUID(),
      status,
      payload: { job_type_id: 'jt_1' },
      result,
      createdAt: new Date(at),
      updatedAt: new Date(at),
    });
    await tdb.db.interactionAction.createMany({
      data: [
        action('job_booking', 'COMPLETED', { jobId: '9001', jobNumber: 'J-9001', customerId: 'cus_7' }, '2026-04-01T10:00:00Z'),
        action('job_cancel', 'COMPLETED', { jobId: '9001' }, '2026-04-01T11:00:00Z'),
        action('job_booking', 'DROPPED', { jobId: '9002' }, '2026-04-01T12:00:00Z'),
        action('send_sms', 'COMPLETED', { jobId: '9003' }, '2026-04-01T12:00:00Z'),
      ],
    });
    const { rows } = await createInteractionRepository(tdb.db).listCallLogs({ agentTypes: null, orgId, page: 1, pageSize: 2 });
    expect(rows[0]).toMatchObject({
      id: call.id,
      orgId,
      createdAt: call.createdAt.toISOString(),
      startedAt: new Date(call.createdAt.getTime() - 61_507).toISOString(),
      endedAt: null,
      reviewedAt: call.reviewedAt?.toISOString() ?? null,
      tags: ['t'],
      durationSeconds: 61.5,
      summary: [{ title: 'Summary', content: ['Asked about a repair'] }],
      platformSummary: null,
      jobs: [{ interactionId: call.id, jobId: '9001', jobNumber: 'J-9001', bookingId: null, jobStatus: 'CANCELED', jobTypeId: 'jt_1', customerId: 'cus_7' }],
    });
    expect(rows[1].jobs).toEqual([]);
  });
});
