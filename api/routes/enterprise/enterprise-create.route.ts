import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { createEnterprise } from '../../use-cases/enterprises';
import { CreateEnterpriseRequestSchema, EnterpriseSchema } from './enterprise.schema';

export const createEnterpriseRoute = defineRoute({
  method: 'post',
  path: '/enterprise',
  summary: 'Creates an enterprise, the level that groups organizations, with its admins (operators)',
  tag: 'Enterprises',
  access: { kind: 'operator' },
  request: { body: CreateEnterpriseRequestSchema },
  response: { status: 201, schema: EnterpriseSchema, description: 'The enterprise, without organizations yet; the read model follows the event' },
  errors: [401],
  async handler({ body, user, deps, req }) {
    return createEnterprise(deps, body, commandOrigin({ req, user }, 'admin-token'));
  },
});
