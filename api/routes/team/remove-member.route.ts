import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { removeMember } from '../../use-cases/team';
import { RemoveMemberParamsSchema, TeamQuerySchema, TeamResponseSchema } from './team.schema';

export const removeMemberRoute = defineRoute({
  method: 'delete',
  path: '/org/members/:userId',
  summary: "Removes a member from the organization and ends their sessions at once (org admins and operators); not the organization's last admin",
  tag: 'Team',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: TeamQuerySchema, params: RemoveMemberParamsSchema },
  response: { schema: TeamResponseSchema, description: 'The team without the member' },
  errors: [307, 401, 404],
  handler: ({ params, user, orgId, deps, req }) => removeMember(deps, commandOrigin({ req, user }), user!, orgId!, params.userId),
});
