import type { ApiDeps } from '../../deps';
import type { StaffIdentity } from '../../repositories/staff.repository';
import type { z } from 'zod';
import type { SessionResponseSchema } from './auth.schema';

/** The user and the organizations the switcher offers: operators see them all. */
export async function sessionView(deps: ApiDeps, user: StaffIdentity): Promise<z.infer<typeof SessionResponseSchema>> {
  const orgs = user.isOperator ? await deps.organizations.listAll() : await deps.organizations.listByIds(await deps.staff.accessibleOrganizationIds(user));
  return {
    user: { id: user.id, email: user.email, name: user.name, is_operator: user.isOperator },
    organizations: orgs.map((o) => ({ id: o.id, name: o.name, slug: o.slug, onboarding_status: o.onboardingStatus as 'TESTING' | 'LIVE' })),
  };
}
