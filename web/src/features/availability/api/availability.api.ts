import useSWR from 'swr';
import { apiClient } from '../../../lib/api-client';
import { AvailabilityViewSchema, AvailabilityWeekSchema } from '@contracts/availability.contract';
import type { AvailabilityView } from './availability.schema';

export function useAvailability(orgId: string | null) {
  return useSWR(orgId ? ['/org/availability', orgId] : null, () => apiClient.get(`/org/availability?id=${encodeURIComponent(orgId!)}`, AvailabilityViewSchema));
}

/** `start` null asks for the current week (from its Monday, in the org's zone). */
export function useAvailabilityWeek(orgId: string | null, start: string | null) {
  return useSWR(orgId ? ['/org/availability/week', orgId, start] : null, () =>
    apiClient.get(`/org/availability/week?id=${encodeURIComponent(orgId!)}${start ? `&start=${start}` : ''}`, AvailabilityWeekSchema),
  );
}

/** Sends every editable section; crm_name and timezone are not sent back (spec 001 §2.10). */
export function saveAvailability(orgId: string, view: AvailabilityView) {
  const { crm_name: _crm, timezone: _tz, availability, ...sections } = view;
  const { lastUpdatedAt: _at, ...editable } = availability;
  return apiClient.put('/org/availability', { orgId, availability: editable, ...sections }, AvailabilityViewSchema);
}
