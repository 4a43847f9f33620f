import useSWR from 'swr';
import type { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import {
  BillingListSchema,
  EmergencyStrategyListSchema,
  OfficeEmailListSchema,
  SetEmergencyStrategyResponseSchema,
  SetOfficeEmailResponseSchema,
  type SetEmergencyStrategyBody,
} from '@contracts/admin.contract';
import { AvgJobRevenueListSchema, SetAvgJobRevenueResponseSchema } from '@contracts/analytics.contract';

/** One organization's row: the four admin settings of 000 §7, joined by organization id. */
export interface OrganizationSettingsRow {
  id: string;
  name: string;
  stripe_billing_id: string | null;
  office_email: string | null;
  slot_strategy: SetEmergencyStrategyBody['slotStrategy'];
  avg_job_revenue: number | null;
}

interface OrganizationSettingsLists {
  billing: z.infer<typeof BillingListSchema>;
  officeEmails: z.infer<typeof OfficeEmailListSchema>;
  emergency: z.infer<typeof EmergencyStrategyListSchema>;
  revenue: z.infer<typeof AvgJobRevenueListSchema>;
}

export const ORGANIZATION_SETTINGS_KEY = 'admin/organization-settings';

async function loadLists(): Promise<OrganizationSettingsLists> {
  const [billing, officeEmails, emergency, revenue] = await Promise.all([
    apiClient.get('/billing', BillingListSchema),
    apiClient.get('/office-email', OfficeEmailListSchema),
    apiClient.get('/emergency-strategy', EmergencyStrategyListSchema),
    apiClient.get('/avg-job-revenue', AvgJobRevenueListSchema),
  ]);
  return { billing, officeEmails, emergency, revenue };
}

export function joinOrganizationSettings(lists: OrganizationSettingsLists): OrganizationSettingsRow[] {
  const office = new Map(lists.officeEmails.orgs.map((o) => [o.id, o.office_email]));
  const emergency = new Map(lists.emergency.organizations.map((o) => [o.id, o.emergency_config.slotStrategy]));
  const revenue = new Map(lists.revenue.organizations.map((o) => [o.id, o.avg_job_revenue]));
  return lists.billing.map((o) => ({
    id: o.id,
    name: o.name,
    stripe_billing_id: o.stripe_billing_id,
    office_email: office.get(o.id) ?? null,
    slot_strategy: emergency.get(o.id) ?? { name: 'earliest', args: { bufferMinutes: 60, durationHours: 2 } },
    avg_job_revenue: revenue.get(o.id) ?? null,
  }));
}

export function useOrganizationSettings() {
  return useSWR(ORGANIZATION_SETTINGS_KEY, async () => joinOrganizationSettings(await loadLists()));
}

export const setBillingId = (id: string, stripeBillingId: string) => apiClient.put('/billing', { id, stripe_billing_id: stripeBillingId }, BillingListSchema);

export const setOfficeEmail = (orgId: string, officeEmail: string) => apiClient.put('/office-email', { orgId, officeEmail }, SetOfficeEmailResponseSchema);

export const setEmergencyStrategy = (orgId: string, slotStrategy: SetEmergencyStrategyBody['slotStrategy']) =>
  apiClient.put('/emergency-strategy', { orgId, slotStrategy }, SetEmergencyStrategyResponseSchema);

/** An entry that is not a number is sent as typed, so the API names what is wrong with it. */
export const setAvgJobRevenue = (orgId: string, avgJobRevenue: string) => {
  const value = avgJobRevenue.trim() !== '' && Number.isFinite(Number(avgJobRevenue)) ? Number(avgJobRevenue) : avgJobRevenue;
  return apiClient.put('/avg-job-revenue', { orgId, avgJobRevenue: value }, SetAvgJobRevenueResponseSchema);
};
