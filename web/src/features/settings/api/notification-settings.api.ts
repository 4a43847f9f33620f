import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';
import type { NotificationSetting } from '../notification-settings';

export function saveNotificationSettings(body: { orgId: string; notification_settings: NotificationSetting[]; cc_emails: string[]; cc_phone_numbers: string[] }) {
  return apiClient.post('/org/notification-settings', body, z.object({ success: z.literal(true) }));
}
