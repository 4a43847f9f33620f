import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { MessagingError } from '../../../activities/notifications/messaging.port';
import { verifyWebhook } from '../../../activities/webhooks/webhook-signature';
import { renderTemplateEmail } from '../../../domain/notifications/templates/render';
import { normalizePhoneNumber } from '../../../domain/validation/phone';
import type { ApiDeps } from '../../deps';
import { ApiError, badRequest, unauthorized } from '../../http/errors';
import type { EmailWebhookBodySchema, SendEmailBodySchema, SendSmsBodySchema } from '../../routes/messaging/messaging.schema';

// Emoji and the joiners/selectors that build them; stripped unless the request allows emojis (002 §3 allowEmojis).
const EMOJI = /[\p{Extended_Pictographic}\u{1F1E6}-\u{1F1FF}\u{1F3FB}-\u{1F3FF}\u200D\uFE0F]/gu;

function messagingFailure(err: unknown): never {
  if (!(err instanceof MessagingError)) throw err;
  if (err.code === 'INVALID_RECIPIENT' || err.code === 'REJECTED') throw badRequest(err.message);
  throw new ApiError(500, `Message not sent: ${err.code}`);
}

/** 002 §7 POST /integrations/send-sms through the messaging port (the outbox by default). */
export async function sendDirectSms(deps: ApiDeps, orgId: string, body: z.infer<typeof SendSmsBodySchema>, idempotencyKey: string | undefined) {
  const text = body.allowEmojis
    ? body.message
    : body.message
        .replace(EMOJI, '')
        .replace(/[ \t]{2,}/g, ' ')
        .trim();
  if (text === '') throw badRequest('message is empty without its emojis');
  const to = body.to.startsWith('+') ? body.to : normalizePhoneNumber(body.to);
  try {
    const sent = await deps.delivery.messaging.sms.sendSms({
      orgId,
      interactionId: body.conversationMetadata.interaction_id ?? null,
      dedupKey: `direct-sms:${orgId}:${idempotencyKey ?? randomUUID()}`,
      to,
      text,
      forceSecondaryProvider: body.forceSecondaryProvider,
    });
    deps.logger.info({ orgId, messageId: sent.messageId }, 'direct sms sent');
    return { message: 'SMS sent', messageId: sent.messageId, status: 'QUEUED' as const };
  } catch (err) {
    messagingFailure(err);
  }
}

/** 002 §7 POST /integrations/send-email: a named template of 002 §3 rendered and sent through the messaging port. */
export async function sendDirectEmail(deps: ApiDeps, orgId: string, body: z.infer<typeof SendEmailBodySchema>, idempotencyKey: string | undefined) {
  const org = await deps.organizations.findById(orgId);
  let rendered;
  try {
    rendered = renderTemplateEmail(body.template_name, body.template_variables, { name: org?.name ?? 'your organization' }, body.subject);
  } catch (err) {
    if (err instanceof Error && err.name === 'ZodError') {
      const issues = (err as unknown as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues;
      throw badRequest(
        `Invalid template_variables for ${body.template_name}: ${issues.map((i) => `${i.path.join('.') || 'variables'}: ${i.message}`).join('; ')}`,
      );
    }
    throw err;
  }
  const interactionId = typeof body.template_variables.interactionId === 'string' ? body.template_variables.interactionId : null;
  try {
    const sent = await deps.delivery.messaging.email.sendEmail({
      orgId,
      interactionId,
      dedupKey: `direct-email:${orgId}:${idempotencyKey ?? randomUUID()}`,
      to: body.email.join(', '),
      ...(body.cc ? { cc: body.cc } : {}),
      ...(body.bcc ? { bcc: body.bcc } : {}),
      ...rendered,
    });
    return { message: 'Email sent', id: sent.messageId };
  } catch (err) {
    messagingFailure(err);
  }
}

// Resend's event types (002 §3 names its webhook shape); a later, lower-ranked report never undoes a higher one.
const EMAIL_STATUS: Record<string, { status: string; rank: number }> = {
  'email.sent': { status: 'sent', rank: 0 },
  'email.delivery_delayed': { status: 'delivery_delayed', rank: 1 },
  'email.delivered': { status: 'delivered', rank: 2 },
  'email.opened': { status: 'opened', rank: 3 },
  'email.clicked': { status: 'clicked', rank: 4 },
  'email.bounced': { status: 'bounced', rank: 5 },
  'email.complained': { status: 'complained', rank: 5 },
};
const rankOf = (status: string) => Object.values(EMAIL_STATUS).find((s) => s.status === status)?.rank ?? 0;

export const EMAIL_PROVIDERS = ['resend'] as const;

/** A webhook delivery as Resend sent it: the exact body and its Svix signature headers. */
export interface SignedDelivery {
  rawBody: Buffer;
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

/**
 * 002 §7 POST /integrations/email/webhooks/{provider}: delivery status onto the stored e-mail; received mail
 * is acknowledged. Resend signs with Svix (the Standard Webhooks scheme our own deliveries use): with its
 * secret configured an unsigned, wrongly signed or more than 5 minutes old delivery is refused; without one
 * every delivery is accepted unsigned.
 */
export async function receiveEmailWebhook(deps: ApiDeps, provider: string, body: z.infer<typeof EmailWebhookBodySchema>, delivery: SignedDelivery) {
  if (!(EMAIL_PROVIDERS as readonly string[]).includes(provider)) throw badRequest(`Unknown e-mail provider "${provider}"`);
  const secret = deps.delivery.resendWebhookSecret;
  if (secret && !verifyWebhook(secret, delivery, delivery.rawBody.toString('utf8'))) throw unauthorized('Invalid webhook signature');
  if (body.type === 'email.received') {
    deps.logger.info({ provider, emailId: body.data.email_id, from: body.data.from }, 'inbound e-mail received');
    return { received: true as const, status: 'received' };
  }
  const reported = EMAIL_STATUS[body.type];
  if (!reported) throw badRequest(`Unknown e-mail event type "${body.type}"`);
  const stored = await deps.notifications.repository.findOutboxMessage(body.data.email_id);
  if (stored && stored.channel === 'email' && reported.rank > rankOf(stored.status)) {
    await deps.notifications.repository.updateOutboxStatus(stored.id, reported.status);
  }
  deps.logger.info({ provider, emailId: body.data.email_id, type: body.type, known: stored !== null }, 'e-mail webhook received');
  return { received: true as const, status: reported.status };
}
