import { EMPTY_COMPANY_PROFILE } from '../../../domain/organization/org-profile.schema';
import type { EventOf } from '../../catalog';
import { ORGANIZATION } from '../../schemas/organization.events';
import { documentProjection } from '../projection';
import { sameJson } from '../same-json';
import { companyProfilesStore, type CompanyProfileDoc } from './company-profiles.repository';

type CompanyProfileEvent = EventOf<'CompanyProfileChanged'>;

/**
 * A save carries only the changed fields, so applying it again lands on the same profile: a redelivery
 * or a save that changes nothing is not a new version. The first save's profile id is kept.
 */
export function evolveCompanyProfile(state: CompanyProfileDoc | null, event: CompanyProfileEvent): CompanyProfileDoc | null {
  const at = new Date(event.occurredAt);
  const changes = Object.fromEntries(Object.entries(event.data.changes).filter(([, v]) => v !== undefined));
  const fields = { ...(state?.fields ?? EMPTY_COMPANY_PROFILE), ...changes };
  if (state && sameJson(fields, state.fields)) return state;
  return {
    id: state?.id ?? event.data.profileId,
    orgId: event.data.orgId,
    fields,
    streamVersion: (state?.streamVersion ?? 0) + 1,
    createdAt: state?.createdAt ?? at,
    updatedAt: at,
  };
}

export const companyProfilesProjection = documentProjection<CompanyProfileDoc, CompanyProfileEvent>({
  name: 'company-profiles',
  aggregateTypes: [ORGANIZATION],
  handles: ['CompanyProfileChanged'],
  documentId: (e) => e.data.orgId,
  evolve: evolveCompanyProfile,
  store: companyProfilesStore,
});
