import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import { createEvent, type EventOf, type EventType, type NewEvent } from '../../events/catalog';
import type { StaffIdentity } from '../repositories/staff.repository';

/**
 * Where a command's events come from. correlationId is the request's (echoed in x-correlation-id and
 * logged), so its events, logs and the workflows it starts join up; causationId names who issued the
 * command, as workflows name themselves `workflow:<id>`: `staff:<userId>` for a signed-in user, else
 * the caller the route names (the admin token, a vendor webhook).
 */
export interface CommandOrigin {
  correlationId: string;
  causationId: string | null;
}

export function commandOrigin(ctx: { req: Pick<Request, 'correlationId'>; user: StaffIdentity | null }, caller: string | null = null): CommandOrigin {
  return { correlationId: ctx.req.correlationId, causationId: ctx.user ? `staff:${ctx.user.id}` : caller };
}

/** One event of a command; the event id is new unless the command has one of its own (an idempotency key). */
export type CommandEvent = { [T in EventType]: Omit<NewEvent<T>, 'eventId' | 'correlationId' | 'causationId'> & { eventId?: string } }[EventType];

/** Builds, validates and publishes a command's events; resolves once they are in the log. */
export async function publishCommand(publisher: EventPublisher, origin: CommandOrigin, events: CommandEvent[]): Promise<EventOf<EventType>[]> {
  const created = events.map((e) => createEvent({ ...e, eventId: e.eventId ?? randomUUID(), ...origin } as NewEvent<EventType>));
  await publisher.publish(created);
  return created;
}
