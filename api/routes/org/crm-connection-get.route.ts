import { unauthorized } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { showCrmConnection } from '../../use-cases/crm-connection';
import { CrmConnectionQuerySchema, CrmConnectionResponseSchema } from './crm-connection.schema';

export const getCrmConnectionRoute = defineRoute({
  method: 'get',
  path: '/org/crm-connection',
  summary: "The organization's own CRM connection, secrets masked (org admins and operators)",
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: CrmConnectionQuerySchema },
  response: {
    schema: CrmConnectionResponseSchema,
    description: 'crm_name and crm_config with every secret masked; connected false when the org uses the deployment CRM',
  },
  errors: [307, 401],
  async handler({ orgId, user, deps }) {
    if (!(await deps.staff.canManageOrganization(user!, orgId!))) throw unauthorized('Only an admin of the organization may see its CRM connection');
    return showCrmConnection(deps, orgId!);
  },
});
