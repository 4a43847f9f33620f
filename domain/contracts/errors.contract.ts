import { z } from 'zod';

/** One failed check of a request: the field's path in the body or query (`crm_config.clientId`, `address.zip`), and its message. */
export const ValidationIssueSchema = z.object({ path: z.string(), message: z.string() });

/**
 * Every error answer (spec: {error, status, message}); a 400 from request validation also lists its issues
 * by field, so a form marks the field the API refused without reading the message.
 */
export const ErrorBodySchema = z.object({
  error: z.string(),
  status: z.number().int(),
  message: z.string(),
  issues: z.array(ValidationIssueSchema).optional(),
});

export type ValidationIssue = z.infer<typeof ValidationIssueSchema>;
