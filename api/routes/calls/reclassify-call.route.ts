import { CallStatusSchema } from '../../../domain/interaction/interaction.schema';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { awaitReadModel } from '../../use-cases/await-read-model';
import type { ApiDeps } from '../../deps';
import { ReclassifyRequestSchema, ReclassifyResponseSchema } from './calls.schema';

/** The interaction a callId names and its status: a call (by interaction or call id), a website chat or an LLM chat session (by interaction id). */
async function interactionOf(deps: ApiDeps, callId: string): Promise<{ id: string; callStatus: string } | null> {
  const call = await deps.calls.interactions.findCall(callId);
  if (call) return { id: call.id, callStatus: call.callStatus };
  const chat = await deps.widgetChats.repository.findByInteractionId(callId);
  if (chat) return { id: chat.interactionId, callStatus: chat.callStatus };
  const session = await deps.chatSessions.repository.findByInteractionId(callId);
  return session ? { id: session.interactionId, callStatus: session.callStatus } : null;
}

export const reclassifyCallRoute = defineRoute({
  method: 'post',
  path: '/call/reclassify',
  summary: 'Changes the status of a call, a website chat or an LLM chat session (its interaction id) to UNBOOKED or EXCUSED (spec 001 §2.4, §4)',
  tag: 'Calls',
  access: {
    kind: 'org',
    async orgIdOf({ body }, deps) {
      const orgId =
        (await deps.calls.interactions.orgIdOfCall(body.callId)) ??
        (await deps.widgetChats.repository.orgIdOfInteraction(body.callId)) ??
        (await deps.chatSessions.repository.orgIdOfInteraction(body.callId));
      if (!orgId) throw notFound('Call not found');
      return orgId;
    },
  },
  request: { body: ReclassifyRequestSchema },
  response: { schema: ReclassifyResponseSchema, description: 'The new call status' },
  errors: [307, 401, 404],
  async handler({ body, orgId, user, deps, req }) {
    const row = await interactionOf(deps, body.callId);
    if (!row) throw notFound('Call not found');
    const from = CallStatusSchema.safeParse(row.callStatus);
    if (row.callStatus !== body.newStatus) {
      await publishCommand(deps.calls.events, commandOrigin({ req, user }), [
        {
          type: 'InteractionReclassified',
          aggregateId: row.id,
          orgId: orgId,
          data: {
            interactionId: row.id,
            orgId: orgId!,
            from: from.success ? from.data : null,
            to: body.newStatus,
            by: 'user',
            userId: user!.id,
            reason: `Reclassified by ${user!.email}`,
            tags: [],
          },
        },
      ]);
      await awaitReadModel(async () => (await interactionOf(deps, body.callId))?.callStatus === body.newStatus);
    }
    return { callId: body.callId, call_status: body.newStatus };
  },
});
