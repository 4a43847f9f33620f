import type { DomainEvent } from '../catalog';

export interface ConsumedEvent {
  event: DomainEvent;
  topic: string;
  partition: number;
  offset: string;
}

export interface EventPublisher {
  /** Resolves once every event is durably in the log (acks from all in-sync replicas). */
  publish(events: DomainEvent[]): Promise<void>;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventSubscriber {
  /**
   * Live consumption under a consumer group; offsets are committed only after the handler resolves. `onEvents` takes
   * the events in runs of up to `maxBatch` from one partition, in log order (a projector applies a run in one
   * transaction); `onEvent` takes them one at a time. `concurrentPartitions` (default 1) lets an `onEvents` subscriber
   * take runs of that many partitions at once (each partition's still in order, one at a time).
   */
  subscribe(
    opts: { groupId: string; aggregateTypes: string[] } & (
      | { onEvent: (e: ConsumedEvent) => Promise<void> }
      | {
          onEvents: (events: ConsumedEvent[]) => Promise<void>;
          maxBatch?: number;
          concurrentPartitions?: number;
          /**
           * The event types the subscriber acts on: a record whose `event-type` header names another type is passed over
           * without being decoded (its offset still committed). Records without the header are decoded as before.
           */
          eventTypes?: readonly string[];
        }
    ),
  ): Promise<Subscription>;
  /** Reads the topics from the beginning up to their end as of the call, then returns. */
  replay(opts: { aggregateTypes: string[]; onEvent: (e: ConsumedEvent) => Promise<void> }): Promise<{ events: number }>;
}

export interface EventBus extends EventPublisher, EventSubscriber {
  ensureTopics(): Promise<void>;
  close(): Promise<void>;
}
