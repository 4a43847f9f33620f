import type { EventOf } from '../../catalog';
import { ORGANIZATION } from '../../schemas/organization.events';
import { documentProjection } from '../projection';
import { organizationsStore, type OrganizationDoc } from './organizations.repository';

type OrganizationEvent = EventOf<'OrganizationCreated'> | EventOf<'OrganizationWentLive'>;

export function evolveOrganization(state: OrganizationDoc | null, event: OrganizationEvent): OrganizationDoc | null {
  const at = new Date(event.occurredAt);
  switch (event.type) {
    case 'OrganizationCreated': {
      if (state) return state; // created once; a second create for the same id is ignored
      const d = event.data;
      return {
        id: d.orgId,
        name: d.name,
        slug: d.slug,
        timezone: d.timezone,
        crmName: d.crmName,
        isActive: true,
        onboardingStatus: 'TESTING',
        enterpriseId: d.enterpriseId,
        officeEmail: d.officeEmail,
        adminEmails: d.adminEmails,
        tradesOffered: d.tradesOffered,
        availabilityConfig: { regularHours: d.regularHours, emergencyHours: d.emergencyHours ?? {}, holidays: [] },
        streamVersion: 1,
        createdAt: at,
        updatedAt: at,
      };
    }
    case 'OrganizationWentLive':
      if (!state || state.onboardingStatus === 'LIVE') return state;
      return { ...state, onboardingStatus: 'LIVE', streamVersion: state.streamVersion + 1, updatedAt: at };
  }
}

export const organizationsProjection = documentProjection<OrganizationDoc, OrganizationEvent>({
  name: 'organizations',
  aggregateTypes: [ORGANIZATION],
  handles: ['OrganizationCreated', 'OrganizationWentLive'],
  documentId: (e) => e.data.orgId,
  evolve: evolveOrganization,
  store: organizationsStore,
});
