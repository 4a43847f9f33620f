import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Webhooks to an organization's systems are signed as the Standard Webhooks spec says
 * (https://www.standardwebhooks.com, the scheme Svix uses):
 *
 *   webhook-id:        the message id, the same on every retry (receivers dedupe on it)
 *   webhook-timestamp: Unix seconds of this attempt (receivers reject old ones, e.g. > 5 minutes)
 *   webhook-signature: "v1," + base64(HMAC-SHA256(key, `${id}.${timestamp}.${body}`))
 *
 * where key is the base64 part of the org's secret "whsec_<base64>" (POST /webhook-delivery returns it).
 */
export const SIGNATURE_VERSION = 'v1';

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

export function signWebhook(secret: string, messageId: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${messageId}.${timestamp}.${body}`, 'utf8').digest('base64');
  return `${SIGNATURE_VERSION},${mac}`;
}

export function webhookHeaders(secret: string, messageId: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, messageId, timestamp, body),
  };
}

/** What a receiver does: any of the space-separated signatures may match; the timestamp must be recent. */
export function verifyWebhook(
  secret: string,
  headers: { id?: string; timestamp?: string; signature?: string },
  body: string,
  now = new Date(),
  toleranceSeconds = 300,
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return false;
  const ts = Number(timestamp);
  if (!Number.isInteger(ts) || Math.abs(now.getTime() / 1000 - ts) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, id, ts, body));
  return signature.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
