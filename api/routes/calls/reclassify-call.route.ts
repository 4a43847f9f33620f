import { CallStatusSchema } from '../../../domain/interaction/interaction.schema';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { awaitReadModel } from '../../use-cases/await-read-model';
import { ReclassifyRequestSchema, ReclassifyResponseSchema } from './calls.schema';

export const reclassifyCallRoute = defineRoute({
  method: 'post',
  path: '/call/reclassify',
  summary: 'Changes a call status to UNBOOKED or EXCUSED (spec 001 §2.4, §4)',
  tag: 'Calls',
  access: {
    kind: 'org',
    async orgIdOf({ body }, deps) {
      const orgId = await deps.calls.interactions.orgIdOfCall(body.callId);
      if (!orgId) throw notFound('Call not found');
      return orgId;
    },
  },
  request: { body: ReclassifyRequestSchema },
  response: { schema: ReclassifyResponseSchema, description: 'The new call status' },
  errors: [307, 401, 404],
  async handler({ body, orgId, user, deps, req }) {
    const row = await deps.calls.interactions.findCall(body.callId);
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
      await awaitReadModel(async () => (await deps.calls.interactions.findCall(body.callId))?.callStatus === body.newStatus);
    }
    return { callId: body.callId, call_status: body.newStatus };
  },
});
