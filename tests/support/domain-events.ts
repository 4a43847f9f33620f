import { createEvent, type EventOf, type EventType, type NewEvent } from '../../events/catalog';

/**
 * Events of one aggregate for projection tests: event ids numbered in the order they are made (so a test can
 * tell them apart and replay them), the same correlation id, and a default time a test can override per event.
 */
export function aggregateEvents(aggregate: { aggregateId: string; orgId: string }, defaultOccurredAt: string) {
  let seq = 0;
  return function event<T extends EventType>(type: T, data: NewEvent<T>['data'], occurredAt = defaultOccurredAt): EventOf<T> {
    seq += 1;
    return createEvent({
      eventId: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      type,
      aggregateId: aggregate.aggregateId,
      orgId: aggregate.orgId,
      correlationId: 'corr',
      causationId: null,
      occurredAt: new Date(occurredAt),
      data,
    } as NewEvent<T>) as EventOf<T>;
  };
}
