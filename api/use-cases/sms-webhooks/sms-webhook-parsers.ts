import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { SmsProvider, SmsReceivedV1, SmsStatus, SmsStatusReportedV1 } from '../../../events/schemas/sms.events';
import { uuidV5 } from '../../../lib/ids';

const SMS_WEBHOOK_NAMESPACE = '0e5d7a9c-3b1f-4f6a-9c2e-7d8b1a4f6e30';

const MetadataSchema = z.object({ org_id: z.string().optional(), interaction_id: z.string().optional() }).partial().passthrough().nullish();

/** First provider, outbound status (002 §3). */
const PrimaryStatusSchema = z.object({
  WebhookSid: z.string().min(1),
  Sid: z.string().min(1),
  From: z.string(),
  To: z.string().nullish(),
  Recipients: z.array(z.object({ To: z.string(), Carrier: z.string().nullish() })).default([]),
  EventDate: z.string(),
  Status: z.enum(['Queued', 'Sent', 'Delivered', 'Failed', 'Expired']),
  ErrorCode: z.coerce.number().int().default(0),
  ErrorDescription: z.string().nullish(),
  SegmentCount: z.coerce.number().int().nullish(),
  Carrier: z.string().nullish(),
  ConversationMetadata: MetadataSchema,
});

/** First provider, inbound message (002 §3); WebhookSid is its idempotency key. */
const PrimaryInboundSchema = z.object({
  WebhookSid: z.string().min(1),
  Sid: z.string().min(1),
  From: z.string().nullish(),
  To: z.string().min(1),
  AdditionalRecipients: z.array(z.unknown()).nullish(),
  EventDate: z.string(),
  Text: z.string().nullish(),
  MediaUrls: z.array(z.string()).nullish(),
  SegmentCount: z.coerce.number().int().nullish(),
  ConversationMetadata: MetadataSchema,
});

/** Second provider (Twilio's status-callback and incoming-message fields). */
const TwilioSchema = z.object({
  MessageSid: z.string().min(1),
  AccountSid: z.string().min(1),
  From: z.string(),
  To: z.string(),
  MessageStatus: z.string().optional(),
  SmsStatus: z.string().optional(),
  ErrorCode: z.coerce.number().int().optional(),
  ErrorMessage: z.string().optional(),
  Body: z.string().optional(),
  NumSegments: z.coerce.number().int().optional(),
  NumMedia: z.coerce.number().int().optional(),
});

export type ParsedSmsWebhook =
  | { kind: 'status'; eventId: string; data: Omit<SmsStatusReportedV1, 'orgId'> & { orgId: string | null }; ourNumber: string | null }
  | { kind: 'inbound'; eventId: string; data: Omit<SmsReceivedV1, 'orgId'> & { orgId: string | null }; ourNumber: string };

export class SmsWebhookError extends Error {}

const PRIMARY_STATUS: Record<string, SmsStatus> = { Queued: 'QUEUED', Sent: 'QUEUED', Delivered: 'DELIVERED', Failed: 'FAILED', Expired: 'FAILED' };

const TWILIO_STATUS: Record<string, SmsStatus> = {
  accepted: 'QUEUED',
  scheduled: 'QUEUED',
  queued: 'QUEUED',
  sending: 'QUEUED',
  sent: 'QUEUED',
  delivered: 'DELIVERED',
  read: 'DELIVERED',
  failed: 'FAILED',
  undelivered: 'FAILED',
  canceled: 'FAILED',
};

const uuid = z.uuid();
const orgFrom = (m: z.infer<typeof MetadataSchema>) => (m?.org_id && uuid.safeParse(m.org_id).success ? m.org_id : null);
const isoOf = (date: string, fallback: Date) => {
  const d = new Date(date);
  return (Number.isNaN(d.getTime()) ? fallback : d).toISOString();
};

function parseJson(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new SmsWebhookError('Webhook body is not valid JSON');
  }
}

function describe(error: z.ZodError) {
  return error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}

