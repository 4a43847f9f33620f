import { defineRoute } from '../../http/route';
import { listTeam } from '../../use-cases/team';
import { TeamQuerySchema, TeamResponseSchema } from './team.schema';

export const listTeamRoute = defineRoute({
  method: 'get',
  path: '/org/members',
  summary: "The organization's members with their roles and its pending invitations (every member may read it)",
  tag: 'Team',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: TeamQuerySchema },
  response: { schema: TeamResponseSchema, description: 'Members, admins first, and pending invitations, newest first' },
  errors: [307, 401],
  handler: ({ user, orgId, deps }) => listTeam(deps, user!, orgId!),
});
