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
  /** Live consumption under a consumer group; offsets are committed only after onEvent resolves. */
  subscribe(opts: { groupId: string; aggregateTypes: string[]; onEvent: (e: ConsumedEvent) => Promise<void> }): Promise<Subscription>;
  /** Reads the topics from the beginning up to their end as of the call, then returns. */
  replay(opts: { aggregateTypes: string[]; onEvent: (e: ConsumedEvent) => Promise<void> }): Promise<{ events: number }>;
}

export interface EventBus extends EventPublisher, EventSubscriber {
  ensureTopics(): Promise<void>;
  close(): Promise<void>;
}
