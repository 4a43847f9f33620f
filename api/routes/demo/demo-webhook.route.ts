import { defineRoute } from '../../http/route';
import { receiveDemoWebhook } from '../../use-cases/demo-calls';
import { WebhookQuerySchema, WebhookResponseSchema } from '../voice-agent/voice-agent.schema';

/**
 * Spec 000 §7 POST /expo/webhook. A demo call's call-ended delivery is the voice platform's ordinary webhook, so
 * this is the demo organization's /voice-agent/webhook/{orgId} under the address the platform was given for demos.
 */
export const demoWebhookRoute = defineRoute({
  method: 'post',
  path: '/expo/webhook',
  summary: "The voice platform's webhook for demo calls: the demo organization's voice webhook (spec 000 §7)",
  tag: 'Demo',
  access: { kind: 'public' },
  request: { query: WebhookQuerySchema },
  response: { schema: WebhookResponseSchema, description: 'The delivery was accepted (a duplicate is accepted too)' },
  errors: [401, 404, 503],
  handler: ({ query, req, deps }) =>
    receiveDemoWebhook(deps, {
      headers: req.headers,
      rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      callToken: query.call_token,
      correlationId: req.correlationId,
    }),
});
