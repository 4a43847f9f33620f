import { formatInZone } from '@contracts/call-labels';
import { useOrganization } from './api/organization.api';
import { useSelectedOrg } from './selected-org';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Times in the company's time zone, each labelled with the zone's short name (issue 13), so a call shows the
 * same time on every page whoever opens it and wherever they are. Until the organization is loaded, the
 * browser's zone (still labelled).
 */
export function useOrgTime() {
  const { orgId } = useSelectedOrg();
  const { data } = useOrganization(orgId);
  const timeZone = data?.timezone ?? browserZone();
  return {
    timeZone,
    format: (iso: string | Date | null | undefined, opts?: { dateOnly?: boolean; withSeconds?: boolean }) => formatInZone(iso, timeZone, opts),
    /** "Times are in America/Chicago", for a page or table caption. */
    caption: `Times are in ${timeZone.replace(/_/g, ' ')}, the company's time zone`,
  };
}
