import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookHeaders } from './voice-provider.port';

/** Header lookup that ignores case; a repeated header counts only when every copy agrees. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    if (typeof value === 'string') return value;
    return value.length > 0 && value.every((v) => v === value[0]) ? value[0] : undefined;
  }
  return undefined;
}

export function hmacSha256(secret: string, payload: string | Buffer, encoding: 'hex' | 'base64'): string {
  return createHmac('sha256', secret).update(payload).digest(encoding);
}

/** Constant-time string comparison (different lengths are unequal without timing the content). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function rawBodyText(rawBody: string | Buffer): string {
  return typeof rawBody === 'string' ? rawBody : rawBody.toString('utf8');
}

export function rawBodyBytes(rawBody: string | Buffer): Buffer {
  return typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
}
