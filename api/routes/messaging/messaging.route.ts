import { notFound } from '../../http/errors';
import { keptRawBodyOf as rawBodyOf } from '../../http/raw-body';
import { defineRoute } from '../../http/route';
import { receiveEmailWebhook, sendDirectEmail, sendDirectSms } from '../../use-cases/messaging/direct-messages';
import {
  EmailParamsSchema,
  EmailViewSchema,
  EmailWebhookBodySchema,
  EmailWebhookParamsSchema,
  EmailWebhookResponseSchema,
  SendEmailBodySchema,
  SendEmailResponseSchema,
  SendSmsBodySchema,
  SendSmsResponseSchema,
} from './messaging.schema';

// 002 §7 "SMS and 10DLC" and "E-mail": sends go through the same messaging ports as notifications, so with
// MESSAGING_ADAPTER=outbox (the default) they are stored and shown on the Outbox page.

export const sendSmsRoute = defineRoute({
  method: 'post',
  path: '/integrations/send-sms',
  summary: 'Sends one SMS for an organization (002 §3 send request); an Idempotency-Key header makes a retry send nothing new',
  tag: 'SMS',
  access: { kind: 'org', orgIdOf: ({ body }) => body.conversationMetadata.org_id },
  request: { body: SendSmsBodySchema },
  response: { schema: SendSmsResponseSchema, description: 'Handed to the provider; its status webhooks report delivery' },
  errors: [307, 401],
  handler: ({ body, orgId, req, deps }) => sendDirectSms(deps, orgId!, body, req.get('idempotency-key')),
});

export const sendEmailRoute = defineRoute({
  method: 'post',
  path: '/integrations/send-email',
  summary: 'Sends a named e-mail template (002 §3: call-summary, call-errors) rendered in HTML and text',
  tag: 'E-mail',
  access: {
    kind: 'org',
    orgIdOf: ({ body }) => body.orgId ?? (typeof body.template_variables.orgId === 'string' ? body.template_variables.orgId : null),
  },
  request: { body: SendEmailBodySchema },
  response: { schema: SendEmailResponseSchema, description: 'Sent; id reads it back' },
  errors: [307, 401],
  handler: ({ body, orgId, req, deps }) => sendDirectEmail(deps, orgId!, body, req.get('idempotency-key')),
});

export const getEmailRoute = defineRoute({
  method: 'get',
  path: '/integrations/email/:emailId',
  summary: 'One sent e-mail as stored, with the latest status its provider reported',
  tag: 'E-mail',
  access: {
    kind: 'org',
    // An unknown id and another tenant's e-mail get the same answer.
    orgIdOf: async ({ params }, deps) => (await deps.notifications.repository.findOutboxMessage(params.emailId))?.orgId ?? null,
  },
  request: { params: EmailParamsSchema },
  response: { schema: EmailViewSchema, description: 'The e-mail' },
  errors: [307, 401, 404],
  async handler({ params, deps }) {
    const m = await deps.notifications.repository.findOutboxMessage(params.emailId);
    if (!m || m.channel !== 'email') throw notFound('Email not found');
    return {
      id: m.id,
      org_id: m.orgId,
      interaction_id: m.interactionId,
      to: m.to,
      subject: m.subject,
      html: m.html,
      text: m.text,
      template: m.template,
      status: m.status,
      created_at: m.createdAt.toISOString(),
    };
  },
});

export const emailWebhookRoute = defineRoute({
  method: 'post',
  path: '/integrations/email/webhooks/:provider',
  summary:
    "The e-mail service's delivery, bounce and received events (002 §3); the status lands on the stored e-mail. With RESEND_WEBHOOK_SECRET set, Resend's deliveries must carry a valid Svix signature (svix-id, svix-timestamp, svix-signature)",
  tag: 'E-mail',
  access: { kind: 'public' },
  request: { params: EmailWebhookParamsSchema, body: EmailWebhookBodySchema },
  response: { schema: EmailWebhookResponseSchema, description: 'Recorded; a repeated or out-of-order event changes nothing' },
  errors: [401],
  handler: ({ params, body, req, deps }) =>
    receiveEmailWebhook(deps, params.provider, body, {
      rawBody: rawBodyOf(req),
      id: req.get('svix-id'),
      timestamp: req.get('svix-timestamp'),
      signature: req.get('svix-signature'),
    }),
});
