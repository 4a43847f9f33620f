import { randomUUID } from 'node:crypto';
import { DEFAULT_REGULAR_HOURS } from '../../domain/organization/organization-settings.schema';
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

/** An organization's creation as onboarding publishes it, for the tests that project one: a fresh event id each time. */
export function organizationCreatedEvent(o: {
  orgId: string;
  name: string;
  slug: string;
  correlationId: string;
  tradesOffered?: NewEvent<'OrganizationCreated'>['data']['tradesOffered'];
}) {
  return createEvent({
    eventId: randomUUID(),
    type: 'OrganizationCreated',
    aggregateId: o.orgId,
    orgId: o.orgId,
    correlationId: o.correlationId,
    causationId: null,
    data: {
      orgId: o.orgId,
      name: o.name,
      slug: o.slug,
      timezone: 'America/Denver',
      crmName: 'NONE',
      officeEmail: `office@${o.slug}.test`,
      adminEmails: [],
      tradesOffered: o.tradesOffered ?? ['HVAC'],
      enterpriseId: null,
      regularHours: DEFAULT_REGULAR_HOURS,
      emergencyHours: null,
    },
  });
}
