import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, eventually, integrationConfig, testLogger, uniqueName, type TestDatabase } from '../tests/support/integration';
import { organizationCreatedEvent } from '../tests/support/domain-events';
import { createDb } from '../prisma/client';
import { createKafkaBus } from './bus/kafka-bus';
import type { EventBus, Subscription } from './bus/event-bus.port';
import { applyWithRetries, isTransientError, type RetryPolicy } from './dead-letter';
import { organizationsProjection } from './projections/organizations/organizations.projection';
import { deadLettersProjection } from './projections/dead-letters/dead-letters.projection';
import { applyOrDeadLetter, runProjectors } from './projector';
import { rebuildReadModels } from './rebuild-read-models';
import { createDeadLetterOperations } from '../api/use-cases/dead-letters';
import type { Projection } from './projections/projection';

const config = integrationConfig();
let tdb: TestDatabase;
let bus: EventBus;
let projectors: Subscription;
const topicPrefix = `${uniqueName('dl').toLowerCase().replace(/_/g, '-')}.`;
const policy: RetryPolicy = { tries: 3, backoffMs: () => 20 };
const projections = [organizationsProjection, deadLettersProjection];

function organizationCreated(orgId: string, name: string) {
  return organizationCreatedEvent({ orgId, name, slug: `s-${orgId.slice(0, 8)}`, correlationId: 'it-dead-letter' });
}

beforeAll(async () => {
  tdb = await createTestDatabase(config);
  // One partition: the poison event and the good one after it share it, as they would by bad luck.
  bus = createKafkaBus({ brokers: config.KAFKA_BROKERS.split(','), clientId: 'it-dead-letter', topicPrefix, partitions: 1, logger: testLogger });
  await bus.ensureTopics();
  projectors = await runProjectors({ db: tdb.db, bus, projections, topicPrefix, logger: testLogger, retryPolicy: policy });
}, 60_000);

afterAll(async () => {
  await projectors?.stop();
  await bus?.close();
  await tdb?.drop();
});

