import type { Request } from 'express';
import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { receiveSmsWebhook } from '../../use-cases/sms-webhooks/receive-sms-webhook';
import { SmsWebhookParamsSchema, SmsWebhookResponseSchema } from './sms.schema';

const rawBodyOf = (req: Request) => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));

export const smsWebhookRoute = defineRoute({
  method: 'post',
  path: '/integrations/sms/webhook/:provider',
  summary: 'Delivery-status and inbound-SMS webhooks of the two SMS providers (primary, twilio), 002 §3 and §7',
  tag: 'SMS',
  access: { kind: 'public' },
  request: { params: SmsWebhookParamsSchema },
  response: { schema: SmsWebhookResponseSchema, description: 'Recorded (a repeated delivery is accepted and changes nothing)' },
  errors: [401],
  handler: ({ params, req, deps }) =>
    receiveSmsWebhook(deps, {
      provider: params.provider,
      rawBody: rawBodyOf(req),
      url: `${deps.delivery.publicApiUrl ?? `${req.protocol}://${req.get('host')}`}${req.originalUrl}`,
      signature: req.get('x-twilio-signature'),
      origin: commandOrigin({ req, user: null }, `sms-webhook:${params.provider}`),
    }),
});
