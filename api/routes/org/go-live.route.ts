import { unauthorized } from '../../http/errors';
import { commandOrigin } from '../../http/publish-command';
import { defineRoute } from '../../http/route';
import { takeOrganizationLive } from '../../use-cases/go-live';
import { GoLiveRequestSchema, GoLiveResponseSchema } from './go-live.schema';

export const goLiveRoute = defineRoute({
  method: 'post',
  path: '/org/go-live',
  summary: 'Moves an organization from TESTING to LIVE once its checklist holds (OrganizationWentLive); org admins and operators',
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: GoLiveRequestSchema },
  response: { schema: GoLiveResponseSchema, description: 'Live; the read model follows the event. Going live again changes nothing' },
  errors: [307, 401, 404],
  async handler({ orgId, user, deps, req }) {
    if (!(await deps.staff.canManageOrganization(user!, orgId!))) throw unauthorized('Only an admin of the organization may take it live');
    const { alreadyLive } = await takeOrganizationLive(deps, orgId!, commandOrigin({ req, user }));
    return {
      success: true as const,
      onboarding_status: 'LIVE' as const,
      message: alreadyLive ? 'The organization is already live' : 'The organization is live',
    };
  },
});
