import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, integrationConfig, type TestDatabase } from '../../tests/support/integration';
import { demoCalls, syntheticCallEvents } from '../../prisma/demo-calls';
import { createEvent, type DomainEvent } from '../catalog';
import type { ConsumedEvent } from '../bus/event-bus.port';
import { applyRunToProjection, applyToProjection } from '../projector';
import { interactionsProjection } from './interactions/interactions.projection';
import { callAnalyticsProjection } from './call-analytics/call-analytics.projection';
import { widgetChatsProjection } from './widget-chats/widget-chats.projection';
import { chatSessionsProjection } from './chat-sessions/chat-sessions.projection';

// Issue 16: the projectors apply a run of events with one read and one multi-row write per table. Whatever the runs'
// cut, the read models must be those that applying the same events one by one (the fallback path, and a rebuild's)
// gives, and a run delivered again must change nothing.

const config = integrationConfig();
const PROJECTIONS = [interactionsProjection, callAnalyticsProjection, widgetChatsProjection, chatSessionsProjection];
let oneByOne: TestDatabase;
let inRuns: TestDatabase;

const orgIds = [randomUUID(), randomUUID()];
const today = new Date().toISOString().slice(0, 10);
const userId = randomUUID();

function later(call: DomainEvent[], n: number): DomainEvent[] {
  const classified = call.find((e) => e.type === 'InteractionClassified');
  if (!classified || classified.type !== 'InteractionClassified') return [];
  const { interactionId, orgId } = classified.data;
  const at = new Date(new Date(classified.occurredAt).getTime() + 60_000);
  const envelope = { aggregateId: interactionId, orgId, correlationId: 'it-run-equivalence', causationId: null, occurredAt: at };
  const events: DomainEvent[] = [];
  // Unbooked calls excused with a tag of their own (their unbooked tag counts go down, excused ones up), some reviewed,
  // some reviewed and unreviewed: counts move from one key to another and back.
  if (classified.data.callStatus === 'UNBOOKED' && n % 2 === 0)
    events.push(
      createEvent({
        ...envelope,
        eventId: randomUUID(),
        type: 'InteractionReclassified',
        data: { interactionId, orgId, from: 'UNBOOKED', to: 'EXCUSED', by: 'user', userId, reason: 'price only', tags: ['Price shopper'] },
      }),
    );
  if (n % 3 === 0)
    events.push(
      createEvent({ ...envelope, eventId: randomUUID(), type: 'InteractionReviewed', data: { interactionId, orgId, reviewedAt: at.toISOString(), userId } }),
    );
  if (n % 6 === 0)
    events.push(createEvent({ ...envelope, eventId: randomUUID(), type: 'InteractionReviewed', data: { interactionId, orgId, reviewedAt: null, userId } }));
  return events;
}

const calls = orgIds.flatMap((orgId) => demoCalls(orgId, 'America/Chicago', today, 4).map((c) => syntheticCallEvents(c)));
// The log: every call's own events, then the later changes of some, interleaved across calls as a partition holds them.
const log: ConsumedEvent[] = [...calls.flat(), ...calls.flatMap((c, n) => later(c, n))].map((event, offset) => ({
  event,
  topic: 'it',
  partition: 0,
  offset: String(offset),
}));

async function snapshot(tdb: TestDatabase) {
  const db = tdb.db;
  const [interactions, statusCounts, facts, buckets, tagCounts, chats, sessions] = await Promise.all([
    db.interaction.findMany({ orderBy: { id: 'asc' } }),
    db.interactionStatusCount.findMany({ orderBy: [{ orgId: 'asc' }, { day: 'asc' }, { agentType: 'asc' }, { callStatus: 'asc' }, { reviewed: 'asc' }] }),
    db.callAnalyticsCall.findMany({ orderBy: { interactionId: 'asc' } }),
    db.callAnalyticsBucket.findMany({ orderBy: [{ orgId: 'asc' }, { bucketStart: 'asc' }, { agentType: 'asc' }] }),
    db.callAnalyticsTagCount.findMany({ orderBy: [{ orgId: 'asc' }, { bucketStart: 'asc' }, { outcome: 'asc' }, { tag: 'asc' }] }),
    db.widgetChat.findMany({ orderBy: { interactionId: 'asc' } }),
    db.chatSession.findMany({ orderBy: { interactionId: 'asc' } }),
  ]);
  return { interactions, statusCounts, facts, buckets, tagCounts, chats, sessions };
}

beforeAll(async () => {
  [oneByOne, inRuns] = await Promise.all([createTestDatabase(config), createTestDatabase(config)]);
}, 60_000);

afterAll(async () => {
  await Promise.all([oneByOne?.drop(), inRuns?.drop()]);
});

describe('a run applied at once', () => {
  it('gives the read models that applying its events one by one gives, and changes nothing when delivered again', async () => {
    expect(log.some((c) => c.event.type === 'InteractionReclassified')).toBe(true);
    for (const projection of PROJECTIONS) for (const consumed of log) await applyToProjection(oneByOne.db, projection, consumed);
    const expected = await snapshot(oneByOne);
    expect(expected.interactions.length).toBe(calls.length);
    expect(expected.tagCounts.some((t) => t.outcome === 'EXCUSED')).toBe(true);

    // Runs of 7: a call's events fall in two runs, several calls share a run.
    const runs = Array.from({ length: Math.ceil(log.length / 7) }, (_, i) => log.slice(i * 7, i * 7 + 7));
    for (const projection of PROJECTIONS) for (const run of runs) await applyRunToProjection(inRuns.db, projection, run);
    expect(await snapshot(inRuns)).toEqual(expected);

    // Delivered again (a crash before the offsets were committed), in one long run: nothing applied, nothing changed.
    for (const projection of PROJECTIONS) expect((await applyRunToProjection(inRuns.db, projection, log)).applied).toBe(0);
    expect(await snapshot(inRuns)).toEqual(expected);
  }, 120_000);

  it('gives the same read models when three partitions apply their runs at once (shared rows in key order: no deadlock)', async () => {
    const concurrent = await createTestDatabase(config);
    try {
      // An interaction's events stay in one partition, in order; the counts and rollups rows are shared by all three.
      const partitions: ConsumedEvent[][] = [[], [], []];
      for (const c of log) partitions[parseInt(c.event.aggregateId.slice(-2), 16) % 3]!.push(c);
      expect(partitions.every((p) => p.length > 0)).toBe(true);
      expect(PROJECTIONS.filter((p) => p.concurrentRuns)).toHaveLength(PROJECTIONS.length);
      for (const projection of PROJECTIONS.filter((p) => p.concurrentRuns)) {
        await Promise.all(
          partitions.map(async (events, partition) => {
            for (let i = 0; i < events.length; i += 5) {
              const run = events.slice(i, i + 5).map((c) => ({ ...c, partition }));
              await applyRunToProjection(concurrent.db, projection, run);
            }
          }),
        );
      }
      expect(await snapshot(concurrent)).toEqual(await snapshot(oneByOne));
    } finally {
      await concurrent.drop();
    }
  }, 120_000);

  it('gives the same read models when the whole log is one run', async () => {
    const whole = await createTestDatabase(config);
    try {
      for (const projection of PROJECTIONS) await applyRunToProjection(whole.db, projection, log);
      expect(await snapshot(whole)).toEqual(await snapshot(oneByOne));
    } finally {
      await whole.drop();
    }
  }, 120_000);
});
