// The only module that imports kafkajs (in maintenance mode, tulios/kafkajs#1753): a client swap
// stays inside events/bus.
import {
  AssignerProtocol,
  Kafka,
  Partitioners,
  logLevel,
  type Admin,
  type Consumer,
  type EachBatchPayload,
  type KafkaMessage,
  type Producer,
  type SASLOptions,
} from 'kafkajs';
import { randomUUID } from 'node:crypto';
import type { Logger } from '../../lib/logger';
import { AGGREGATE_TYPES, parseEvent, InvalidEventError, type DomainEvent } from '../catalog';
import type { ConsumedEvent, EventBus, Subscription } from './event-bus.port';
import { keepConsuming } from './restarting-consumer';
import { recentlyDecoded } from './recently-decoded';

export interface KafkaBusOptions {
  brokers: string[];
  clientId: string;
  topicPrefix: string;
  /** Partitions of each topic ensureTopics creates (3 unless told). */
  partitions?: number;
  /** Replicas of each topic ensureTopics creates (1 unless told; 3 on a cluster of three brokers). */
  replicationFactor?: number;
  /** TLS to the brokers (a managed cluster). */
  ssl?: boolean;
  sasl?: { mechanism: 'plain' | 'scram-sha-256' | 'scram-sha-512'; username: string; password: string };
  logger: Logger;
}

/**
 * Events handed to an `onEvents` subscriber at once, unless it asks otherwise. A run is what one fetch brought of one
 * partition (kafkajs fetches whatever is there, up to 1 MB a partition: about 1,200 of the interaction topic's events),
 * cut at this cap: nothing waits for a run to fill, and a projector that fell behind takes the bigger runs that cost
 * it less per event (each run has a fixed cost: a transaction, its lock, the processed-events insert, one read and
 * one write). With runs of 200 a fetch of 800 events took four transactions back to back, and every event of the
 * fetch waited for the last of them before the next fetch (issue 16: lag p99 at 2,500 events/s).
 */
export const DEFAULT_MAX_BATCH = 1000;

/**
 * Decoded events a bus keeps for its other consumer groups (`recentlyDecoded`): at most this many bytes of records
 * (about 9,000 of the interaction topic's events, a few seconds at 2,500 events/s), none older than this.
 */
const DECODED_KEPT_BYTES = 8 * 1024 * 1024;
const DECODED_KEPT_MS = 10_000;

export function topicFor(prefix: string, aggregateType: string): string {
  return `${prefix}${aggregateType}`;
}

export function deadLetterTopic(prefix: string): string {
  return `${prefix}dead-letter`;
}

/**
 * A KRaft broker answers UNKNOWN_TOPIC_OR_PARTITION for a moment after it created a topic, which
 * kafkajs's own `waitForLeaders` does not retry (it waits out LEADER_NOT_AVAILABLE only). So wait
 * here until every partition of every topic has a leader.
 */
async function waitForLeaders(admin: Admin, topics: string[], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const { topics: meta } = await admin.fetchTopicMetadata({ topics });
      const ready = topics.every((t) => {
        const m = meta.find((x) => x.name === t);
        return m !== undefined && m.partitions.length > 0 && m.partitions.every((p) => p.leader >= 0);
      });
      if (ready) return;
    } catch (err) {
      const retriable = (err as { retriable?: boolean }).retriable === true;
      if (!retriable || Date.now() > deadline) throw err;
    }
    if (Date.now() > deadline) throw new Error(`Kafka topics have no leader after ${timeoutMs} ms: ${topics.join(', ')}`);
    await new Promise((r) => setTimeout(r, Math.min(100 * 2 ** attempt, 1_000)));
  }
}

/** Where the brokers are and how to reach them, as kafkajs takes it (the bus and the admin look-ups share it). */
function connectionConfig(opts: Pick<KafkaBusOptions, 'brokers' | 'clientId' | 'ssl' | 'sasl'>) {
  return {
    clientId: opts.clientId,
    brokers: opts.brokers,
    ...(opts.ssl ? { ssl: true } : {}),
    ...(opts.sasl ? { sasl: saslOptions(opts.sasl) } : {}),
  };
}