describe('poison events', () => {
  const poisonOrg = randomUUID();
  const goodOrg = randomUUID();
  // Postgres text cannot hold NUL: the projection's insert fails for this event every time.
  const poison = organizationCreated(poisonOrg, 'Bad\u0000Name');
  const good = organizationCreated(goodOrg, 'Good Heating');

  it('dead-letters an event the projection cannot apply after a bounded number of tries, and projects the next one in its partition', async () => {
    await bus.publish([poison]);
    await bus.publish([good]);
    const row = await eventually(() => tdb.db.organization.findUnique({ where: { id: goodOrg } }), 30_000);
    expect(row.name).toBe('Good Heating');
    expect(await tdb.db.organization.findUnique({ where: { id: poisonOrg } })).toBeNull();

    // The dead-letters read model, fed from the dead_letter topic, holds it with its error and its place in the log.
    const letter = await eventually(
      () => tdb.db.deadLetter.findUnique({ where: { projection_eventId: { projection: 'organizations', eventId: poison.eventId } } }),
      20_000,
    );
    expect(letter).toMatchObject({ eventType: 'OrganizationCreated', orgId: poisonOrg, tries: 3, status: 'open', occurrences: 1 });
    expect(letter).toMatchObject({ sourceTopic: `${topicPrefix}organization`, sourcePartition: 0, sourceOffset: 0n });
    expect(JSON.parse(letter.event)).toEqual(poison);
    // A data exception (SQLSTATE class 22), not an outage.
    expect(letter.errorCode).toMatch(/^22/);
    expect(letter.errorMessage).toMatch(/0x00|null character|unsupported Unicode/i);
    expect(letter.lastFailedAt.getTime()).toBeGreaterThanOrEqual(letter.firstFailedAt.getTime());
  }, 60_000);

  it('lets the rebuild skip the poison event, report it, and end', async () => {
    const { replayed, skipped } = await rebuildReadModels({ db: tdb.db, databaseUrl: tdb.url, bus, projections, logger: testLogger, retryPolicy: policy });
    expect(replayed.organizations).toBe(2);
    expect(skipped.map((s) => [s.projection, s.event.eventId, s.source.offset])).toEqual([['organizations', poison.eventId, '0']]);
    expect((await tdb.db.organization.findUnique({ where: { id: goodOrg } }))?.name).toBe('Good Heating');
    // The skip is recorded as a dead letter too: the rebuilt read model holds it, counted twice now.
    await eventually(
      async () =>
        (await tdb.db.deadLetter.findUnique({ where: { projection_eventId: { projection: 'organizations', eventId: poison.eventId } } }))?.occurrences === 2,
    );
  }, 60_000);

  const key = { projection: 'organizations', eventId: poison.eventId };
  const origin = { correlationId: 'it-operator', causationId: 'staff:operator-1' };
  const row = (eventId: string) => tdb.db.deadLetter.findUnique({ where: { projection_eventId: { projection: 'organizations', eventId } } });

  it('records a retry that fails again, and keeps the dead letter open', async () => {
    const ops = createDeadLetterOperations({ db: tdb.db, events: bus, projections });
    const result = await ops.retry(key, origin);
    expect(result.outcome).toBe('failed');
    expect(result.error).toMatch(/0x00/);
    const after = await eventually(async () => ((await row(poison.eventId))?.retryOutcome === 'failed' ? row(poison.eventId) : null));
    expect(after).toMatchObject({ status: 'open', resolvedBy: 'staff:operator-1' });
  }, 30_000);

  it('lands a retried dead letter in its read model after a fix', async () => {
    // The fix, as a new release of the projection would ship it: NUL is dropped from the name.
    const fixed: Projection = {
      ...organizationsProjection,
      apply: (tx, event) =>
        organizationsProjection.apply(
          tx,
          event.type === 'OrganizationCreated' ? { ...event, data: { ...event.data, name: event.data.name.replace(/\u0000/g, '') } } : event,
        ),
    };
    const ops = createDeadLetterOperations({ db: tdb.db, events: bus, projections: [fixed, deadLettersProjection] });
    expect(await ops.retry(key, origin)).toEqual({ outcome: 'applied', error: null });
    expect((await tdb.db.organization.findUnique({ where: { id: poisonOrg } }))?.name).toBe('BadName');
    const after = await eventually(async () => ((await row(poison.eventId))?.status === 'retried' ? row(poison.eventId) : null));
    expect(after).toMatchObject({ retryOutcome: 'applied', retryError: null });
    expect(await ops.list('open', 10)).toMatchObject({ deadLetters: [], open: 0 });
    // Closed: a second retry is refused.
    await expect(ops.retry(key, origin)).rejects.toMatchObject({ status: 400 });
  }, 30_000);

  it("discards a dead letter with the operator's reason", async () => {
    const other = organizationCreated(randomUUID(), 'Also\u0000Bad');
    await bus.publish([other]);
    await eventually(() => row(other.eventId), 30_000);
    const ops = createDeadLetterOperations({ db: tdb.db, events: bus, projections });
    await expect(ops.discard({ projection: 'organizations', eventId: other.eventId }, 'test data from a fuzzer', origin)).resolves.toBeUndefined();
    const after = await eventually(async () => ((await row(other.eventId))?.status === 'discarded' ? row(other.eventId) : null));
    expect(after).toMatchObject({ discardReason: 'test data from a fuzzer', resolvedBy: 'staff:operator-1' });
    expect(after!.discardedAt).toBeInstanceOf(Date);
    await expect(ops.discard({ projection: 'organizations', eventId: other.eventId }, 'again', origin)).rejects.toMatchObject({ status: 400 });
    await expect(ops.discard({ projection: 'organizations', eventId: randomUUID() }, 'none', origin)).rejects.toMatchObject({ status: 404 });
  }, 60_000);

  it('does not dead-letter while Postgres is unreachable: the error is thrown for redelivery', async () => {
    // Same database name and credentials, a port nothing listens on: an outage as the projector sees it.
    const url = new URL(tdb.url);
    url.port = '1';
    const down = createDb(url.toString());
    try {
      const consumed = { event: organizationCreated(randomUUID(), 'Fine Name'), topic: 't', partition: 0, offset: '9' };
      const err = await applyOrDeadLetter(down, organizationsProjection, consumed, { policy, logger: testLogger }).then(
        (outcome) => ({ outcome }),
        (e: unknown) => e,
      );
      expect(isTransientError(err)).toBe(true);
    } finally {
      await down.$disconnect();
    }
  }, 30_000);

  it('does not dead-letter a projection failure while the database does not answer', async () => {
    const url = new URL(tdb.url);
    url.port = '1';
    const down = createDb(url.toString());
    // A projection that throws on content; yet the database is down when checked, so it is not skipped.
    const throwing = { ...organizationsProjection, name: 'throwing', apply: async () => Promise.reject(new Error('cannot read this')) };
    try {
      const consumed = { event: organizationCreated(randomUUID(), 'Fine Name'), topic: 't', partition: 0, offset: '9' };
      const result = await applyWithRetries({
        projection: throwing.name,
        event: consumed.event,
        source: consumed,
        apply: () => throwing.apply(),
        healthy: async () => (await down.$queryRaw`SELECT 1`, true),
        policy,
        logger: testLogger,
      }).then(
        () => 'returned',
        (e: Error) => e.message,
      );
      expect(result).toBe('cannot read this');
    } finally {
      await down.$disconnect();
    }
  }, 30_000);
});
