import { ApiError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { widgetBookingPayload } from '../../../domain/chat/widget-chat';
import { CHAT_EXPIRED_ERROR, chatRefusal } from './chat-refusal';
import { ChatActionRequestSchema, ChatActionResponseSchema } from './chat.schema';

export const chatActionRoute = defineRoute({
  method: 'post',
  path: '/chat/action',
  summary:
    "Website widget, step 4 (spec 001 §2.6): book in the org's CRM with the widget booking payload (001 §3; externalId is the interaction id, so a double submit books once). Stage CREATE_BOOKING; the chat then ends and is analysed as an interaction",
  tag: 'Chat widget',
  access: { kind: 'public' },
  request: { body: ChatActionRequestSchema },
  response: { schema: ChatActionResponseSchema, description: "The booking's action id (the same for a repeated request)" },
  errors: [404, 503, CHAT_EXPIRED_ERROR],
  async handler({ body, deps }) {
    const payload = widgetBookingPayload(body, { address: null, campaignId: null });
    const answer = await deps.widgetChats.gateway
      .book(body.chatId, { orgId: body.orgId, interactionId: body.interactionId, payload, chatDetails: body.chatDetails })
      .catch(chatRefusal);
    if (answer.status === 'DROPPED') {
      // Not expired: the CRM refused the booking; the widget may offer a callback.
      throw new ApiError(400, `The booking could not be made: ${answer.reason}`, undefined, undefined, { isWorkflowExpired: false });
    }
    return { actionId: answer.actionId };
  },
});
