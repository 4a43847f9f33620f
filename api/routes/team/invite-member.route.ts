import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { inviteMember } from '../../use-cases/team';
import { InviteMemberRequestSchema, TeamResponseSchema } from './team.schema';

export const inviteMemberRoute = defineRoute({
  method: 'post',
  path: '/org/members/invite',
  summary: 'Invites someone by e-mail (org admins and operators): a single-use link valid 7 days goes out through the messaging port',
  tag: 'Team',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: InviteMemberRequestSchema },
  response: { status: 201, schema: TeamResponseSchema, description: 'The team with the new pending invitation' },
  errors: [307, 401],
  handler: ({ body, user, orgId, deps, req }) => inviteMember(deps, commandOrigin({ req, user }), user!, orgId!, body),
});
