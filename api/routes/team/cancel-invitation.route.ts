import { z } from 'zod';
import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { cancelInvitation } from '../../use-cases/team';
import { TeamQuerySchema, TeamResponseSchema } from './team.schema';

export const cancelInvitationRoute = defineRoute({
  method: 'delete',
  path: '/org/members/invitations/:invitationId',
  summary: 'Cancels a pending invitation: its link stops working (org admins and operators)',
  tag: 'Team',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: TeamQuerySchema, params: z.object({ invitationId: z.uuid('invitationId must be a UUID') }) },
  response: { schema: TeamResponseSchema, description: 'The team without the invitation' },
  errors: [307, 401, 404],
  handler: ({ params, user, orgId, deps, req }) => cancelInvitation(deps, commandOrigin({ req, user }), user!, orgId!, params.invitationId),
});
