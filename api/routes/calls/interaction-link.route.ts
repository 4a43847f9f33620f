import { InteractionLinkResponseSchema } from '../../../domain/contracts/calls.contract';
import { z } from 'zod';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';

const ParamsSchema = z.object({ interactionId: z.uuid('interaction_id must be a UUID') });

/**
 * Spec 000 §2 / 001 §2: /dashboard/link/{interaction_id} is the "View on Dashboard" and SMS "Details:"
 * link; the dashboard resolves it here and goes on to the interaction's call details page, or for a website chat
 * (whose widget.event carries the same link) its chat details page.
 */
export const interactionLinkRoute = defineRoute({
  method: 'get',
  path: '/dashboard/link/:interactionId',
  summary: 'Where the dashboard deep link of an interaction leads: its call or chat details page in its organization',
  tag: 'Calls',
  access: {
    kind: 'org',
    async orgIdOf({ params }, deps) {
      const orgId =
        (await deps.calls.interactions.orgIdOfInteraction(params.interactionId)) ??
        (await deps.widgetChats.repository.orgIdOfInteraction(params.interactionId));
      if (!orgId) throw notFound('Interaction not found');
      return orgId;
    },
  },
  request: { params: ParamsSchema },
  response: { schema: InteractionLinkResponseSchema, description: 'The page the link leads to' },
  errors: [307, 401, 404],
  async handler({ params, deps }) {
    const row = await deps.calls.interactions.findById(params.interactionId);
    if (row) return { interactionId: row.id, orgId: row.orgId, redirect: `/calls/${row.id}?org=${row.orgId}` };
    const chat = await deps.widgetChats.repository.findByInteractionId(params.interactionId);
    if (!chat) throw notFound('Interaction not found');
    return { interactionId: chat.interactionId, orgId: chat.orgId, redirect: `/chats/${chat.chatId}?org=${chat.orgId}` };
  },
});
