import useSWR from 'swr';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import { AvailabilityViewSchema, AvailabilityWeekSchema, type SaveAvailabilityBodySchema } from '@contracts/availability.contract';

export function useAvailability(orgId: string | null) {
  return useSWR(orgId ? ['/org/availability', orgId] : null, () => apiClient.get(`/org/availability?id=${encodeURIComponent(orgId!)}`, AvailabilityViewSchema));
}

/** `start` null asks for the current week (from its Monday, in the org's zone). */
export function useAvailabilityWeek(orgId: string | null, start: string | null) {
  return useSWR(orgId ? ['/org/availability/week', orgId, start] : null, () =>
    apiClient.get(`/org/availability/week?id=${encodeURIComponent(orgId!)}${start ? `&start=${start}` : ''}`, AvailabilityWeekSchema),
  );
}

/** The sections PUT /org/availability takes; each sent section replaces the stored one, the others stay (spec 001 §2.10). */
export type AvailabilitySections = Omit<z.input<typeof SaveAvailabilityBodySchema>, 'orgId'>;

export function saveAvailabilitySections(orgId: string, sections: AvailabilitySections) {
  return apiClient.put('/org/availability', { orgId, ...sections }, AvailabilityViewSchema);
}
