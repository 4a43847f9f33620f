import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, eventually, integrationConfig, testLogger, uniqueName, type TestDatabase } from '../tests/support/integration';
import { organizationCreatedEvent } from '../tests/support/domain-events';
import { staffUserIdFor } from '../lib/ids';
import { createKafkaBus } from './bus/kafka-bus';
import type { EventBus, Subscription } from './bus/event-bus.port';
import { createEvent, type DomainEvent } from './catalog';
import { PROJECTIONS } from './projections';
import { organizationsProjection } from './projections/organizations/organizations.projection';
import { applyRunToProjection, applyToProjection, runProjectors } from './projector';
import type { Projection } from './projections/projection';
import { rebuildReadModels } from './rebuild-read-models';

const config = integrationConfig();
let tdb: TestDatabase;
let bus: EventBus;
let projectors: Subscription;
const topicPrefix = `${uniqueName('it').toLowerCase().replace(/_/g, '-')}.`;

function organizationCreated(orgId: string, name: string, slug: string) {
  return organizationCreatedEvent({ orgId, name, slug, correlationId: 'it-projector' });
}

async function snapshot() {
  const [organizations, users, members] = await Promise.all([
    tdb.db.organization.findMany({ orderBy: { id: 'asc' } }),
    tdb.db.staffUser.findMany({ orderBy: { id: 'asc' } }),
    tdb.db.organizationMember.findMany({ orderBy: [{ userId: 'asc' }, { orgId: 'asc' }] }),
  ]);
  return { organizations, users, members };
}

beforeAll(async () => {
  tdb = await createTestDatabase(config);
  bus = createKafkaBus({ brokers: config.KAFKA_BROKERS.split(','), clientId: 'it-projector', topicPrefix, logger: testLogger });
  await bus.ensureTopics();
  projectors = await runProjectors({ db: tdb.db, bus, projections: PROJECTIONS, topicPrefix, logger: testLogger });
}, 60_000);

afterAll(async () => {
  await projectors?.stop();
  await bus?.close();
  await tdb?.drop();
});

