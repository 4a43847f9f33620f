import { z } from 'zod';

/**
 * The one envelope every domain event travels in, on Kafka and in tests. `data` is validated
 * against the schema registered for (type, version) on both the producing and the consuming side.
 */
export const EventEnvelopeSchema = z.object({
  eventId: z.uuid(),
  type: z.string().regex(/^[A-Z][A-Za-z]+$/, 'event types are PascalCase, past tense'),
  version: z.number().int().positive(),
  aggregateType: z.string().min(1),
  aggregateId: z.string().min(1),
  orgId: z.uuid().nullable(),
  occurredAt: z.iso.datetime({ offset: true }),
  correlationId: z.string().min(1),
  causationId: z.string().min(1).nullable(),
  data: z.unknown(),
});

export type EventEnvelope<T extends string = string, D = unknown> = Omit<z.infer<typeof EventEnvelopeSchema>, 'type' | 'data'> & {
  type: T;
  data: D;
};
