import { SmsProviderSchema } from '../../../events/schemas/sms.events';
import type { ApiDeps } from '../../deps';
import { badRequest, unauthorized } from '../../http/errors';
import { publishCommand, type CommandOrigin } from '../../http/publish-command';
import { SMS_WEBHOOK_PARSERS, SmsWebhookError, verifyTwilioSignature, type ParsedSmsWebhook } from './sms-webhook-parsers';

export interface SmsWebhookRequest {
  provider: string;
  rawBody: Buffer;
  /** The URL the provider called, as it saw it (Twilio signs it). */
  url: string;
  signature: string | undefined;
  origin: CommandOrigin;
}

/**
 * 002 §7 POST /integrations/sms/webhook/{provider}: delivery status and inbound SMS. Twilio deliveries
 * must be signed when its auth token is configured; the first provider does not sign its webhooks.
 * The event id comes from the provider's idempotency key, so a repeated delivery changes nothing.
 */
export async function receiveSmsWebhook(deps: ApiDeps, req: SmsWebhookRequest): Promise<{ received: true; status: string }> {
  const provider = SmsProviderSchema.safeParse(req.provider);
  if (!provider.success) throw badRequest(`Unknown SMS provider "${req.provider}"`);
  const { twilioAuthToken } = deps.delivery;
  if (provider.data === 'twilio' && twilioAuthToken && !verifyTwilioSignature(twilioAuthToken, req.url, req.rawBody, req.signature)) {
    throw unauthorized('Invalid webhook signature');
  }

  let parsed: ParsedSmsWebhook;
  try {
    parsed = SMS_WEBHOOK_PARSERS[provider.data](req.rawBody, new Date());
  } catch (err) {
    if (err instanceof SmsWebhookError) throw badRequest(err.message);
    throw err;
  }
  const orgId = parsed.data.orgId ?? (parsed.ourNumber ? await deps.delivery.smsNumbers.orgIdForNumber(parsed.ourNumber) : null);
  const common = { eventId: parsed.eventId, aggregateId: parsed.data.messageId, orgId };
  await publishCommand(deps.delivery.events, req.origin, [
    parsed.kind === 'status'
      ? { ...common, type: 'SmsStatusReported', data: { ...parsed.data, orgId } }
      : { ...common, type: 'SmsReceived', data: { ...parsed.data, orgId } },
  ]);
  deps.logger.info({ provider: provider.data, kind: parsed.kind, messageId: parsed.data.messageId, orgId }, 'sms webhook received');
  return { received: true, status: parsed.kind === 'status' ? parsed.data.status : 'RECEIVED' };
}
