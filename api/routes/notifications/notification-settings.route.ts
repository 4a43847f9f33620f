import { defineRoute } from '../../http/route';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { NotificationSettingsBodySchema, NotificationSettingsResponseSchema } from './notifications.schema';

export const saveNotificationSettingsRoute = defineRoute({
  method: 'post',
  path: '/org/notification-settings',
  summary: 'Saves which receiver groups get which channels at which times for each rule (001 §2.12)',
  tag: 'Notifications',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: NotificationSettingsBodySchema },
  response: { schema: NotificationSettingsResponseSchema, description: 'Saved; the read model follows the event' },
  errors: [307, 401],
  async handler({ body, orgId, user, deps, req }) {
    await publishCommand(deps.notifications.events, commandOrigin({ req, user }), [
      {
        type: 'OrganizationNotificationSettingsChanged',
        aggregateId: orgId!,
        orgId: orgId!,
        data: {
          orgId: orgId!,
          notificationSettings: body.notification_settings,
          ccEmails: body.cc_emails.filter((email) => email !== ''),
          ccPhoneNumbers: body.cc_phone_numbers,
        },
      },
    ]);
    return { success: true as const };
  },
});
