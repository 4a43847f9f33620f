import type { EventOf } from '../../catalog';
import { ORGANIZATION } from '../../schemas/organization.events';
import { documentProjection } from '../projection';
import { sameJson } from '../same-json';
import { capacitySettingsStore, type CapacitySettingsDoc } from './capacity-settings.repository';

type CapacitySettingsEvent = EventOf<'OrganizationAvailabilityChanged'>;

export function evolveCapacitySettings(state: CapacitySettingsDoc | null, event: CapacitySettingsEvent): CapacitySettingsDoc | null {
  const { availability: _kept_on_organizations, ...sections } = event.data.settings;
  const settings = { ...(state?.settings ?? {}), ...sections };
  // A redelivery or a save that changes nothing is not a new version.
  if (state && sameJson(settings, state.settings)) return state;
  if (!state && Object.keys(sections).length === 0) return state;
  return { orgId: event.data.orgId, settings, streamVersion: (state?.streamVersion ?? 0) + 1, updatedAt: new Date(event.occurredAt) };
}

export const capacitySettingsProjection = documentProjection<CapacitySettingsDoc, CapacitySettingsEvent>({
  name: 'capacity-settings',
  aggregateTypes: [ORGANIZATION],
  handles: ['OrganizationAvailabilityChanged'],
  documentId: (e) => e.data.orgId,
  evolve: evolveCapacitySettings,
  store: capacitySettingsStore,
});
