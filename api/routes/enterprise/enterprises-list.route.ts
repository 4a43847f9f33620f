import { defineRoute } from '../../http/route';
import { listAllEnterprises } from '../../use-cases/enterprises';
import { EnterprisesListSchema } from './enterprise.schema';

export const listEnterprisesRoute = defineRoute({
  method: 'get',
  path: '/enterprises',
  summary: 'Every enterprise with its admins and how many organizations it has (operators)',
  tag: 'Enterprises',
  access: { kind: 'operator' },
  response: { schema: EnterprisesListSchema, description: 'Enterprises by name' },
  errors: [401],
  async handler({ deps }) {
    return listAllEnterprises(deps);
  },
});
