import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, eventually, integrationConfig, testLogger, uniqueName, type TestDatabase } from '../../../tests/support/integration';
import { emptyCallRecord } from '../../../domain/call/call-record.schema';
import { createKafkaBus } from '../../bus/kafka-bus';
import type { EventBus } from '../../bus/event-bus.port';
import { createEvent, type DomainEvent, type EventType, type NewEvent } from '../../catalog';
import { applyToProjection, runProjectors } from '../../projector';
import { rebuildReadModels } from '../../rebuild-read-models';
import { interactionsProjection } from './interactions.projection';
import { createInteractionRepository, type CallLogsFilter } from './interactions.repository';

// The call logs' statusCounts kept by the interactions projection (issue 16): after reclassification, review,
// a redelivered event and a rebuild they equal what counting the rows gives (the path a search takes).

const config = integrationConfig();
let tdb: TestDatabase;
let bus: EventBus;
const topicPrefix = `${uniqueName('it').toLowerCase().replace(/_/g, '-')}.`;
const orgId = randomUUID();
const otherOrgId = randomUUID();
const userId = randomUUID();

function eventOf<T extends EventType>(org: string, interactionId: string, type: T, data: NewEvent<T>['data'], at: string): DomainEvent {
  return createEvent({
    eventId: randomUUID(),
    type,
    aggregateId: interactionId,
    orgId: org,
    correlationId: 'it-call-logs-counts',
    causationId: null,
    occurredAt: new Date(at),
    data,
  } as NewEvent<T>);
}

/** A call's events: started, ended, classified, and then the later changes given. */
function call(org: string, o: { startedAt: string; agentType: 'OFFICE_HOURS_CSR' | 'AFTER_HOURS_CSR'; status: 'BOOKED' | 'UNBOOKED'; later?: string[] }) {
  const interactionId = randomUUID();
  const ids = { interactionId, orgId: org };
  const at = o.startedAt;
  const events = [
    eventOf(
      org,
      interactionId,
      'CallStarted',
      {
        ...ids,
        callId: interactionId,
        provider: 'retell',
        providerCallId: `call_${interactionId}`,
        agentType: o.agentType,
        voiceAgentId: 'agent_1',
        direction: 'inbound',
        customerNumber: '+15125550142',
        startedAt: at,
      },
      at,
    ),
    eventOf(
      org,
      interactionId,
      'CallEnded',
      { ...ids, timedOut: false, record: { ...emptyCallRecord('retell', `call_${interactionId}`), status: 'ended', endedReason: 'user_hangup' } },
      at,
    ),
    eventOf(
      org,
      interactionId,
      'InteractionClassified',
      { ...ids, callType: o.status === 'BOOKED' ? 'Booked' : 'Unbooked', callStatus: o.status, reason: 'it', engine: 'offline' },
      at,
    ),
  ];
  for (const change of o.later ?? []) {
    if (change === 'excuse')
      events.push(
        eventOf(
          org,
          interactionId,
          'InteractionReclassified',
          { ...ids, from: 'UNBOOKED', to: 'EXCUSED', by: 'user', userId, reason: 'price only', tags: [] },
          at,
        ),
      );
    if (change === 'review') events.push(eventOf(org, interactionId, 'InteractionReviewed', { ...ids, reviewedAt: at, userId }, at));
    if (change === 'unreview') events.push(eventOf(org, interactionId, 'InteractionReviewed', { ...ids, reviewedAt: null, userId }, at));
  }
  return events;
}

const calls = [
  call(orgId, { startedAt: '2026-03-01T10:00:00.000Z', agentType: 'OFFICE_HOURS_CSR', status: 'BOOKED' }),
  call(orgId, { startedAt: '2026-03-01T23:30:00.000Z', agentType: 'AFTER_HOURS_CSR', status: 'UNBOOKED' }),
  call(orgId, { startedAt: '2026-03-02T08:00:00.000Z', agentType: 'OFFICE_HOURS_CSR', status: 'UNBOOKED', later: ['excuse'] }),
  call(orgId, { startedAt: '2026-03-03T12:00:00.000Z', agentType: 'OFFICE_HOURS_CSR', status: 'UNBOOKED', later: ['review'] }),
  call(orgId, { startedAt: '2026-03-04T01:00:00.000Z', agentType: 'AFTER_HOURS_CSR', status: 'UNBOOKED', later: ['review', 'unreview'] }),
  call(otherOrgId, { startedAt: '2026-03-02T08:00:00.000Z', agentType: 'OFFICE_HOURS_CSR', status: 'UNBOOKED' }),
];

const filters: Omit<CallLogsFilter, 'orgId' | 'page' | 'pageSize'>[] = [
  { agentTypes: null },
  { agentTypes: ['AFTER_HOURS_CSR'] },
  // Whole days, part days at both ends, within one day.
  { agentTypes: null, from: new Date('2026-03-02T00:00:00.000Z'), to: new Date('2026-03-03T23:59:59.999Z') },
  { agentTypes: null, from: new Date('2026-03-01T12:00:00.000Z'), to: new Date('2026-03-03T11:00:00.000Z') },
  { agentTypes: ['OFFICE_HOURS_CSR'], from: new Date('2026-03-02T07:00:00.000Z'), to: new Date('2026-03-02T09:00:00.000Z') },
  { agentTypes: null, group: 'unbooked' },
  { agentTypes: null, needsFollowUp: true },
];

