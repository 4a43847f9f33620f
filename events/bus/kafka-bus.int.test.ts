import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Kafka, logLevel } from 'kafkajs';
import { eventually, integrationConfig, testLogger, uniqueName } from '../../tests/support/integration';
import { createEvent } from '../catalog';
import { createKafkaBus, topicFor } from './kafka-bus';
import type { ConsumedEvent, EventBus, Subscription } from './event-bus.port';

const config = integrationConfig();
const topicPrefix = `${uniqueName('it').toLowerCase().replace(/_/g, '-')}.`;
const brokers = config.KAFKA_BROKERS.split(',');
let bus: EventBus;
const subs: Subscription[] = [];

beforeAll(async () => {
  bus = createKafkaBus({ brokers, clientId: 'it-kafka-bus', topicPrefix, logger: testLogger });
  await bus.ensureTopics();
}, 60_000);

afterAll(async () => {
  await Promise.all(subs.map((s) => s.stop()));
  await bus?.close();
});

const wentLive = (orgId: string) =>
  createEvent({ eventId: randomUUID(), type: 'OrganizationWentLive', aggregateId: orgId, orgId, correlationId: 'it-bus', causationId: null, data: { orgId } });
const billingIdSet = (orgId: string) =>
  createEvent({
    eventId: randomUUID(),
    type: 'OrganizationBillingIdSet',
    aggregateId: orgId,
    orgId,
    correlationId: 'it-bus',
    causationId: null,
    data: { orgId, stripeBillingId: 'cus_12345678901234' },
  });

describe('a subscriber that names its event types', () => {
  it('gets those types and records without a type header, passes over the others, and commits past them all', async () => {
    const orgId = randomUUID();
    const [live, billing] = [wentLive(orgId), billingIdSet(orgId)];
    // A record written by another client, without the type header: decoded as before.
    const headerless = wentLive(orgId);
    const groupId = `${topicPrefix}types-only`;
    const seen: ConsumedEvent[] = [];
    const everything: ConsumedEvent[] = [];
    subs.push(
      await bus.subscribe({ groupId, aggregateTypes: ['organization'], eventTypes: ['OrganizationWentLive'], onEvents: async (run) => void seen.push(...run) }),
      await bus.subscribe({ groupId: `${topicPrefix}all`, aggregateTypes: ['organization'], onEvents: async (run) => void everything.push(...run) }),
    );
    await bus.publish([billing, live]);
    const kafka = new Kafka({ clientId: 'it-kafka-bus-raw', brokers, logLevel: logLevel.NOTHING });
    const producer = kafka.producer();
    await producer.connect();
    const topic = topicFor(topicPrefix, 'organization');
    await producer.send({ topic, messages: [{ key: orgId, value: JSON.stringify(headerless) }] });
    await producer.disconnect();

    await eventually(async () => everything.length === 3);
    await eventually(async () => seen.length === 2);
    expect(seen.map((c) => c.event.eventId)).toEqual([live.eventId, headerless.eventId]);
    expect(everything.map((c) => c.event.eventId)).toEqual([billing.eventId, live.eventId, headerless.eventId]);

    // The passed-over record's offset is committed with the rest: the group is at the end of the partition.
    const admin = kafka.admin();
    await admin.connect();
    try {
      const ends = await admin.fetchTopicOffsets(topic);
      await eventually(async () => {
        const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
        const at = new Map(committed!.partitions.map((p) => [p.partition, p.offset]));
        return ends.filter((e) => e.high !== '0').every((e) => at.get(e.partition) === e.high);
      });
    } finally {
      await admin.disconnect();
    }
  }, 60_000);
});
