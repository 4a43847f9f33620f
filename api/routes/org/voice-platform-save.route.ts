import { notFound, unauthorized } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { saveVoicePlatform, showVoicePlatforms, voicePlatformNamed } from '../../use-cases/voice-platforms';
import { SaveVoicePlatformBodySchema, VoicePlatformParamsSchema, VoicePlatformsResponseSchema } from './voice-platforms.schema';

export const saveVoicePlatformRoute = defineRoute({
  method: 'put',
  path: '/org/:orgId/voice-platforms/:provider',
  summary:
    "Sets or replaces the organization's webhook secret, tool secret, API key and base URL on a voice platform, or makes it the one calls are placed with (org admins and operators)",
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ params }) => params.orgId },
  request: { params: VoicePlatformParamsSchema, body: SaveVoicePlatformBodySchema },
  response: {
    schema: VoicePlatformsResponseSchema,
    description: 'Every platform as stored, secrets masked; webhooks, tool calls and outbound calls use the change at once',
  },
  errors: [307, 401, 404],
  async handler({ params, body, orgId, user, deps, req }) {
    if (!(await deps.staff.canManageOrganization(user!, orgId!))) throw unauthorized('Only an admin of the organization may change its voice platforms');
    const provider = voicePlatformNamed(params.provider);
    if (!(await deps.organizations.findById(orgId!))) throw notFound('Organization not found');
    await saveVoicePlatform(deps, orgId!, provider, body, commandOrigin({ req, user }));
    return showVoicePlatforms(deps, orgId!);
  },
});
