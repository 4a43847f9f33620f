import type { WeeklyHours } from '../../domain/organization/organization-settings.schema';

/** What planning needs of an organization, as the organizations read model holds it. */
export interface NotificationOrganizationRecord {
  id: string;
  name: string;
  timezone: string;
  officeEmail: string;
  ccEmails: string[];
  ccPhoneNumbers: string[];
  notificationSettings: unknown;
  oncallSchedule: unknown;
  regularHours: WeeklyHours;
  holidays: string[];
}

export interface NotificationSettingsSource {
  loadOrganization(orgId: string): Promise<NotificationOrganizationRecord | null>;
}
