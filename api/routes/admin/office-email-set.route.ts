import { notFound } from '../../http/errors';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { SetOfficeEmailBodySchema, SetOfficeEmailResponseSchema } from './admin.schema';

export const setOfficeEmailRoute = defineRoute({
  method: 'put',
  path: '/office-email',
  summary: "Changes an organization's office e-mail, where call notifications go (admin, spec 000 §7)",
  tag: 'Admin',
  access: { kind: 'operator', loginRedirect: true },
  request: { body: SetOfficeEmailBodySchema },
  response: { schema: SetOfficeEmailResponseSchema, description: 'Saved; the read model follows the event' },
  errors: [401, 404],
  async handler({ body, user, deps, req }) {
    if (!(await deps.organizations.findById(body.orgId))) throw notFound('Organization not found');
    await publishCommand(deps.orgProfile.events, commandOrigin({ req, user }, 'admin-token'), [
      { type: 'OrganizationOfficeEmailChanged', aggregateId: body.orgId, orgId: body.orgId, data: { orgId: body.orgId, officeEmail: body.officeEmail } },
    ]);
    return { success: true as const, message: 'Office email updated' };
  },
});
