import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { changeRole } from '../../use-cases/team';
import { ChangeRoleRequestSchema, TeamResponseSchema } from './team.schema';

export const changeRoleRoute = defineRoute({
  method: 'put',
  path: '/org/members/role',
  summary: "Makes a member an admin or an admin a member (org admins and operators); the organization's last admin stays one",
  tag: 'Team',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: ChangeRoleRequestSchema },
  response: { schema: TeamResponseSchema, description: 'The team with the new role' },
  errors: [307, 401, 404],
  handler: ({ body, user, orgId, deps, req }) => changeRole(deps, commandOrigin({ req, user }), user!, orgId!, body.userId, body.role),
});
