import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { awaitReadModel } from '../../use-cases/await-read-model';
import type { ApiDeps } from '../../deps';
import { ReviewInteractionRequestSchema, ReviewInteractionResponseSchema } from './calls.schema';

/** An interaction's review state: the calls read model, else a website chat's (widget chats) or an LLM chat session's (chat sessions) (001 §4). */
async function reviewStateOf(deps: ApiDeps, id: string): Promise<{ reviewedAt: Date | null; reviewNotes: string | null } | null> {
  return (
    (await deps.calls.interactions.findById(id)) ??
    (await deps.widgetChats.repository.findByInteractionId(id)) ??
    (await deps.chatSessions.repository.findByInteractionId(id))
  );
}

export const reviewInteractionRoute = defineRoute({
  method: 'put',
  path: '/interaction',
  summary: 'Marks an interaction (a call, a website chat or an LLM chat session) reviewed or unreviewed and saves its review notes (spec 001 §2.3, §4)',
  tag: 'Calls',
  access: {
    kind: 'org',
    async orgIdOf({ body }, deps) {
      const orgId =
        (await deps.calls.interactions.orgIdOfInteraction(body.id)) ??
        (await deps.widgetChats.repository.orgIdOfInteraction(body.id)) ??
        (await deps.chatSessions.repository.orgIdOfInteraction(body.id));
      if (!orgId) throw notFound('Interaction not found');
      return orgId;
    },
  },
  request: { body: ReviewInteractionRequestSchema },
  response: { schema: ReviewInteractionResponseSchema, description: 'The review state' },
  errors: [307, 401, 404],
  async handler({ body, orgId, user, deps, req }) {
    const reviewedAt = body.reviewed_at === null ? null : new Date(body.reviewed_at).toISOString();
    await publishCommand(deps.calls.events, commandOrigin({ req, user }), [
      {
        type: 'InteractionReviewed',
        aggregateId: body.id,
        orgId: orgId,
        data: { interactionId: body.id, orgId: orgId!, reviewedAt, reviewNotes: body.review_notes, userId: user!.id },
      },
    ]);
    await awaitReadModel(async () => {
      const row = await reviewStateOf(deps, body.id);
      return (row?.reviewedAt?.toISOString() ?? null) === reviewedAt && (body.review_notes === undefined || row?.reviewNotes === body.review_notes);
    });
    const row = await reviewStateOf(deps, body.id);
    return { id: body.id, reviewed_at: reviewedAt, review_notes: body.review_notes ?? row?.reviewNotes ?? null };
  },
});
