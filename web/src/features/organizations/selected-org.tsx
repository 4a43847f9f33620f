import { createContext, type ReactNode, useContext, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { SessionOrganization } from '../auth/api/session.schema';
import { ORG_QUERY_PARAM, resolveSelectedOrgId, withOrgQuery } from './org-selection';

const STORAGE_KEY = 'homeagent.selectedOrgId';

type SelectedOrg = {
  orgId: string | null;
  organization: SessionOrganization | null;
  organizations: readonly SessionOrganization[];
  selectOrg: (orgId: string) => void;
  /** An in-app path that keeps the selected org, for links. */
  hrefFor: (pathname: string) => string;
};

const SelectedOrgContext = createContext<SelectedOrg | null>(null);

// Storage can be unavailable (private mode, blocked cookies); the URL still carries the choice.
function readStoredOrgId(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeOrgId(orgId: string): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, orgId);
  } catch {
    // ignored, see readStoredOrgId
  }
}

export function SelectedOrgProvider({ organizations, children }: { organizations: readonly SessionOrganization[]; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const requestedId = new URLSearchParams(search).get(ORG_QUERY_PARAM);
  const orgId = resolveSelectedOrgId(organizations, requestedId, readStoredOrgId());

  useEffect(() => {
    if (orgId === null) return;
    storeOrgId(orgId);
    if (requestedId !== orgId) void navigate(withOrgQuery(pathname, search, orgId), { replace: true });
  }, [orgId, requestedId, pathname, search, navigate]);

  const value = useMemo<SelectedOrg>(
    () => ({
      orgId,
      organization: organizations.find((org) => org.id === orgId) ?? null,
      organizations,
      selectOrg: (id) => {
        storeOrgId(id);
        void navigate(withOrgQuery(pathname, search, id));
      },
      hrefFor: (target) => withOrgQuery(target, '', orgId),
    }),
    [orgId, organizations, pathname, search, navigate],
  );

  return <SelectedOrgContext.Provider value={value}>{children}</SelectedOrgContext.Provider>;
}

export function useSelectedOrg(): SelectedOrg {
  const selected = useContext(SelectedOrgContext);
  if (!selected) throw new Error('useSelectedOrg must be used inside SelectedOrgProvider');
  return selected;
}