/** kafkajs types SASL as a union per mechanism; narrow ours into it. */
function saslOptions(sasl: NonNullable<KafkaBusOptions['sasl']>): SASLOptions {
  const { username, password } = sasl;
  if (sasl.mechanism === 'plain') return { mechanism: 'plain', username, password };
  if (sasl.mechanism === 'scram-sha-256') return { mechanism: 'scram-sha-256', username, password };
  return { mechanism: 'scram-sha-512', username, password };
}

export function createKafkaBus(opts: KafkaBusOptions): EventBus {
  const { logger, topicPrefix } = opts;
  const kafka = new Kafka({
    ...connectionConfig(opts),
    logLevel: logLevel.WARN,
    // kafkajs logs errors it is about to retry (a coordinator still loading at start-up, a
    // rebalance); what it cannot recover from is thrown to the caller, so its lines are warnings.
    logCreator:
      () =>
      ({ namespace, level, log }) => {
        const { message, ...extra } = log;
        logger[level <= logLevel.WARN ? 'warn' : 'debug']({ namespace, ...extra }, message);
      },
    retry: { retries: 8, initialRetryTime: 200 },
  });
  let producer: Producer | undefined;
  let admin: Admin | undefined;
  const consumers = new Set<Consumer>();

  async function getProducer(): Promise<Producer> {
    if (!producer) {
      // Idempotent: a retried send after a lost ack is not written twice.
      const p = kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        allowAutoTopicCreation: false,
        // Java-compatible murmur2 partitioning, so other clients place a key where this one does.
        createPartitioner: Partitioners.DefaultPartitioner,
        // An idempotent producer must not give up early; callers bound the wait (activity timeouts).
        retry: { retries: Number.MAX_SAFE_INTEGER, maxRetryTime: 5_000 },
      });
      await p.connect();
      producer = p;
    }
    return producer;
  }

  async function getAdmin(): Promise<Admin> {
    if (!admin) {
      const a = kafka.admin();
      await a.connect();
      admin = a;
    }
    return admin;
  }

  async function deadLetter(message: KafkaMessage, topic: string, partition: number, error: Error) {
    const p = await getProducer();
    await p.send({
      topic: deadLetterTopic(topicPrefix),
      acks: -1,
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: {
            'dead-letter-kind': 'invalid-record',
            'source-topic': topic,
            'source-partition': String(partition),
            'source-offset': message.offset,
            error: error.message,
          },
        },
      ],
    });
  }

  /** Whether a subscriber acting on `eventTypes` needs the record: its `event-type` header is one of them, or absent. */
  function acts(eventTypes: ReadonlySet<string>, message: KafkaMessage): boolean {
    const header = message.headers?.['event-type'];
    const type = Array.isArray(header) ? header[0] : header;
    return type === undefined || eventTypes.has(type.toString());
  }

  function decode(message: KafkaMessage): DomainEvent {
    return parseEvent(JSON.parse(message.value?.toString('utf8') ?? 'null'));
  }

  // The projectors of one process read the same records in their own consumer groups: each is decoded once.
  const decoded = recentlyDecoded<DomainEvent>({ maxBytes: DECODED_KEPT_BYTES, maxAgeMs: DECODED_KEPT_MS });
  const sweepTimer = setInterval(() => decoded.sweep(), DECODED_KEPT_MS);
  sweepTimer.unref();
  /** The record's timestamp is in the key, so a topic deleted and made again under the same name cannot answer with an old event. */
  const decodeOnce = (message: KafkaMessage, topic: string, partition: number): DomainEvent =>
    decoded.take(`${topic}\u0000${partition}\u0000${message.offset}\u0000${message.timestamp}`, message.value?.length ?? 0, () => decode(message));

  /** The record as an event; an invalid one goes to the dead-letter topic (null) so one bad record never stops a read model. */
  async function consumedOrDeadLetter(message: KafkaMessage, topic: string, partition: number): Promise<ConsumedEvent | null> {
    try {
      return { event: decodeOnce(message, topic, partition), topic, partition, offset: message.offset };
    } catch (err) {
      if (!(err instanceof InvalidEventError || err instanceof SyntaxError)) throw err;
      logger.error({ topic, partition, offset: message.offset, err: err.message }, 'invalid event sent to dead-letter topic');
      await deadLetter(message, topic, partition, err);
      return null;
    }
  }

  async function handle(message: KafkaMessage, topic: string, partition: number, onEvent: (e: ConsumedEvent) => Promise<void>) {
    const consumed = await consumedOrDeadLetter(message, topic, partition);
    if (consumed) await onEvent(consumed);
  }

  /**
   * One fetched batch (one partition) handed on in runs of at most `maxBatch` events; after each run its last offset is
   * resolved and committed when due, so a crash re-delivers at most the run in hand (the projector's dedupe skips it).
   */
  async function handleBatch(
    { batch, resolveOffset, heartbeat, commitOffsetsIfNecessary, isRunning, isStale }: EachBatchPayload,
    onEvents: (events: ConsumedEvent[]) => Promise<void>,
    maxBatch: number,
    eventTypes: ReadonlySet<string> | null,
  ) {
    let run: ConsumedEvent[] = [];
    let last: string | null = null;
    const flush = async () => {
      if (run.length > 0) await onEvents(run);
      if (last !== null) resolveOffset(last);
      run = [];
      last = null;
      await heartbeat();
      await commitOffsetsIfNecessary();
    };
    for (const message of batch.messages) {
      // A rebalance took the partition away, or the consumer is stopping: what is not resolved is fetched again.
      if (!isRunning() || isStale()) break;
      // Several read models share a topic and each acts on a few of its types: the others are not parsed at all.
      const skipped = eventTypes !== null && !acts(eventTypes, message);
      const consumed = skipped ? null : await consumedOrDeadLetter(message, batch.topic, batch.partition);
      if (consumed) run.push(consumed);
      last = message.offset;
      if (run.length >= maxBatch) await flush();
    }
    await flush();
  }

  return {
    async ensureTopics() {
      const a = await getAdmin();
      const wanted = [...new Set([...AGGREGATE_TYPES.map((t) => topicFor(topicPrefix, t)), deadLetterTopic(topicPrefix)])];
      const existing = new Set(await a.listTopics());
      const missing = wanted.filter((t) => !existing.has(t));
      if (missing.length > 0) {
        // Two processes may race to create the same topics; kafkajs answers false for those that exist.
        await a.createTopics({
          waitForLeaders: false,
          topics: missing.map((topic) => ({
            topic,
            numPartitions: opts.partitions ?? 3,
            replicationFactor: opts.replicationFactor ?? 1,
            // Kafka is the log the read models are derived from: nothing may age out.
            configEntries: [
              { name: 'retention.ms', value: '-1' },
              { name: 'retention.bytes', value: '-1' },
              { name: 'cleanup.policy', value: 'delete' },
            ],
          })),
        });
      }
      await waitForLeaders(a, wanted);
    },

    async publish(events) {
      if (events.length === 0) return;
      // Re-validate: a producer must never write what consumers would reject.
      const valid = events.map((e) => parseEvent(e));
      const byTopic = new Map<string, DomainEvent[]>();
      for (const e of valid) {
        const topic = topicFor(topicPrefix, e.aggregateType);
        byTopic.set(topic, [...(byTopic.get(topic) ?? []), e]);
      }
      const p = await getProducer();
      await p.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, list]) => ({
          topic,
          messages: list.map((e) => ({
            // Keyed by aggregate: one aggregate's events land in one partition, in order.
            key: e.aggregateId,
            value: JSON.stringify(e),
            headers: { 'event-type': e.type, 'event-version': String(e.version), 'correlation-id': e.correlationId },
          })),
        })),
      });
    },

    async subscribe(opts): Promise<Subscription> {
      const { groupId, aggregateTypes } = opts;
      const eventTypes = 'onEvents' in opts && opts.eventTypes ? new Set(opts.eventTypes) : null;
      const running = await keepConsuming(
        async ({ joined, gaveUp }) => {
          const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false, sessionTimeout: 30_000 });
          consumers.add(consumer);
          consumer.on(consumer.events.GROUP_JOIN, () => joined());
          consumer.on(consumer.events.CRASH, ({ payload }) => {
            if (!payload.restart) gaveUp(payload.error);
          });
          const stop = async () => {
            consumers.delete(consumer);
            await consumer.disconnect();
          };
          try {
            await consumer.connect();
            await consumer.subscribe({ topics: aggregateTypes.map((t) => topicFor(topicPrefix, t)), fromBeginning: true });
            await consumer.run(
              'onEvents' in opts
                ? {
                    autoCommit: true,
                    eachBatchAutoResolve: false,
                    partitionsConsumedConcurrently: opts.concurrentPartitions ?? 1,
                    eachBatch: (payload) => handleBatch(payload, opts.onEvents, opts.maxBatch ?? DEFAULT_MAX_BATCH, eventTypes),
                  }
                : {
                    autoCommit: true,
                    eachMessage: async ({ topic, partition, message, heartbeat }) => {
                      await handle(message, topic, partition, opts.onEvent);
                      await heartbeat();
                    },
                  },
            );
          } catch (err) {
            await stop().catch(() => undefined);
            throw err;
          }
          return { stop };
        },
        { groupId, logger },
      );
      return { stop: () => running.stop() };
    },

    async replay({ aggregateTypes, onEvent }) {
      const topics = aggregateTypes.map((t) => topicFor(topicPrefix, t));
      const a = await getAdmin();
      // The end of each partition now: the replay stops there; later events are the live projector's.
      const targets = new Map<string, bigint>();
      for (const topic of topics) {
        for (const p of await a.fetchTopicOffsets(topic)) {
          if (BigInt(p.high) > BigInt(p.low)) targets.set(`${topic}:${p.partition}`, BigInt(p.high));
        }
      }
      if (targets.size === 0) return { events: 0 };
      const groupId = `replay-${randomUUID()}`;
      const consumer = kafka.consumer({ groupId, allowAutoTopicCreation: false });
      consumers.add(consumer);
      let count = 0;
      try {
        await consumer.connect();
        await consumer.subscribe({ topics, fromBeginning: true });
        await new Promise<void>((resolve, reject) => {
          consumer
            .run({
              autoCommit: false,
              eachMessage: async ({ topic, partition, message }) => {
                const key = `${topic}:${partition}`;
                const target = targets.get(key);
                if (target === undefined || BigInt(message.offset) >= target) return;
                await handle(message, topic, partition, onEvent);
                count += 1;
                if (BigInt(message.offset) + 1n >= target) targets.delete(key);
                if (targets.size === 0) resolve();
              },
            })
            .catch(reject);
        });
      } finally {
        consumers.delete(consumer);
        await consumer.disconnect();
        // The throwaway group's offsets are not needed again.
        await a.deleteGroups([groupId]).catch(() => undefined);
      }
      return { events: count };
    },

    async close() {
      clearInterval(sweepTimer);
      await Promise.all([...consumers].map((c) => c.disconnect().catch(() => undefined)));
      await producer?.disconnect();
      await admin?.disconnect();
    },
  };
}

export interface ConsumerGroupMember {
  clientId: string;
  memberId: string;
  /** topic → the partitions this member reads */
  assignment: Record<string, number[]>;
}

/** Who reads what in each consumer group (for operators and the scale-out benchmark): members and their partitions. */
export async function consumerGroupMembers(
  opts: Pick<KafkaBusOptions, 'brokers' | 'clientId' | 'ssl' | 'sasl'>,
  groupIds: string[],
): Promise<Map<string, { state: string; members: ConsumerGroupMember[] }>> {
  const kafka = new Kafka({ ...connectionConfig(opts), logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const { groups } = await admin.describeGroups(groupIds);
    return new Map(
      groups.map((g) => [
        g.groupId,
        {
          state: g.state,
          members: g.members.map((m) => ({
            clientId: m.clientId,
            memberId: m.memberId,
            assignment: m.memberAssignment.length > 0 ? (AssignerProtocol.MemberAssignment.decode(m.memberAssignment)?.assignment ?? {}) : {},
          })),
        },
      ]),
    );
  } finally {
    await admin.disconnect();
  }
}