describe('projectors on Kafka and Postgres', () => {
  const orgId = randomUUID();
  const email = 'dispatch@acme-air.test';
  const userId = staffUserIdFor(email);
  const created = organizationCreated(orgId, 'Acme Air', 'acme-air');
  const events: DomainEvent[] = [
    created,
    createEvent({
      eventId: randomUUID(),
      type: 'StaffUserRegistered',
      aggregateId: userId,
      orgId,
      correlationId: 'it',
      causationId: null,
      data: { userId, email, name: 'Dispatch', passwordHash: null, isOperator: false },
    }),
    createEvent({
      eventId: randomUUID(),
      type: 'StaffUserJoinedOrganization',
      aggregateId: userId,
      orgId,
      correlationId: 'it',
      causationId: null,
      data: { userId, orgId, role: 'admin' },
    }),
    createEvent({
      eventId: randomUUID(),
      type: 'OrganizationWentLive',
      aggregateId: orgId,
      orgId,
      correlationId: 'it',
      causationId: created.eventId,
      data: { orgId },
    }),
  ];

  it('projects published events into the read models', async () => {
    await bus.publish(events);
    const org = await eventually(async () => {
      const row = await tdb.db.organization.findUnique({ where: { id: orgId } });
      return row?.onboardingStatus === 'LIVE' ? row : null;
    });
    expect(org).toMatchObject({ name: 'Acme Air', slug: 'acme-air', timezone: 'America/Denver', streamVersion: 2 });
    await eventually(async () => (await tdb.db.organizationMember.count({ where: { userId, orgId } })) === 1);
    expect(await tdb.db.staffUser.findUnique({ where: { id: userId } })).toMatchObject({ email, name: 'Dispatch' });
  }, 30_000);

  it('keeps one aggregate in one partition, so its events apply in order', async () => {
    const rows = await tdb.db.processedEvent.findMany({ where: { eventId: { in: [events[0].eventId, events[3].eventId] } } });
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.partition)).size).toBe(1);
    expect(rows.find((r) => r.eventId === events[3].eventId)!.offset).toBeGreaterThan(rows.find((r) => r.eventId === events[0].eventId)!.offset);
  });

  it('changes nothing when the same event is delivered twice', async () => {
    const before = await snapshot();
    // Through Kafka: the duplicates, then a sentinel event; once the sentinel is projected the
    // duplicates (earlier in the same partition) have been seen too.
    await bus.publish([created, events[3]]);
    const sentinel = organizationCreated(orgId, 'ignored', 'ignored');
    await bus.publish([{ ...sentinel, eventId: randomUUID() }]);
    await eventually(async () => (await tdb.db.processedEvent.count({ where: { projection: 'organizations' } })) === 3);
    expect(await snapshot()).toEqual(before);

    // Directly: the second application reports a duplicate.
    const again = await applyToProjection(tdb.db, organizationsProjection, { event: created, topic: 'x', partition: 0, offset: '0' });
    expect(again).toBe('duplicate');
    expect(await snapshot()).toEqual(before);
  }, 30_000);

  it('rebuilds every read model from the log with the same rows', async () => {
    const before = await snapshot();
    // Damage the read models so a rebuild that did not replay would be caught.
    await tdb.db.organization.update({ where: { id: orgId }, data: { name: 'Tampered' } });
    await tdb.db.organizationMember.deleteMany();

    const { replayed, skipped } = await rebuildReadModels({ db: tdb.db, databaseUrl: tdb.url, bus, projections: PROJECTIONS, logger: testLogger });
    expect(skipped).toEqual([]);
    expect(replayed.organizations).toBeGreaterThanOrEqual(4);
    expect(replayed['staff-directory']).toBe(2);
    expect(await snapshot()).toEqual(before);
  }, 60_000);

  // Last: its rows were applied directly, not published, so a rebuild from the log would not keep them.
  it('applies a run in one transaction: unseen events once each and in order, seen ones skipped; a failing run leaves nothing', async () => {
    const at = (event: DomainEvent, offset: number) => ({ event, topic: 'x', partition: 0, offset: String(offset) });
    const wentLive = (id: string, causationId: string) =>
      createEvent({ eventId: randomUUID(), type: 'OrganizationWentLive', aggregateId: id, orgId: id, correlationId: 'it', causationId, data: { orgId: id } });
    const runOrg = randomUUID();
    const runCreated = organizationCreated(runOrg, 'Run Air', uniqueName('run-air'));
    const runLive = wentLive(runOrg, runCreated.eventId);
    // `created` was applied long ago; runCreated appears twice (a producer retry) and applies at its first place.
    const { applied } = await applyRunToProjection(tdb.db, organizationsProjection, [at(created, 1), at(runCreated, 2), at(runCreated, 3), at(runLive, 4)]);
    expect(applied).toBe(2);
    expect(await tdb.db.organization.findUnique({ where: { id: orgId } })).toMatchObject({ name: 'Acme Air' });
    expect(await tdb.db.organization.findUnique({ where: { id: runOrg } })).toMatchObject({ name: 'Run Air', onboardingStatus: 'LIVE', streamVersion: 2 });
    expect((await applyRunToProjection(tdb.db, organizationsProjection, [at(runCreated, 2), at(runLive, 4)])).applied).toBe(0);

    const brokenOrg = randomUUID();
    const brokenCreated = organizationCreated(brokenOrg, 'Broken Air', uniqueName('broken-air'));
    const brokenLive = wentLive(brokenOrg, brokenCreated.eventId);
    const refusing: Projection = {
      ...organizationsProjection,
      applyRun: undefined,
      apply: async (tx, event) => {
        if (event.eventId === brokenLive.eventId) throw new Error('refused by the read model');
        await organizationsProjection.apply(tx, event);
      },
    };
    await expect(applyRunToProjection(tdb.db, refusing, [at(brokenCreated, 5), at(brokenLive, 6)])).rejects.toThrow('refused by the read model');
    expect(await tdb.db.organization.findUnique({ where: { id: brokenOrg } })).toBeNull();
    expect(await tdb.db.processedEvent.count({ where: { eventId: { in: [brokenCreated.eventId, brokenLive.eventId] } } })).toBe(0);
  });

  it('holds a run back while a rebuild holds the projection, then applies it', async () => {
    const heldOrg = randomUUID();
    const heldCreated = organizationCreated(heldOrg, 'Held Air', uniqueName('held-air'));
    const rebuild = new Client({ connectionString: tdb.url });
    await rebuild.connect();
    try {
      // What rebuildReadModels takes before it resets and replays a projection.
      await rebuild.query('SELECT pg_advisory_lock(hashtext($1))', [organizationsProjection.name]);
      let settled = false;
      const run = applyRunToProjection(tdb.db, organizationsProjection, [{ event: heldCreated, topic: 'x', partition: 0, offset: '7' }]).finally(() => {
        settled = true;
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(settled).toBe(false);
      expect(await tdb.db.processedEvent.count({ where: { eventId: heldCreated.eventId } })).toBe(0);
      await rebuild.query('SELECT pg_advisory_unlock(hashtext($1))', [organizationsProjection.name]);
      expect((await run).applied).toBe(1);
      expect(await tdb.db.organization.findUnique({ where: { id: heldOrg } })).toMatchObject({ name: 'Held Air' });
    } finally {
      await rebuild.end();
    }
  });
});
