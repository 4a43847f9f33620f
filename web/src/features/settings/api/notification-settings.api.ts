import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { NotificationSetting } from '../notification-settings';

/** 001 §3 "Org update" (PUT /org) with this product's feature flags and team-chat hook. */
export interface OrgUpdate {
  id: string;
  notification_settings?: NotificationSetting[];
  cc_emails?: string[];
  cc_phone_numbers?: string[];
  spam_numbers?: { phoneNumber: string; dateAdded?: string }[];
  zipcodes?: string[];
  service_area_active?: boolean;
  feature_flags?: Record<string, boolean>;
  team_chat_webhook_url?: string | null;
}

export function updateOrganization(body: OrgUpdate) {
  return apiClient.put('/org', body, z.object({ id: z.string() }).loose());
}
