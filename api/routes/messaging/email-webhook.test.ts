import { describe, expect, it } from '@jest/globals';
import { createHmac, randomBytes } from 'node:crypto';
import pino from 'pino';
import request from 'supertest';
import { createApp } from '../../app';
import type { ApiDeps } from '../../deps';

// POST /integrations/email/webhooks/resend with Resend's Svix signatures, against an in-memory outbox.

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const EMAIL_ID = '3f2b7a10-4c5d-4e6f-8a9b-0c1d2e3f4a5b';

/** Signs as Svix does: base64 HMAC-SHA256 under the base64-decoded secret, over `${id}.${timestamp}.${body}`. */
function svixHeaders(body: string, opts: { secret?: string; id?: string; at?: number } = {}) {
  const id = opts.id ?? `msg_${randomBytes(8).toString('hex')}`;
  const timestamp = String(opts.at ?? Math.floor(Date.now() / 1000));
  const key = Buffer.from((opts.secret ?? SECRET).slice('whsec_'.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${mac}` };
}

function world(secret: string | null) {
  const stored = { id: EMAIL_ID, orgId: 'org-1', channel: 'email', status: 'sent' };
  const deps = {
    logger: pino({ level: 'silent' }),
    notifications: {
      repository: {
        findOutboxMessage: async (id: string) => (id === EMAIL_ID ? stored : null),
        updateOutboxStatus: async (_id: string, status: string) => {
          stored.status = status;
        },
      },
    },
    delivery: { resendWebhookSecret: secret },
  } as unknown as ApiDeps;
  return { app: createApp(deps), stored };
}

// Resend's body as it sends it: compact JSON; the signature covers these exact bytes.
const delivered = JSON.stringify({
  type: 'email.delivered',
  created_at: '2025-03-01T12:00:05.000Z',
  data: { email_id: EMAIL_ID, to: ['office@acme.test'], subject: 'Booked' },
});
const post = (app: ReturnType<typeof createApp>, body: string, headers: Record<string, string>) =>
  request(app).post('/integrations/email/webhooks/resend').set('content-type', 'application/json').set(headers).send(body);

const refused = { error: 'Unauthorized', status: 401, message: 'Invalid webhook signature' };

describe('POST /integrations/email/webhooks/resend with RESEND_WEBHOOK_SECRET', () => {
  it('accepts a delivery signed over its exact body and records the status', async () => {
    const { app, stored } = world(SECRET);
    const res = await post(app, delivered, svixHeaders(delivered));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, status: 'delivered' });
    expect(stored.status).toBe('delivered');
  });

  it('accepts any one matching signature of a space-separated list (a rotated secret)', async () => {
    const { app } = world(SECRET);
    const signed = svixHeaders(delivered);
    const old = svixHeaders(delivered, { secret: `whsec_${randomBytes(24).toString('base64')}`, id: signed['svix-id'], at: Number(signed['svix-timestamp']) });
    const res = await post(app, delivered, { ...signed, 'svix-signature': `${old['svix-signature']} ${signed['svix-signature']}` });
    expect(res.status).toBe(200);
  });

  it.each([
    ['unsigned', () => ({})],
    ['without its id', () => ({ ...svixHeaders(delivered), 'svix-id': '' })],
    ['signed with another secret', () => svixHeaders(delivered, { secret: `whsec_${randomBytes(24).toString('base64')}` })],
    ['signed over another body', () => svixHeaders(delivered.replace('email.delivered', 'email.bounced'))],
    ['signed for another message id', () => ({ ...svixHeaders(delivered), 'svix-id': 'msg_other' })],
    ['more than 5 minutes old', () => svixHeaders(delivered, { at: Math.floor(Date.now() / 1000) - 301 })],
    ['more than 5 minutes ahead', () => svixHeaders(delivered, { at: Math.floor(Date.now() / 1000) + 301 })],
  ])('refuses a delivery %s with 401 and changes nothing', async (_what, headers) => {
    const { app, stored } = world(SECRET);
    const res = await post(app, delivered, headers());
    expect(res.status).toBe(401);
    expect(res.body).toEqual(refused);
    expect(stored.status).toBe('sent');
  });

  it('checks the bytes as sent: the same JSON re-serialized with other spacing fails', async () => {
    const { app } = world(SECRET);
    const spaced = JSON.stringify(JSON.parse(delivered), null, 2);
    const res = await post(app, spaced, svixHeaders(delivered));
    expect(res.status).toBe(401);
  });

  it('still answers 400 for an unknown provider', async () => {
    const { app } = world(SECRET);
    const res = await request(app)
      .post('/integrations/email/webhooks/pigeon')
      .send({ type: 'email.sent', data: { email_id: 'x' } });
    expect(res.body).toMatchObject({ error: 'Bad Request', status: 400, message: 'Unknown e-mail provider "pigeon"' });
  });
});

describe('POST /integrations/email/webhooks/resend without a secret', () => {
  it('accepts an unsigned delivery, as before the secret existed', async () => {
    const { app, stored } = world(null);
    const res = await post(app, delivered, {});
    expect(res.status).toBe(200);
    expect(stored.status).toBe('delivered');
  });
});
