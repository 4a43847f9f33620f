import { z } from 'zod';

/** Operator views of events a projection could not apply (issue 12). */

export const DeadLetterStatusSchema = z.enum(['open', 'retried', 'discarded']);

export const DeadLetterSchema = z.object({
  projection: z.string(),
  event_id: z.uuid(),
  event_type: z.string(),
  org_id: z.uuid().nullable(),
  error_message: z.string(),
  error_code: z.string().nullable(),
  tries: z.number().int(),
  occurrences: z.number().int(),
  first_failed_at: z.string(),
  last_failed_at: z.string(),
  source: z.object({ topic: z.string(), partition: z.number().int(), offset: z.string() }),
  status: DeadLetterStatusSchema,
  retried_at: z.string().nullable(),
  retry_outcome: z.string().nullable(),
  retry_error: z.string().nullable(),
  discarded_at: z.string().nullable(),
  discard_reason: z.string().nullable(),
  resolved_by: z.string().nullable(),
});
export type DeadLetterView = z.infer<typeof DeadLetterSchema>;

export const DeadLetterListQuerySchema = z.object({
  status: DeadLetterStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const DeadLetterListResponseSchema = z.object({ dead_letters: z.array(DeadLetterSchema), open: z.number().int() });

export const DeadLetterParamsSchema = z.object({
  projection: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .max(100),
  eventId: z.uuid(),
});

/** One dead letter with its original event (the envelope as JSON text, exactly as it was in the log). */
export const DeadLetterDetailSchema = DeadLetterSchema.extend({ event: z.string() });

export const DeadLetterRetryResponseSchema = z.object({
  outcome: z.enum(['applied', 'duplicate', 'ignored', 'failed']),
  error: z.string().nullable(),
});

export const DeadLetterDiscardRequestSchema = z.object({ reason: z.string().trim().min(1, 'A reason is required').max(2000) });
export const DeadLetterDiscardResponseSchema = z.object({ status: z.literal('discarded') });
