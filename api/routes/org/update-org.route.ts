import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin, publishCommand } from '../../http/publish-command';
import { OrgSchema, UpdateOrgBodySchema } from './org.schema';
import { toOrgResponse } from './get-org.route';

export const updateOrgRoute = defineRoute({
  method: 'put',
  path: '/org',
  summary: 'Saves the org settings (001 §3 "Org update"): spam numbers, zipcodes, service area, CC e-mails and phones, notification settings, feature flags',
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ body }) => body.id },
  request: { body: UpdateOrgBodySchema },
  response: { schema: OrgSchema, description: 'The organization as saved; the read model follows the event' },
  errors: [307, 401, 404],
  async handler({ body, orgId, user, deps, req }) {
    const org = await deps.organizations.findById(orgId!);
    if (!org) throw notFound('Organization not found');
    const now = new Date().toISOString();
    const data = {
      orgId: orgId!,
      spamNumbers: body.spam_numbers?.map((s) => ({ phoneNumber: s.phoneNumber, dateAdded: s.dateAdded ?? now })),
      zipcodes: body.zipcodes ? [...new Set(body.zipcodes)] : undefined,
      serviceAreaActive: body.service_area_active,
      ccEmails: body.cc_emails?.filter((email) => email !== ''),
      ccPhoneNumbers: body.cc_phone_numbers,
      notificationSettings: body.notification_settings,
      featureFlags: body.feature_flags,
    };
    // The hook URL is the credential that posts to the channel: it is stored by the API, not in the event log.
    if (body.team_chat_webhook_url !== undefined) await deps.delivery.teamChat.set(orgId!, body.team_chat_webhook_url);
    const sections = Object.entries(data).filter(([key, value]) => key !== 'orgId' && value !== undefined);
    if (sections.length > 0) {
      await publishCommand(deps.notifications.events, commandOrigin({ req, user }), [
        { type: 'OrganizationSettingsUpdated', aggregateId: orgId!, orgId: orgId!, data: data },
      ]);
    }
    return toOrgResponse(
      {
        ...org,
        ...(data.spamNumbers ? { spamNumbers: data.spamNumbers } : {}),
        ...(data.zipcodes ? { zipcodes: data.zipcodes } : {}),
        ...(data.serviceAreaActive === undefined ? {} : { serviceAreaActive: data.serviceAreaActive }),
        ...(data.ccEmails ? { ccEmails: data.ccEmails } : {}),
        ...(data.ccPhoneNumbers ? { ccPhoneNumbers: data.ccPhoneNumbers } : {}),
        ...(data.notificationSettings ? { notificationSettings: data.notificationSettings } : {}),
        ...(data.featureFlags ? { featureFlags: { ...((org.featureFlags as object | null) ?? {}), ...data.featureFlags } } : {}),
      },
      await deps.delivery.teamChat.find(orgId!),
    );
  },
});
