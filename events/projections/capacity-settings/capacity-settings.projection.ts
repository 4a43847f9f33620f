import type { EventOf } from '../../catalog';
import { ORGANIZATION } from '../../schemas/organization.events';
import { documentProjection } from '../projection';
import { sameJson } from '../same-json';
import { capacitySettingsStore, type CapacitySettingsDoc, type StoredCapacitySettings } from './capacity-settings.repository';

type CapacitySettingsEvent = EventOf<'OrganizationAvailabilityChanged'> | EventOf<'OrganizationCustomInstructionsChanged'>;

/** The sections an event saves; the custom-instructions view also saves regular_job_to_dispatch (001 §2.14). */
function sectionsOf(event: CapacitySettingsEvent): StoredCapacitySettings {
  if (event.type === 'OrganizationCustomInstructionsChanged') {
    const dispatch = event.data.regularJobToDispatch;
    return dispatch === undefined ? {} : { regular_job_to_dispatch: dispatch };
  }
  const { availability: _kept_on_organizations, ...sections } = event.data.settings;
  return sections;
}

export function evolveCapacitySettings(state: CapacitySettingsDoc | null, event: CapacitySettingsEvent): CapacitySettingsDoc | null {
  const sections = sectionsOf(event);
  const settings = { ...(state?.settings ?? {}), ...sections };
  // A redelivery or a save that changes nothing is not a new version.
  if (state && sameJson(settings, state.settings)) return state;
  if (!state && Object.keys(sections).length === 0) return state;
  return { orgId: event.data.orgId, settings, streamVersion: (state?.streamVersion ?? 0) + 1, updatedAt: new Date(event.occurredAt) };
}

export const capacitySettingsProjection = documentProjection<CapacitySettingsDoc, CapacitySettingsEvent>({
  name: 'capacity-settings',
  aggregateTypes: [ORGANIZATION],
  handles: ['OrganizationAvailabilityChanged', 'OrganizationCustomInstructionsChanged'],
  documentId: (e) => e.data.orgId,
  evolve: evolveCapacitySettings,
  store: capacitySettingsStore,
});
