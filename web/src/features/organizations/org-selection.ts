import { withQueryParam } from '../../app/router/query';

export const ORG_QUERY_PARAM = 'org';

/**
 * The org the dashboard shows: the one in the URL (shared links), else the one picked last on this
 * browser, else the user's first. An id the user does not belong to is ignored.
 */
export function resolveSelectedOrgId(organizations: readonly { id: string }[], requestedId: string | null, storedId: string | null): string | null {
  const belongs = (id: string | null): id is string => id !== null && organizations.some((org) => org.id === id);
  if (belongs(requestedId)) return requestedId;
  if (belongs(storedId)) return storedId;
  return organizations[0]?.id ?? null;
}

export function withOrgQuery(pathname: string, search: string, orgId: string | null): string {
  return withQueryParam(pathname, search, ORG_QUERY_PARAM, orgId);
}
