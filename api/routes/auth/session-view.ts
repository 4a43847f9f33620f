import type { Response } from 'express';
import { setSessionCookie } from '../../http/session';
import type { ApiDeps } from '../../deps';
import type { StaffIdentity } from '../../repositories/staff.repository';
import type { z } from 'zod';
import type { SessionResponseSchema } from './auth.schema';

/**
 * The user and the organizations the switcher offers: operators see them all. An enterprise's organizations are
 * among them (its admins reach every one), so the switcher's groups come from the same rows, without a query each.
 */
export async function sessionView(deps: ApiDeps, user: StaffIdentity): Promise<z.infer<typeof SessionResponseSchema>> {
  const [orgs, enterprises] = await Promise.all([
    user.isOperator ? deps.organizations.listAll() : deps.staff.accessibleOrganizationIds(user).then((ids) => deps.organizations.listByIds(ids)),
    user.isOperator ? deps.enterprises.repository.list() : deps.staff.enterprisesAdministeredBy(user),
  ]);
  return {
    enterprises: enterprises.map((e) => ({ id: e.id, name: e.name, organization_ids: orgs.filter((o) => o.enterpriseId === e.id).map((o) => o.id) })),
    user: { id: user.id, email: user.email, name: user.name, is_operator: user.isOperator },
    organizations: orgs.map((o) => ({ id: o.id, name: o.name, slug: o.slug, onboarding_status: o.onboardingStatus as 'TESTING' | 'LIVE' })),
  };
}

/** Starts a session for a user who has just proved who they are, sets its cookie and answers with the session view. */
export async function signIn(deps: ApiDeps, res: Response, user: StaffIdentity): Promise<z.infer<typeof SessionResponseSchema>> {
  const session = await deps.sessions.create(user.id);
  // Secure when the request came over HTTPS (behind a TLS proxy, with TRUST_PROXY): a demo on http://127.0.0.1 still signs in.
  setSessionCookie(res, session.token, session.expiresAt, res.req.secure);
  return sessionView(deps, user);
}