export function parsePrimaryWebhook(rawBody: Buffer, receivedAt: Date): ParsedSmsWebhook {
  const body = parseJson(rawBody);
  const isStatus = typeof body === 'object' && body !== null && 'Status' in body;
  if (isStatus) {
    const parsed = PrimaryStatusSchema.safeParse(body);
    if (!parsed.success) throw new SmsWebhookError(`Unreadable status webhook: ${describe(parsed.error)}`);
    const p = parsed.data;
    const failed = PRIMARY_STATUS[p.Status] === 'FAILED';
    return {
      kind: 'status',
      eventId: uuidV5(`primary:${p.WebhookSid}`, SMS_WEBHOOK_NAMESPACE),
      ourNumber: p.From,
      data: {
        provider: 'primary',
        messageId: p.Sid,
        orgId: orgFrom(p.ConversationMetadata),
        interactionId: p.ConversationMetadata?.interaction_id ?? null,
        status: PRIMARY_STATUS[p.Status],
        providerStatus: p.Status,
        // 002 §8: ErrorCode 0 means no error; a Failed event carries ErrorDescription.
        errorCode: p.ErrorCode === 0 ? null : p.ErrorCode,
        errorMessage: p.ErrorDescription ?? (failed ? p.Status : null),
        from: p.From,
        to: p.To ?? p.Recipients[0]?.To ?? null,
        segmentCount: p.SegmentCount ?? null,
        reportedAt: isoOf(p.EventDate, receivedAt),
      },
    };
  }
  const parsed = PrimaryInboundSchema.safeParse(body);
  if (!parsed.success) throw new SmsWebhookError(`Unreadable inbound webhook: ${describe(parsed.error)}`);
  const p = parsed.data;
  return {
    kind: 'inbound',
    eventId: uuidV5(`primary:${p.WebhookSid}`, SMS_WEBHOOK_NAMESPACE),
    ourNumber: p.To,
    data: {
      provider: 'primary',
      messageId: p.Sid,
      orgId: orgFrom(p.ConversationMetadata),
      interactionId: p.ConversationMetadata?.interaction_id ?? null,
      from: p.From ?? null,
      to: p.To,
      text: p.Text ?? '',
      mediaUrls: p.MediaUrls ?? [],
      segmentCount: p.SegmentCount ?? null,
      receivedAt: isoOf(p.EventDate, receivedAt),
    },
  };
}

export function parseTwilioWebhook(rawBody: Buffer, receivedAt: Date): ParsedSmsWebhook {
  const parsed = TwilioSchema.safeParse(Object.fromEntries(new URLSearchParams(rawBody.toString('utf8'))));
  if (!parsed.success) throw new SmsWebhookError(`Unreadable Twilio webhook: ${describe(parsed.error)}`);
  const p = parsed.data;
  const status = (p.MessageStatus ?? p.SmsStatus ?? '').toLowerCase();
  if (status === 'received' || status === 'receiving' || (status === '' && p.Body !== undefined)) {
    const media = Array.from({ length: p.NumMedia ?? 0 }, (_, i) => new URLSearchParams(rawBody.toString('utf8')).get(`MediaUrl${i}`)).filter(
      (u): u is string => !!u,
    );
    return {
      kind: 'inbound',
      eventId: uuidV5(`twilio:${p.MessageSid}:received`, SMS_WEBHOOK_NAMESPACE),
      ourNumber: p.To,
      data: {
        provider: 'twilio',
        messageId: p.MessageSid,
        orgId: null,
        interactionId: null,
        from: p.From,
        to: p.To,
        text: p.Body ?? '',
        mediaUrls: media,
        segmentCount: p.NumSegments ?? null,
        receivedAt: receivedAt.toISOString(),
      },
    };
  }
  const mapped = TWILIO_STATUS[status];
  if (!mapped) throw new SmsWebhookError(`Unknown Twilio message status "${status}"`);
  return {
    kind: 'status',
    eventId: uuidV5(`twilio:${p.MessageSid}:${status}`, SMS_WEBHOOK_NAMESPACE),
    ourNumber: p.From,
    data: {
      provider: 'twilio',
      messageId: p.MessageSid,
      orgId: null,
      interactionId: null,
      status: mapped,
      providerStatus: status,
      errorCode: p.ErrorCode ?? null,
      errorMessage: p.ErrorMessage ?? null,
      from: p.From,
      to: p.To,
      segmentCount: p.NumSegments ?? null,
      reportedAt: receivedAt.toISOString(),
    },
  };
}

/**
 * Twilio's X-Twilio-Signature: base64 HMAC-SHA1 with the auth token over the full URL it called
 * followed by every POST parameter, sorted by name, as name then value.
 */
export function twilioSignature(authToken: string, url: string, rawBody: Buffer): string {
  const params = [...new URLSearchParams(rawBody.toString('utf8'))].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const payload = url + params.map(([k, v]) => `${k}${v}`).join('');
  return createHmac('sha1', authToken).update(payload, 'utf8').digest('base64');
}

export function verifyTwilioSignature(authToken: string, url: string, rawBody: Buffer, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, rawBody));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export const SMS_WEBHOOK_PARSERS: Record<SmsProvider, (rawBody: Buffer, receivedAt: Date) => ParsedSmsWebhook> = {
  primary: parsePrimaryWebhook,
  twilio: parseTwilioWebhook,
};
