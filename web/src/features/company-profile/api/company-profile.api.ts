import useSWR from 'swr';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { CompanyProfilePatch } from '../company-profile-form';

// Mirrors api/routes/org/company-profile.schema.ts (001 §3 "Company profile"); id is null before the first save.
const AddressSchema = z.object({ street: z.string(), unit: z.string().nullable().default(null), city: z.string(), state: z.string(), zip: z.string(), country: z.string() });

export const CompanyProfileSchema = z.object({
  id: z.string().nullable(),
  org_id: z.string(),
  legal_name: z.string().nullable(),
  dba_name: z.string().nullable(),
  website: z.string().nullable(),
  privacy_policy: z.string().nullable(),
  address: AddressSchema.nullable(),
  contact_number: z.string().nullable(),
  ein: z.string().nullable(),
  contact_email: z.string().nullable(),
  sms_config: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type CompanyProfile = z.infer<typeof CompanyProfileSchema>;

const keyOf = (orgId: string) => `/org/company-profile?orgId=${encodeURIComponent(orgId)}`;

export function useCompanyProfile(orgId: string | null) {
  return useSWR<CompanyProfile>(orgId ? keyOf(orgId) : null, (path: string) => apiClient.get(path, CompanyProfileSchema));
}

export function updateCompanyProfile(body: CompanyProfilePatch) {
  return apiClient.patch('/org/company-profile', body, CompanyProfileSchema);
}
