import { describe, expect, it } from '@jest/globals';
import { signWebhook, verifyWebhook, webhookHeaders } from './webhook-signature';

// The Standard Webhooks example: this secret, id, timestamp and body sign to this value.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TS = 1614265330;
const BODY = '{"test": 2432232314}';

describe('webhook signatures (Standard Webhooks)', () => {
  it('signs "id.timestamp.body" with HMAC-SHA256 of the decoded secret', () => {
    expect(signWebhook(SECRET, ID, TS, BODY)).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('verifies its own headers and refuses a changed body, another secret or an old timestamp', () => {
    const now = new Date(TS * 1000 + 10_000);
    const h = webhookHeaders(SECRET, ID, TS, BODY);
    const headers = { id: h['webhook-id'], timestamp: h['webhook-timestamp'], signature: h['webhook-signature'] };
    expect(verifyWebhook(SECRET, headers, BODY, now)).toBe(true);
    expect(verifyWebhook(SECRET, { ...headers, signature: `v1,bad ${headers.signature}` }, BODY, now)).toBe(true);
    expect(verifyWebhook(SECRET, headers, `${BODY} `, now)).toBe(false);
    expect(verifyWebhook('whsec_b3RoZXI=', headers, BODY, now)).toBe(false);
    expect(verifyWebhook(SECRET, headers, BODY, new Date(TS * 1000 + 600_000))).toBe(false);
    expect(verifyWebhook(SECRET, { id: ID, timestamp: String(TS) }, BODY, now)).toBe(false);
  });
});
