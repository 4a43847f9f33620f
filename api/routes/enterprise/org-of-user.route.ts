import { unauthorized } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { OrgSchema } from '../org/org.schema';
import { toOrgResponse } from '../org/get-org.route';
import { OrgOfUserRequestSchema } from './enterprise.schema';

export const orgOfUserRoute = defineRoute({
  method: 'post',
  path: '/org',
  summary: 'The organization a user belongs to (the first joined), or null (001 §7); the user themself or an operator',
  tag: 'Organizations',
  access: { kind: 'session' },
  request: { body: OrgOfUserRequestSchema },
  response: { schema: OrgSchema.nullable(), description: 'The org row, or null when the user belongs to none' },
  errors: [307, 401],
  async handler({ body, user, deps }) {
    if (!user!.isOperator && user!.id !== body.userId) throw unauthorized('You may only look up your own organization');
    const orgId = await deps.staff.firstOrganizationOf(body.userId);
    const org = orgId ? await deps.organizations.findById(orgId) : null;
    return org ? toOrgResponse(org, await deps.delivery.teamChat.find(org.id)) : null;
  },
});
