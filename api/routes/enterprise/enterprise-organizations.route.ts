import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { addOrganizationToEnterprise } from '../../use-cases/enterprises';
import { AddOrganizationToEnterpriseRequestSchema, EnterpriseChangeResponseSchema } from './enterprise.schema';

export const addOrganizationToEnterpriseRoute = defineRoute({
  method: 'put',
  path: '/enterprise/organizations',
  summary: 'Puts an organization in an enterprise, or moves it from another (operators)',
  tag: 'Enterprises',
  access: { kind: 'operator' },
  request: { body: AddOrganizationToEnterpriseRequestSchema },
  response: { schema: EnterpriseChangeResponseSchema, description: 'Saved; an organization already in the enterprise changes nothing' },
  errors: [401, 404],
  async handler({ body, user, deps, req }) {
    const { changed } = await addOrganizationToEnterprise(deps, body.enterpriseId, body.orgId, commandOrigin({ req, user }, 'admin-token'));
    return { success: true as const, message: changed ? 'Organization added to the enterprise' : 'The organization is already in this enterprise' };
  },
});
