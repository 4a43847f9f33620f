import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { Kafka, logLevel } from 'kafkajs';
import { DEFAULT_REGULAR_HOURS } from '../domain/organization/organization-settings.schema';
import { createKafkaBus, DEFAULT_MAX_BATCH, topicFor } from '../events/bus/kafka-bus';
import type { EventBus, Subscription } from '../events/bus/event-bus.port';
import { createEvent, type DomainEvent } from '../events/catalog';
import { PROJECTIONS } from '../events/projections';
import type { Projection } from '../events/projections/projection';
import { runProjectors } from '../events/projector';
import { demoCalls, syntheticCallEvents } from '../prisma/demo-calls';
import { createTestDatabase, integrationConfig, testLogger, type TestDatabase } from '../tests/support/integration';
import { percentile } from './bench/stats';

// `npm run bench:projectors`: issue 16 point 2 against the test stack's servers (start them first with
// `npm run test:stack`; HOMEAGENT_TEST_SLOT as for the tests). A fresh database and fresh topics each run.
//
//  1. The floor: a bare kafkajs consumer loop (eachBatch, each value parsed as JSON, nothing else) reading a backlog of
//     BENCH_EVENTS interaction events (the six events each classified call leaves: started, ended, customer, classified,
//     tagged, summarised) → events/s.
//  2. Each projector on the interaction topic alone over the same backlog, as `npm start` runs it (its own consumer
//     group, runs of up to BENCH_BATCH events, default the bus's, in one transaction, BENCH_CONCURRENCY partitions at
//     once, default 3 as worker/projectors.main.ts) → events/s.
//  3. Those projectors together under a steady BENCH_RATE events/s (default 2,500: half the 5,000 target) for
//     BENCH_SECONDS → lag from the publish to the committed read model, p50/p99, per projector.

const env = (name: string, fallback: string) => process.env[name] ?? fallback;
const EVENTS = Number(env('BENCH_EVENTS', '60000'));
const RATE = Number(env('BENCH_RATE', '2500'));
const SECONDS = Number(env('BENCH_SECONDS', '20'));
const BATCH = Number(env('BENCH_BATCH', String(DEFAULT_MAX_BATCH)));
const CONCURRENCY = Number(env('BENCH_CONCURRENCY', '3'));
const TARGET_RATE = 5000;
const TARGET_LAG_P99_MS = 500;

