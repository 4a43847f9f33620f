import { z } from 'zod';

/** Events a projection could not apply: the stream id is `<projection>:<eventId>`. */
export const DEAD_LETTER = 'dead_letter';

const SourceSchema = z.object({ topic: z.string().min(1), partition: z.number().int().nonnegative(), offset: z.string().regex(/^\d+$/) });

/**
 * A projection gave up on an event after bounded tries, for the event's own sake (a data error, a
 * refusal of its content); its partition moved on. `event` is the original envelope as JSON text,
 * so characters Postgres refuses (NUL) stay escaped.
 */
export const EventDeadLetteredV1Schema = z.object({
  projection: z.string().min(1),
  eventId: z.uuid(),
  eventType: z.string().min(1),
  error: z.object({ message: z.string(), code: z.string().nullable() }),
  tries: z.number().int().positive(),
  firstFailedAt: z.iso.datetime({ offset: true }),
  lastFailedAt: z.iso.datetime({ offset: true }),
  source: SourceSchema,
  event: z.string().min(2),
});
export type EventDeadLetteredV1 = z.infer<typeof EventDeadLetteredV1Schema>;

/** An operator re-delivered a dead letter to its projection; `applied` (or `duplicate`) closes it. */
export const DeadLetterRetriedV1Schema = z.object({
  projection: z.string().min(1),
  eventId: z.uuid(),
  outcome: z.enum(['applied', 'duplicate', 'ignored', 'failed']),
  error: z.string().nullable(),
  retriedAt: z.iso.datetime({ offset: true }),
});
export type DeadLetterRetriedV1 = z.infer<typeof DeadLetterRetriedV1Schema>;

/** An operator decided the event will never be applied, and said why. */
export const DeadLetterDiscardedV1Schema = z.object({
  projection: z.string().min(1),
  eventId: z.uuid(),
  reason: z.string().min(1).max(2000),
  discardedAt: z.iso.datetime({ offset: true }),
});
export type DeadLetterDiscardedV1 = z.infer<typeof DeadLetterDiscardedV1Schema>;
