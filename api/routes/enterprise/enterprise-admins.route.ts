import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { setEnterpriseAdmins } from '../../use-cases/enterprises';
import { EnterpriseChangeResponseSchema, SetEnterpriseAdminsRequestSchema } from './enterprise.schema';

export const setEnterpriseAdminsRoute = defineRoute({
  method: 'put',
  path: '/enterprise/admins',
  summary: "Replaces an enterprise's admins, who may open every organization of it (operators)",
  tag: 'Enterprises',
  access: { kind: 'operator' },
  request: { body: SetEnterpriseAdminsRequestSchema },
  response: { schema: EnterpriseChangeResponseSchema, description: 'Saved; the read model follows the event' },
  errors: [401, 404],
  async handler({ body, user, deps, req }) {
    await setEnterpriseAdmins(deps, body.enterpriseId, body.admins, commandOrigin({ req, user }, 'admin-token'));
    return { success: true as const, message: 'Enterprise admins updated' };
  },
});
