import { z } from 'zod';
import { SENDABLE_TEMPLATES } from '../../../domain/notifications/templates/template-variables';

const Email = z.email('Invalid email format');
const OneOrMany = z.union([Email, z.array(Email)]).transform((v) => (Array.isArray(v) ? v : [v]));

/** 002 §3 SMS send request: {from, to, message, conversationMetadata {org_id, interaction_id}, the force flag, allowEmojis}. */
export const SendSmsBodySchema = z.object({
  from: z.string().optional(),
  to: z.string().trim().min(1, 'to is required'),
  message: z.string().trim().min(1, 'message is required'),
  conversationMetadata: z.object({ org_id: z.uuid('org_id must be a UUID'), interaction_id: z.string().nullish() }),
  forceSecondaryProvider: z.boolean().default(false),
  allowEmojis: z.boolean().default(false),
});

export const SendSmsResponseSchema = z.object({ message: z.string(), messageId: z.string(), status: z.literal('QUEUED') });

/**
 * 002 §3 e-mail send request {email, cc, bcc, subject, template_name, template_variables, from}. orgId is
 * this product's addition (or template_variables.orgId): the message belongs to an organization's outbox.
 */
export const SendEmailBodySchema = z.object({
  email: OneOrMany,
  cc: OneOrMany.optional(),
  bcc: OneOrMany.optional(),
  subject: z.string().trim().min(1).optional(),
  template_name: z.enum(Object.keys(SENDABLE_TEMPLATES) as [keyof typeof SENDABLE_TEMPLATES, ...Array<keyof typeof SENDABLE_TEMPLATES>], {
    message: `template_name must be one of ${Object.keys(SENDABLE_TEMPLATES).join(', ')}`,
  }),
  template_variables: z.record(z.string(), z.unknown()).default({}),
  from: z.string().optional(),
  orgId: z.uuid('orgId must be a UUID').optional(),
});

/** 002 §7 POST /integrations/send-email → {message}; id is what GET /integrations/email/{emailId} reads. */
export const SendEmailResponseSchema = z.object({ message: z.string(), id: z.string() });

export const EmailParamsSchema = z.object({ emailId: z.string().min(1) });

export const EmailViewSchema = z.object({
  id: z.string(),
  org_id: z.string(),
  interaction_id: z.string().nullable(),
  to: z.string(),
  subject: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string(),
  template: z.string().nullable(),
  /** sent, then what the provider's webhooks reported: delivered, delivery_delayed, bounced, complained, opened, clicked. */
  status: z.string(),
  created_at: z.string(),
});

export const EmailWebhookParamsSchema = z.object({ provider: z.string().min(1) });

/** 002 §3 bounce and received webhooks: {type, created_at, data {email_id, created_at, from, to[], subject, …}}. */
export const EmailWebhookBodySchema = z.object({
  type: z.string().min(1),
  created_at: z.string().optional(),
  data: z.looseObject({ email_id: z.string().min(1), from: z.string().optional(), to: z.array(z.string()).optional(), subject: z.string().optional() }),
});

export const EmailWebhookResponseSchema = z.object({ received: z.literal(true), status: z.string() });
