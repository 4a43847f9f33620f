import { randomUUID } from 'node:crypto';
import { notFound } from '../../http/errors';
import { widgetForVisitor } from '../../use-cases/widgets';
import { defineRoute } from '../../http/route';
import { chatRefusal } from './chat-refusal';
import { WIDGET_CHAT_IDLE_MS } from '../../../domain/chat/widget-chat';
import type { CrmName } from '../../../domain/organization/organization-settings.schema';
import { ChatRegisterRequestSchema, ChatRegisterResponseSchema } from './chat.schema';

export const chatRegisterRoute = defineRoute({
  method: 'post',
  path: '/chat/register',
  summary:
    "Website widget, step 1 (spec 001 §2.6): register a chat with the visitor's phone; answers the chat id, its interaction id and the CRM customers with that phone. Stage PHONE_LOOKUP. The widget must be the organization's and enabled (else 404), and used from one of its sites: the parent page the widget app reports (X-Widget-Parent-Origin), or the request's Origin or Referer (else 403)",
  tag: 'Chat widget',
  access: { kind: 'public' },
  request: { body: ChatRegisterRequestSchema },
  response: {
    schema: ChatRegisterResponseSchema,
    description: 'The chat, its interaction and the matching CRM customers (each with its phones and service locations)',
  },
  errors: [403, 404, 503],
  async handler({ body, deps, req }) {
    const org = await deps.organizations.findById(body.orgId);
    if (!org) throw notFound('Organization not found');
    await widgetForVisitor(deps, org.id, body.widgetId, req);
    const chatId = randomUUID();
    return deps.widgetChats.gateway
      .register(
        {
          meta: { correlationId: req.correlationId },
          orgId: org.id,
          chatId,
          interactionId: randomUUID(),
          crmName: org.crmName as CrmName,
          idleTimeoutMs: (deps.config.WIDGET_CHAT_IDLE_SECONDS ?? WIDGET_CHAT_IDLE_MS / 1000) * 1000,
        },
        {
          orgId: org.id,
          phone: body.phone,
          widgetId: body.widgetId,
          deviceType: body.deviceType,
          chatDetails: body.chatDetails,
          referer: req.header('referer')?.slice(0, 500) ?? null,
        },
      )
      .catch(chatRefusal);
  },
});
