import { defineRoute } from '../../http/route';
import { findOwnCallerId, renameCallerId, toView } from '../../use-cases/verified-caller-ids';
import { CallerIdParamsSchema, UpdateVerifiedCallerIdRequestSchema, VerifiedCallerIdSchema } from './verified-caller-ids.schema';

export const updateVerifiedCallerIdRoute = defineRoute({
  method: 'put',
  path: '/verified-caller-ids/:id',
  summary: 'Renames a caller ID (spec 001 §2.17), at the provider too once it is verified; org_name is accepted and not stored',
  tag: 'Verified caller IDs',
  access: { kind: 'org', orgIdOf: ({ body }) => body.org_id },
  request: { params: CallerIdParamsSchema, body: UpdateVerifiedCallerIdRequestSchema },
  response: { schema: VerifiedCallerIdSchema, description: 'The caller ID as renamed' },
  errors: [307, 401, 404, 503],
  async handler({ params, body, orgId, user, deps, req }) {
    const record = await findOwnCallerId(deps, orgId!, params.id);
    return toView(await renameCallerId(deps, { req, user }, record, body.friendly_name));
  },
});
