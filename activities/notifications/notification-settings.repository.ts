import type { WeeklyHours } from '../../domain/organization/organization-settings.schema';
import type { Db } from '../../prisma/client';
import type { NotificationSettingsSource } from './notification-settings.port';
import { findOrganizationNotificationFields } from '../../events/projections/organizations/organizations.repository';

export function createNotificationSettingsSource(db: Db): NotificationSettingsSource {
  return {
    async loadOrganization(orgId) {
      // Its notification fields alone: the planner reads them on every finished interaction.
      const row = await findOrganizationNotificationFields(db, orgId);
      if (!row) return null;
      const availability = (row.availabilityConfig ?? {}) as { regularHours?: WeeklyHours; holidays?: string[] };
      return {
        id: row.id,
        name: row.name,
        timezone: row.timezone,
        officeEmail: row.officeEmail,
        ccEmails: row.ccEmails,
        ccPhoneNumbers: row.ccPhoneNumbers,
        notificationSettings: row.notificationSettings ?? [],
        oncallSchedule: row.oncallSchedule ?? {},
        regularHours: availability.regularHours ?? {},
        holidays: availability.holidays ?? [],
      };
    },
  };
}
