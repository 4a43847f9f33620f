import { defineRoute } from '../../http/route';
import { findOwnCallerId, removeCallerId } from '../../use-cases/verified-caller-ids';
import { CallerIdParamsSchema, DeleteVerifiedCallerIdQuerySchema, DeletedSchema } from './verified-caller-ids.schema';

export const deleteVerifiedCallerIdRoute = defineRoute({
  method: 'delete',
  path: '/verified-caller-ids/:id',
  summary: 'Deletes a caller ID (spec 001 §2.17), from the telephony provider too when it was verified there',
  tag: 'Verified caller IDs',
  // The spec's request names only the id: the org is the caller ID's own (an unknown id reads as no access).
  access: {
    kind: 'org',
    orgIdOf: async ({ params, query }, deps) => query.orgId ?? (await deps.callerIds.repository.findById(params.id))?.orgId ?? null,
  },
  request: { params: CallerIdParamsSchema, query: DeleteVerifiedCallerIdQuerySchema },
  response: { schema: DeletedSchema, description: 'Deleted' },
  errors: [307, 401, 404, 503],
  async handler({ params, orgId, user, deps, req }) {
    const record = await findOwnCallerId(deps, orgId!, params.id);
    await removeCallerId(deps, { req, user }, record);
    return { success: true as const };
  },
});