/** The box's load average (1, 5, 15 min), printed beside every figure: on a shared box the figures move with it. */
const load = () =>
  `load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const perSecond = (n: number, ms: number) => Math.round((n / ms) * 1000);

function organizationCreated(orgId: string, n: number): DomainEvent {
  return createEvent({
    eventId: randomUUID(),
    type: 'OrganizationCreated',
    aggregateId: orgId,
    orgId,
    correlationId: 'bench-projectors',
    causationId: null,
    data: {
      orgId,
      name: `Bench ${n}`,
      slug: `bench-${n}-${orgId.slice(0, 8)}`,
      timezone: 'America/Chicago',
      crmName: 'NONE',
      officeEmail: `office-${n}@bench.test`,
      adminEmails: [],
      tradesOffered: ['HVAC'],
      enterpriseId: null,
      regularHours: DEFAULT_REGULAR_HOURS,
      emergencyHours: null,
    },
  });
}

/** At least `count` interaction events: demo-like calls spread over a few organizations, each call's ids its own. */
function callEvents(orgIds: string[], count: number, today: string): DomainEvent[] {
  const events: DomainEvent[] = [];
  for (let round = 0; events.length < count; round += 1) {
    for (const orgId of orgIds) {
      for (const call of demoCalls(orgId, 'America/Chicago', today, 60)) {
        events.push(...syntheticCallEvents({ ...call, providerCallId: `${call.providerCallId}-r${round}-${randomUUID().slice(0, 8)}` }));
      }
    }
  }
  return events.slice(0, count);
}

async function publishAll(bus: EventBus, events: DomainEvent[]) {
  for (let i = 0; i < events.length; i += 1000) await bus.publish(events.slice(i, i + 1000));
}

/** A bare consumer loop over the topic from its beginning until `expected` records were read: the floor. */
async function bareConsumerFloor(brokers: string[], topic: string, expected: number): Promise<number> {
  const kafka = new Kafka({ clientId: 'bench-floor', brokers, logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `bench-floor-${randomUUID()}` });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: true });
  let read = 0;
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    consumer
      .run({
        eachBatch: async ({ batch }) => {
          for (const message of batch.messages) if ((JSON.parse(message.value!.toString('utf8')) as { eventId?: string }).eventId) read += 1;
          if (read >= expected) resolve();
        },
      })
      .catch(reject);
  });
  const elapsed = performance.now() - started;
  await consumer.disconnect();
  return perSecond(read, elapsed);
}

/** Wraps the bus so each projector's handled runs are seen once committed: the moment an event is in the read model. */
function observedBus(bus: EventBus, onApplied: (groupId: string, events: DomainEvent[]) => void): EventBus {
  return {
    ...bus,
    subscribe: (opts) =>
      bus.subscribe(
        'onEvents' in opts
          ? {
              ...opts,
              onEvents: async (run) => {
                await opts.onEvents(run);
                onApplied(
                  opts.groupId,
                  run.map((c) => c.event),
                );
              },
            }
          : opts,
      ),
  };
}

/**
 * Events of the topic per second one projector goes through: it is handed only the records whose types it handles (the
 * bus passes over the others by their header), so it is done when it has applied those, and the rate is the whole
 * topic's `total` over that time.
 */
async function projectorAlone(tdb: TestDatabase, bus: EventBus, projection: Projection, prefix: string, expected: number, total = expected): Promise<number> {
  let seen = 0;
  let done: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const started = performance.now();
  const running: Subscription = await runProjectors({
    db: tdb.db,
    bus: observedBus(bus, (_group, events) => {
      seen += events.length;
      if (seen >= expected) done();
    }),
    projections: [projection],
    topicPrefix: prefix,
    logger: testLogger,
    maxBatch: BATCH,
    concurrentPartitions: CONCURRENCY,
  });
  await finished;
  const elapsed = performance.now() - started;
  await running.stop();
  return perSecond(total, elapsed);
}

/** How many of `events` a projection is handed (the types it handles). */
const handledBy = (projection: Projection, events: readonly DomainEvent[]) => events.filter((e) => projection.handles.includes(e.type)).length;

async function lagUnderLoad(
  tdb: TestDatabase,
  bus: EventBus,
  projections: Projection[],
  prefix: string,
  orgIds: string[],
  today: string,
  backlog: DomainEvent[],
) {
  const published = new Map<string, number>();
  const seen = new Map<string, number>(projections.map((p) => [p.name, 0]));
  const lags = new Map<string, number[]>(projections.map((p) => [p.name, []]));
  const groupOf = new Map(projections.map((p) => [`${prefix}lag.projection.${p.name}`, p.name]));
  const running = await runProjectors({
    db: tdb.db,
    bus: observedBus(bus, (groupId, events) => {
      const now = performance.now();
      const name = groupOf.get(groupId)!;
      seen.set(name, seen.get(name)! + events.length);
      for (const e of events) {
        const at = published.get(e.eventId);
        if (at !== undefined) lags.get(name)!.push(now - at);
      }
    }),
    projections,
    topicPrefix: `${prefix}lag.`,
    logger: testLogger,
    maxBatch: BATCH,
    concurrentPartitions: CONCURRENCY,
  });
  // The lag groups read the whole backlog first (already applied: skipped); the load starts once they are through it.
  const caughtUp = performance.now() + 300_000;
  const backlogHandled = new Map(projections.map((p) => [p.name, handledBy(p, backlog)]));
  while ([...seen.entries()].some(([name, n]) => n < backlogHandled.get(name)!)) {
    if (performance.now() > caughtUp) throw new Error('the projectors did not catch up with the backlog in 5 minutes');
    await sleep(100);
  }
  const total = RATE * SECONDS;
  const load = callEvents(orgIds, total, today);
  const perTick = Math.max(1, Math.round(RATE / 20));
  const started = performance.now();
  for (let i = 0, tick = 0; i < load.length; i += perTick, tick += 1) {
    const wait = started + tick * 50 - performance.now();
    if (wait > 0) await sleep(wait);
    const slice = load.slice(i, i + perTick);
    const at = performance.now();
    for (const e of slice) published.set(e.eventId, at);
    await bus.publish(slice);
  }
  const sendSeconds = (performance.now() - started) / 1000;
  const handled = new Map(projections.map((p) => [p.name, handledBy(p, load)]));
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline && [...lags.entries()].some(([name, l]) => l.length < handled.get(name)!)) await sleep(200);
  await running.stop();
  return { sent: load.length, sendSeconds, lags, handled };
}

async function main() {
  const config = integrationConfig();
  const brokers = config.KAFKA_BROKERS.split(',');
  const prefix = `bench-${randomUUID().slice(0, 8)}.`;
  const bus = createKafkaBus({ brokers, clientId: 'bench-projectors', topicPrefix: prefix, logger: testLogger });
  await bus.ensureTopics();
  // The projectors' own pool as `npm start` gives it (createDb's 10), not a test file's 5: with 5, the twelve runs the
  // four projectors apply at once (three partitions each) queued for a connection, which the lag figure counted.
  process.env.TEST_DB_MAX_CONNECTIONS ??= '10';
  const tdb = await createTestDatabase(config);
  try {
    const today = new Date().toISOString().slice(0, 10);
    const orgIds = Array.from({ length: 8 }, () => randomUUID());
    const backlog = callEvents(orgIds, EVENTS, today);
    const organizations = orgIds.map((id, n) => organizationCreated(id, n));
    const types = new Set(backlog.map((e) => e.type));
    const projections = PROJECTIONS.filter((p) => p.aggregateTypes.includes('interaction') && p.handles.some((t) => types.has(t)));
    console.log(`Projectors on the interaction topic: ${projections.map((p) => p.name).join(', ')}`);
    console.log(`Publishing ${organizations.length} organizations and a backlog of ${backlog.length} interaction events…`);
    const organizationsProjection = PROJECTIONS.find((p) => p.name === 'organizations')!;
    await publishAll(bus, organizations);
    await projectorAlone(tdb, bus, organizationsProjection, prefix, organizations.length);
    const publishStarted = performance.now();
    await publishAll(bus, backlog);
    console.log(`  published at ${perSecond(backlog.length, performance.now() - publishStarted)} events/s`);

    console.log(`\n1–2. Reading the backlog (${backlog.length} events), events/s (target ≥ ${TARGET_RATE}):`);
    const floor = await bareConsumerFloor(brokers, topicFor(prefix, 'interaction'), backlog.length);
    console.log(`  ${'bare kafkajs consumer loop (floor)'.padEnd(40)} ${String(floor).padStart(7)}  ${load()}`);
    for (const projection of projections) {
      const rate = await projectorAlone(tdb, bus, projection, prefix, handledBy(projection, backlog), backlog.length);
      const verdict = rate >= TARGET_RATE ? 'meets' : 'below';
      console.log(
        `  ${`${projection.name} (runs ≤ ${BATCH}, ${projection.concurrentRuns ? CONCURRENCY : 1} at once)`.padEnd(40)} ${String(rate).padStart(7)}  ${verdict} the target, ${(floor / rate).toFixed(1)}× the floor's time  ${load()}`,
      );
    }

    console.log(`\n3. All of them at ${RATE} events/s for ${SECONDS} s: publish → committed in the read model (target p99 ≤ ${TARGET_LAG_P99_MS} ms)`);
    const { sent, sendSeconds, lags, handled } = await lagUnderLoad(tdb, bus, projections, prefix, orgIds, today, backlog);
    console.log(`  sent ${sent} events in ${sendSeconds.toFixed(1)} s (${perSecond(sent, sendSeconds * 1000)} events/s)  ${load()}`);
    for (const [name, values] of lags) {
      const sorted = [...values].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      console.log(
        `  ${name.padEnd(40)} applied ${sorted.length} of the ${handled.get(name)} it handles  p50 ${percentile(sorted, 50).toFixed(0)} ms  p99 ${p99.toFixed(0)} ms  ${sorted.length === handled.get(name) && p99 <= TARGET_LAG_P99_MS ? 'meets' : 'misses'} the target  ${load()}`,
      );
    }
  } finally {
    await bus.close();
    await tdb.drop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
