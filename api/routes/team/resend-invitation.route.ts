import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { resendInvitation } from '../../use-cases/team';
import { InvitationActionRequestSchema, TeamResponseSchema } from './team.schema';

export const resendInvitationRoute = defineRoute({
  method: 'post',
  path: '/org/members/invitations/resend',
  summary: 'Sends a pending invitation again with a new link valid 7 days; the earlier link stops working (org admins and operators)',
  tag: 'Team',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: InvitationActionRequestSchema },
  response: { schema: TeamResponseSchema, description: 'The team with the invitation’s new expiry' },
  errors: [307, 401, 404],
  handler: ({ body, user, orgId, deps, req }) => resendInvitation(deps, commandOrigin({ req, user }), user!, orgId!, body.invitationId),
});
