import { badRequest, notFound, unauthorized } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { crmConnectionFrom, saveCrmConnection, shownConnection } from '../../use-cases/crm-connection';
import { CrmConnectionResponseSchema, SaveCrmConnectionBodySchema } from './crm-connection.schema';

export const saveCrmConnectionRoute = defineRoute({
  method: 'put',
  path: '/org/crm-connection',
  summary: 'Connects the organization to its own CRM tenant, or replaces its credentials (org admins and operators)',
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: SaveCrmConnectionBodySchema },
  response: { schema: CrmConnectionResponseSchema, description: "The connection as stored, secrets masked; the org's CRM calls use it from now on" },
  errors: [307, 401, 404],
  async handler({ body, orgId, user, deps, req }) {
    if (!(await deps.staff.canManageOrganization(user!, orgId!))) throw unauthorized('Only an admin of the organization may change its CRM connection');
    const connection = crmConnectionFrom(deps, body.crm_name, body.crm_config);
    if (!connection) throw badRequest('crm_config is required');
    if (!(await deps.organizations.findById(orgId!))) throw notFound('Organization not found');
    await saveCrmConnection(deps, orgId!, connection, body.skip_crm_test, commandOrigin({ req, user }));
    return shownConnection(orgId!, connection);
  },
});
