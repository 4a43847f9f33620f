import { defineRoute } from '../../http/route';
import { CHAT_EXPIRED_ERROR, chatRefusal } from './chat-refusal';
import { ChatAddressRequestSchema, ChatAddressResponseSchema } from './chat.schema';

export const chatAddressRoute = defineRoute({
  method: 'post',
  path: '/chat/address',
  summary:
    "Website widget, step 3 (spec 001 §2.6): record the visitor's address and name (and CRM customer id when known) on the chat and its interaction. Stage NEW_ADDRESS",
  tag: 'Chat widget',
  access: { kind: 'public' },
  request: { body: ChatAddressRequestSchema },
  response: { schema: ChatAddressResponseSchema, description: 'Recorded (a repeated request records nothing new)' },
  errors: [404, 503, CHAT_EXPIRED_ERROR],
  async handler({ body, deps }) {
    await deps.widgetChats.gateway
      .address(body.chatId, {
        orgId: body.orgId,
        interactionId: body.interactionId,
        address: body.address,
        customerName: body.customer_name,
        crmCustomerId: body.customer_id ?? null,
        chatDetails: body.chatDetails,
      })
      .catch(chatRefusal);
    return { success: true };
  },
});
