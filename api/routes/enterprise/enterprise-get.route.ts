import { defineRoute } from '../../http/route';
import { showEnterprise } from '../../use-cases/enterprises';
import { EnterpriseSchema, GetEnterpriseQuerySchema } from './enterprise.schema';

export const getEnterpriseRoute = defineRoute({
  method: 'get',
  path: '/enterprise',
  summary: 'One enterprise and its organizations (001 §7), for its admins and operators',
  tag: 'Enterprises',
  access: { kind: 'session' },
  request: { query: GetEnterpriseQuerySchema },
  response: { schema: EnterpriseSchema, description: 'The enterprise with its organizations by name' },
  errors: [307, 401, 404],
  async handler({ query, user, deps }) {
    return showEnterprise(deps, user!, query.id);
  },
});
