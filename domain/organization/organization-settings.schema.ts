import { z } from 'zod';

// Enumerations of spec 000 §9 and §3 shared by the API, workflows and events.

export const TIMEZONES = [
  'Australia/Melbourne',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'Canada/Newfoundland',
  'Canada/Pacific',
  'Canada/Mountain',
  'Canada/Central',
  'Canada/Eastern',
  'Canada/Atlantic',
] as const;
export const TimezoneSchema = z.enum(TIMEZONES);
export type Timezone = z.infer<typeof TimezoneSchema>;

export const TRADES = ['Plumbing', 'Electrical', 'Excavation', 'HVAC', 'Drains', 'Appliances', 'Generators', 'Garage_Door', 'Roofing', 'Restoration'] as const;
export const TradeSchema = z.enum(TRADES);
export type Trade = z.infer<typeof TradeSchema>;

/** {crm_a} is ServiceTitan-shaped, {crm_b} Housecall Pro-shaped (spec README). */
export const CRM_NAMES = ['servicetitan', 'housecallpro', 'NONE'] as const;
export const CrmNameSchema = z.enum(CRM_NAMES);
export type CrmName = z.infer<typeof CrmNameSchema>;

export const OnboardingStatusSchema = z.enum(['TESTING', 'LIVE']);
export type OnboardingStatus = z.infer<typeof OnboardingStatusSchema>;

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be HH:mm format');
export const TimeRangeSchema = z.object({ start: HHMM, end: HHMM });
export const WeeklyHoursSchema = z.partialRecord(z.enum(WEEKDAYS), z.array(TimeRangeSchema));
export type WeeklyHours = z.infer<typeof WeeklyHoursSchema>;

/** Onboarding default (spec 000 §9): Monday–Friday 09:00–17:00. */
export const DEFAULT_REGULAR_HOURS: WeeklyHours = Object.fromEntries(WEEKDAYS.slice(0, 5).map((d) => [d, [{ start: '09:00', end: '17:00' }]]));

/** feature_flags of 000 §3 (optional booleans, customer_to_speak_first a list); unknown keys are dropped. */
export const OrganizationFeatureFlagsSchema = z
  .object({
    outbound_access: z.boolean(),
    chat_access: z.boolean(),
    qa_access: z.boolean(),
    leads_access: z.boolean(),
    integrations_access: z.boolean(),
    disable_call_to_tech: z.boolean(),
    customer_to_speak_first: z.array(z.string()),
    campaign_based_greeting: z.boolean(),
    telecom_call_reason: z.boolean(),
    skip_email_summary: z.boolean(),
    daily_csr_report: z.boolean(),
    weekly_csr_report: z.boolean(),
    reclassifier_alerts: z.boolean(),
    direct_sms_enabled: z.boolean(),
    /** 002 §3 "a flag forcing the secondary SMS provider". */
    force_secondary_sms_provider: z.boolean(),
    on_staging_worker: z.boolean(),
    no_email_address_suffix: z.boolean(),
    multiple_widget_locations: z.boolean(),
  })
  .partial();
export type OrganizationFeatureFlags = z.infer<typeof OrganizationFeatureFlagsSchema>;

/** spam_numbers[] of 000 §3. */
export const SpamNumberSchema = z.object({ phoneNumber: z.string().min(1), dateAdded: z.iso.datetime({ offset: true }) });
