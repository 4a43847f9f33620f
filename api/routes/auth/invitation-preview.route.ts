import { defineRoute } from '../../http/route';
import { previewInvitation } from '../../use-cases/team';
import { InvitationPreviewQuerySchema, InvitationPreviewResponseSchema } from '../team/team.schema';

export const invitationPreviewRoute = defineRoute({
  method: 'get',
  path: '/auth/invitation',
  summary: 'What an invitation link invites to, for the accept-invite page (the token is not used up)',
  tag: 'Auth',
  access: { kind: 'public' },
  request: { query: InvitationPreviewQuerySchema },
  response: { schema: InvitationPreviewResponseSchema, description: 'The organization, the invitee and whether the address already has an account' },
  handler: ({ query, deps }) => previewInvitation(deps, query.token),
});
