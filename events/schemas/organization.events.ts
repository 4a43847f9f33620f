import { z } from 'zod';
import { TimezoneSchema, TradeSchema, CrmNameSchema, WeeklyHoursSchema } from '../../domain/organization/organization-settings.schema';

export const ORGANIZATION = 'organization';

export const OrganizationCreatedV1Schema = z.object({
  orgId: z.uuid(),
  name: z.string().min(1),
  slug: z.string().min(1),
  timezone: TimezoneSchema,
  crmName: CrmNameSchema,
  officeEmail: z.string(),
  adminEmails: z.array(z.string()),
  tradesOffered: z.array(TradeSchema),
  enterpriseId: z.uuid().nullable(),
  regularHours: WeeklyHoursSchema,
  emergencyHours: WeeklyHoursSchema.nullable(),
});
export type OrganizationCreatedV1 = z.infer<typeof OrganizationCreatedV1Schema>;

export const OrganizationWentLiveV1Schema = z.object({ orgId: z.uuid() });
export type OrganizationWentLiveV1 = z.infer<typeof OrganizationWentLiveV1Schema>;

/** The organization was connected to its own tenant of a vendor CRM; the credentials stay in crm_connections. */
export const OrganizationCrmConnectedV1Schema = z.object({ orgId: z.uuid(), crmName: z.enum(['servicetitan', 'housecallpro']) });
export type OrganizationCrmConnectedV1 = z.infer<typeof OrganizationCrmConnectedV1Schema>;

/** An operator set the organization's average job revenue (000 §3 avg_job_revenue, §7 PUT /avg-job-revenue). */
export const OrganizationAverageJobRevenueSetV1Schema = z.object({ orgId: z.uuid(), avgJobRevenue: z.number().min(0) });
export type OrganizationAverageJobRevenueSetV1 = z.infer<typeof OrganizationAverageJobRevenueSetV1Schema>;

/** An operator set the organization's card-payment customer id (000 §3 billing customer id, §7 PUT /billing). */
export const OrganizationBillingIdSetV1Schema = z.object({ orgId: z.uuid(), stripeBillingId: z.string().length(18) });
export type OrganizationBillingIdSetV1 = z.infer<typeof OrganizationBillingIdSetV1Schema>;

/** An operator changed the organization's office e-mail (000 §3 office_email, §7 PUT /office-email). */
export const OrganizationOfficeEmailChangedV1Schema = z.object({ orgId: z.uuid(), officeEmail: z.string() });
export type OrganizationOfficeEmailChangedV1 = z.infer<typeof OrganizationOfficeEmailChangedV1Schema>;

/** An operator put the organization in an enterprise (or moved it to another); enterprise_id of 000 §3. */
export const OrganizationJoinedEnterpriseV1Schema = z.object({ orgId: z.uuid(), enterpriseId: z.uuid() });
export type OrganizationJoinedEnterpriseV1 = z.infer<typeof OrganizationJoinedEnterpriseV1Schema>;
