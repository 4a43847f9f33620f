import { defineRoute } from '../../http/route';
import { OrganizationsListResponseSchema } from './admin.schema';

export const listOrganizationsRoute = defineRoute({
  method: 'get',
  path: '/organizations',
  summary: 'Every organization (admin)',
  tag: 'Admin',
  access: { kind: 'operator' },
  response: { schema: OrganizationsListResponseSchema, description: 'Organizations by name' },
  errors: [401],
  async handler({ deps }) {
    const orgs = await deps.organizations.listAll();
    return { organizations: orgs.map((o) => ({ id: o.id, name: o.name, onboarding_status: o.onboardingStatus as 'TESTING' | 'LIVE' })) };
  },
});
