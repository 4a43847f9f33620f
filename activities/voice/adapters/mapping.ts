import type { z } from 'zod';
import { mergeCallDeliveries } from '../../../domain/call/call-record-merge';
import {
  CanonicalCallRecordSchema,
  type CallDirection,
  type VoiceCallType,
  type CanonicalCallRecord,
  type PartialCallRecord,
  type VoiceAgentProvider,
} from '../../../domain/call/call-record.schema';
import { VoiceProviderError } from '../voice-provider.port';
import { rawBodyText } from '../webhook-signature';

/** Small conversions the vendor mappers share. */

export function isoFromMs(ms: number | null | undefined): string | undefined {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return undefined;
  return new Date(ms).toISOString();
}

/** ISO-8601 with any offset, or epoch milliseconds written as digits (Synthflow's start_time). */
export function isoFromText(text: string | null | undefined): string | undefined {
  if (text === null || text === undefined || text.trim() === '') return undefined;
  const trimmed = text.trim();
  const ms = /^\d{10,}$/.test(trimmed) ? Number(trimmed) : Date.parse(trimmed);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}

/** Seconds with millisecond precision. */
export function roundSeconds(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}

/** US dollars to a millionth, enough for per-second rates without float noise. */
export function roundUsd(usd: number): number {
  return Math.round(usd * 1_000_000) / 1_000_000;
}

/** Dynamic variables are strings on the wire to every vendor; anything else is written as JSON. */
export function stringRecord(value: Record<string, unknown> | null | undefined): Record<string, string> | undefined {
  if (!value) return undefined;
  const out: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry === undefined || entry === null) continue;
    out[key] = typeof entry === 'string' ? entry : JSON.stringify(entry);
  }
  return out;
}

export function objectRecord(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function callTypeFor(direction: CallDirection | undefined, web = false): VoiceCallType | undefined {
  if (web) return 'webCall';
  if (direction === 'inbound') return 'inboundPhoneCall';
  if (direction === 'outbound') return 'outboundPhoneCall';
  return undefined;
}

/** The customer's side of the call. */
export function receiverFor(direction: CallDirection | undefined, from?: string | null, to?: string | null): string | undefined {
  if (direction === 'outbound') return to ?? undefined;
  if (direction === 'inbound') return from ?? undefined;
  return undefined;
}

/** Drops undefined entries so a partial record says only what the payload said. */
export function compact(record: PartialCallRecord): PartialCallRecord {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as PartialCallRecord;
}

/**
 * A complete record from one API read, finished by the same rules as merged webhook deliveries (a live call
 * is `ongoing`, an ended call without a reason `other`).
 */
export function completeRecord(provider: VoiceAgentProvider, providerCallId: string, partial: PartialCallRecord): CanonicalCallRecord {
  const record = mergeCallDeliveries(provider, providerCallId, [{ kind: 'other', occurredAt: new Date(0).toISOString(), record: partial }]);
  const parsed = CanonicalCallRecordSchema.safeParse(record);
  if (!parsed.success) {
    throw new VoiceProviderError('INVALID_PAYLOAD', `${provider} call ${providerCallId} does not fit the call record`, {
      provider,
      details: { issues: parsed.error.issues.slice(0, 5) },
    });
  }
  return parsed.data;
}

export function parseWebhookJson<T>(provider: VoiceAgentProvider, rawBody: string | Buffer, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(rawBodyText(rawBody));
  } catch (error) {
    throw new VoiceProviderError('INVALID_PAYLOAD', `${provider} webhook body is not JSON`, { provider, cause: error });
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new VoiceProviderError('INVALID_PAYLOAD', `${provider} webhook body has an unexpected shape`, {
      provider,
      details: { issues: parsed.error.issues.slice(0, 5) },
    });
  }
  return parsed.data;
}

export function badRequest(provider: VoiceAgentProvider, message: string): VoiceProviderError {
  return new VoiceProviderError('BAD_REQUEST', `${provider}: ${message}`, { provider });
}
