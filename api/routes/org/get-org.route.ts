import type { z } from 'zod';
import type { OrganizationRow } from '../../../events/projections/organizations/organizations.repository';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { OrganizationFeatureFlagsSchema } from '../../../events/schemas/organization-notifications.events';
import { GetOrgQuerySchema, OrgSchema } from './org.schema';

export function toOrgResponse(o: OrganizationRow, teamChatWebhookUrl: string | null): z.infer<typeof OrgSchema> {
  return {
    id: o.id,
    name: o.name,
    slug: o.slug,
    timezone: o.timezone as z.infer<typeof OrgSchema>['timezone'],
    crm_name: o.crmName as z.infer<typeof OrgSchema>['crm_name'],
    is_active: o.isActive,
    onboarding_status: o.onboardingStatus as 'TESTING' | 'LIVE',
    enterprise_id: o.enterpriseId,
    company_profile_id: o.companyProfileId,
    default_agent_id: o.defaultAgentId,
    office_email: o.officeEmail,
    cc_emails: o.ccEmails,
    admin_emails: o.adminEmails,
    trades_offered: o.tradesOffered,
    availability_config: o.availabilityConfig ?? null,
    cc_phone_numbers: o.ccPhoneNumbers,
    notification_settings: Array.isArray(o.notificationSettings) ? o.notificationSettings : [],
    spam_numbers: Array.isArray(o.spamNumbers) ? (o.spamNumbers as Array<{ phoneNumber: string; dateAdded: string }>) : [],
    zipcodes: o.zipcodes,
    service_area_active: o.serviceAreaActive,
    feature_flags: OrganizationFeatureFlagsSchema.catch({}).parse(o.featureFlags ?? {}),
    team_chat_webhook_url: teamChatWebhookUrl,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
}

export const getOrgRoute = defineRoute({
  method: 'get',
  path: '/org',
  summary: 'One organization, by id or slug (spec 001 §7)',
  tag: 'Organizations',
  access: {
    kind: 'org',
    async orgIdOf({ query }, deps) {
      if (query.id) return query.id;
      return (await deps.organizations.findBySlug(query.slug!))?.id ?? null;
    },
  },
  request: { query: GetOrgQuerySchema },
  response: { schema: OrgSchema, description: 'The organization' },
  errors: [307, 401, 404],
  async handler({ orgId, deps }) {
    const org = await deps.organizations.findById(orgId!);
    if (!org) throw notFound('Organization not found');
    return toOrgResponse(org, await deps.delivery.teamChat.find(org.id));
  },
});
