import type { ApiDeps } from '../../deps';
import type { StaffIdentity } from '../../repositories/staff.repository';
import type { z } from 'zod';
import type { SessionResponseSchema } from './auth.schema';

/** The user and the organizations the switcher offers: operators see them all. */
export async function sessionView(deps: ApiDeps, user: StaffIdentity): Promise<z.infer<typeof SessionResponseSchema>> {
  const orgs = user.isOperator ? await deps.organizations.listAll() : await deps.organizations.listByIds(await deps.staff.accessibleOrganizationIds(user));
  const enterprises = user.isOperator ? await deps.enterprises.repository.list() : await deps.staff.enterprisesAdministeredBy(user);
  const grouped = await Promise.all(
    enterprises.map(async (e) => ({ id: e.id, name: e.name, organization_ids: (await deps.organizations.listByEnterprise(e.id)).map((o) => o.id) })),
  );
  return {
    enterprises: grouped,
    user: { id: user.id, email: user.email, name: user.name, is_operator: user.isOperator },
    organizations: orgs.map((o) => ({ id: o.id, name: o.name, slug: o.slug, onboarding_status: o.onboardingStatus as 'TESTING' | 'LIVE' })),
  };
}