/** The counts of each filter as the call logs answer them, beside the same counted from the rows (agentId forces it). */
async function countsOfEveryFilter() {
  const repo = createInteractionRepository(tdb.db);
  return Promise.all(
    filters.map(async (f) => {
      const kept = await repo.listCallLogs({ ...f, orgId, page: 1, pageSize: 50 });
      const counted = await repo.listCallLogs({ ...f, orgId, page: 1, pageSize: 50, agentId: 'agent_1' });
      const { rows: _rows, ...counts } = kept;
      expect(counts).toEqual({ statusCounts: counted.statusCounts, totalCount: counted.totalCount, needsFollowUpCount: counted.needsFollowUpCount });
      return counts;
    }),
  );
}

beforeAll(async () => {
  tdb = await createTestDatabase(config);
  bus = createKafkaBus({ brokers: config.KAFKA_BROKERS.split(','), clientId: 'it-call-logs-counts', topicPrefix, logger: testLogger });
  await bus.ensureTopics();
}, 60_000);

afterAll(async () => {
  await bus?.close();
  await tdb?.drop();
});

describe('the call logs status counts kept by the interactions projection', () => {
  let projected: Awaited<ReturnType<typeof countsOfEveryFilter>>;

  it('counts every call once under its latest status and review, as counting the rows does', async () => {
    await bus.publish(calls.flat());
    const projectors = await runProjectors({ db: tdb.db, bus, projections: [interactionsProjection], topicPrefix, logger: testLogger });
    try {
      await eventually(
        async () => ((await tdb.db.processedEvent.count({ where: { projection: interactionsProjection.name } })) === calls.flat().length ? true : null),
        30_000,
      );
    } finally {
      await projectors.stop();
    }
    projected = await countsOfEveryFilter();
    expect(projected[0]).toEqual({ statusCounts: { BOOKED: 1, UNBOOKED: 3, EXCUSED: 1 }, totalCount: 5, needsFollowUpCount: 2 });
    expect(projected[1]).toEqual({ statusCounts: { UNBOOKED: 2 }, totalCount: 2, needsFollowUpCount: 2 });
    expect(projected[3]).toEqual({ statusCounts: { UNBOOKED: 1, EXCUSED: 1 }, totalCount: 2, needsFollowUpCount: 1 });
    expect(projected[4]).toEqual({ statusCounts: { EXCUSED: 1 }, totalCount: 1, needsFollowUpCount: 0 });
    expect(projected[6]).toMatchObject({ totalCount: 2, needsFollowUpCount: 2 });
  }, 60_000);

  it('changes nothing when an event is delivered again', async () => {
    for (const e of [calls[2][3], calls[3][3], calls[0][0]]) {
      expect(await applyToProjection(tdb.db, interactionsProjection, { event: e, topic: 'x', partition: 0, offset: '0' })).toBe('duplicate');
    }
    expect(await countsOfEveryFilter()).toEqual(projected);
  });

  it('moves a call between counts when it is reclassified, and gives the same counts after a rebuild', async () => {
    const unbooked = calls[1][0].data as { interactionId: string };
    const excused = eventOf(
      orgId,
      unbooked.interactionId,
      'InteractionReclassified',
      { interactionId: unbooked.interactionId, orgId, from: 'UNBOOKED', to: 'EXCUSED', by: 'ai', userId: null, reason: 'voicemail', tags: [] },
      '2026-03-02T00:00:00.000Z',
    );
    await bus.publish([excused]);
    expect(await applyToProjection(tdb.db, interactionsProjection, { event: excused, topic: 'x', partition: 0, offset: '0' })).toBe('applied');
    const reclassified = await countsOfEveryFilter();
    expect(reclassified[0]).toEqual({ statusCounts: { BOOKED: 1, UNBOOKED: 2, EXCUSED: 2 }, totalCount: 5, needsFollowUpCount: 1 });
    expect(reclassified[1]).toEqual({ statusCounts: { UNBOOKED: 1, EXCUSED: 1 }, totalCount: 2, needsFollowUpCount: 1 });

    // Damage the kept counts so a rebuild that did not recount would be caught.
    await tdb.db.interactionStatusCount.updateMany({ data: { count: 99 } });
    const { skipped } = await rebuildReadModels({ db: tdb.db, databaseUrl: tdb.url, bus, projections: [interactionsProjection], logger: testLogger });
    expect(skipped).toEqual([]);
    expect(await countsOfEveryFilter()).toEqual(reclassified);
    expect(await tdb.db.interactionStatusCount.aggregate({ _sum: { count: true } })).toEqual({ _sum: { count: calls.length } });
  }, 60_000);
});
