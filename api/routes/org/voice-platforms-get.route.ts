import { notFound, unauthorized } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { showVoicePlatforms } from '../../use-cases/voice-platforms';
import { VoicePlatformsParamsSchema, VoicePlatformsResponseSchema } from './voice-platforms.schema';

export const getVoicePlatformsRoute = defineRoute({
  method: 'get',
  path: '/org/:orgId/voice-platforms',
  summary: "The organization's voice-platform accounts, secrets masked, with the webhook and tool URLs for each vendor's console (org admins and operators)",
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ params }) => params.orgId },
  request: { params: VoicePlatformsParamsSchema },
  response: {
    schema: VoicePlatformsResponseSchema,
    description: 'Every platform (Retell, Vapi, Bland, Synthflow): which secrets are set (masked), its base URL, and the active one; sandbox when none is',
  },
  errors: [307, 401, 404],
  async handler({ orgId, user, deps }) {
    if (!(await deps.staff.canManageOrganization(user!, orgId!))) throw unauthorized('Only an admin of the organization may see its voice platforms');
    if (!(await deps.organizations.findById(orgId!))) throw notFound('Organization not found');
    return showVoicePlatforms(deps, orgId!);
  },
});
