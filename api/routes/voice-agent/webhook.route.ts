import type { Request } from 'express';
import { defineRoute } from '../../http/route';
import { receiveVoiceWebhook } from '../../use-cases/receive-voice-webhook';
import { WebhookParamsSchema, WebhookQuerySchema, WebhookResponseSchema } from './voice-agent.schema';

const rawBodyOf = (req: Request) => (Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0));

const common = {
  method: 'post' as const,
  tag: 'Voice agent',
  access: { kind: 'public' as const },
  request: { params: WebhookParamsSchema, query: WebhookQuerySchema },
  response: { schema: WebhookResponseSchema, description: 'The delivery was accepted (a duplicate is accepted too)' },
  errors: [401, 404, 503] as (401 | 404 | 503)[],
};

export const providerWebhookRoute = defineRoute({
  ...common,
  path: '/voice-agent/webhook/:orgId/:provider',
  summary: 'Webhook of one voice platform (retell, vapi, bland, synthflow); signed once the org has any webhook secret (spec 000 §7)',
  handler: ({ params, query, req, deps }) =>
    receiveVoiceWebhook(deps, {
      orgId: params.orgId,
      provider: params.provider,
      headers: req.headers,
      rawBody: rawBodyOf(req),
      callToken: query.call_token,
      correlationId: req.correlationId,
    }),
});

export const webhookRoute = defineRoute({
  ...common,
  path: '/voice-agent/webhook/:orgId',
  summary: 'Voice platform webhook with the provider told from the payload (spec 000 §7)',
  handler: ({ params, query, req, deps }) =>
    receiveVoiceWebhook(deps, {
      orgId: params.orgId,
      headers: req.headers,
      rawBody: rawBodyOf(req),
      callToken: query.call_token,
      correlationId: req.correlationId,
    }),
});
