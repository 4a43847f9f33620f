import { z } from 'zod';
import { CrmNameSchema, TimezoneSchema, TradeSchema, WeeklyHoursSchema } from '../organization/organization-settings.schema';
import { EmergencyConfigSchema, EmergencySlotStrategySchema } from '../capacity/capacity-settings';
import { EmailSchema } from '../validation/messages';
import { CreateAgentRequestSchema } from './agents.contract';

// Spec 000 §9's enumerations, so the onboarding form offers exactly what the request accepts.
export { TIMEZONES, TRADES } from '../organization/organization-settings.schema';

export const WorkflowStartedResponseSchema = z.object({ success: z.boolean(), workflowId: z.string(), message: z.string() });

export const OrganizationsListResponseSchema = z.object({
  organizations: z.array(z.object({ id: z.uuid(), name: z.string(), onboarding_status: z.enum(['TESTING', 'LIVE']) })),
});

const email = z.email('Invalid email format');

/** The onboarding request of spec 000 §3; fields later issues act on are accepted and kept optional. */
export const OnboardingRequestSchema = z.object({
  name: z.string('Name is required').trim().min(1, 'Name is required').max(120),
  slug: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may contain lowercase letters, digits and single dashes')
    .max(60)
    .optional(),
  admin_email: email,
  office_email: email,
  password: z.string().min(8, 'Password must be at least 8 characters').optional(),
  csm_email_override: email.optional(),
  enterprise_id: z.uuid('enterprise_id must be a UUID').optional(),
  payment_type: z.string().optional(),
  maple_customer_id: z.string().optional(),
  stripe_billing_id: z.string().length(18, 'stripe_billing_id must be exactly 18 characters').optional(),
  hubspot_id: z.string().optional(),
  override_existing_org: z.boolean().default(false),
  language_code: z.string().default('en'),
  timezone: TimezoneSchema,
  area_code: z
    .string()
    .regex(/^\d{3}$/, 'area_code must be exactly 3 digits')
    .optional(),
  address: z.string().optional(),
  regular_hours: WeeklyHoursSchema.optional(),
  emergency_hours: WeeklyHoursSchema.optional(),
  trades_offered: z.array(TradeSchema).min(1, 'At least one trade is required'),
  business_units: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  crm_name: CrmNameSchema.default('servicetitan'),
  /** Checked per crm_name when onboarding starts (domain/crm/crm-config.schema.ts); stored sealed, never in the workflow. */
  crm_config: z.record(z.string(), z.unknown(), 'crm_config must be an object').optional(),
  skip_crm_test: z.boolean().default(false),
  isAcp: z.boolean().default(false),
  /** Each entry becomes an agent record as POST /agent makes it, validated by the same rules. */
  agents_config: z
    .array(z.object({ agent_type: CreateAgentRequestSchema.shape.agent_type.unwrap(), friendly_name: CreateAgentRequestSchema.shape.friendly_name }))
    .default([{ agent_type: 'OFFICE_HOURS_CSR' }]),
  enable_qa_feature: z.boolean().default(false),
});

const workflowId = z.string('Workflow ID is required').trim().min(1, 'Workflow ID is required');

export const WorkflowStatusQuerySchema = z.object({ workflowId });

export const WorkflowStatusResponseSchema = z.object({
  status: z.string(),
  workflowId: z.string(),
  startTime: z.string().optional(),
  executionTime: z.string().optional(),
  closeTime: z.string().optional(),
  result: z.unknown().optional(),
  error: z.string().nullable(),
  errorDetails: z.unknown().optional(),
});

export const TerminateWorkflowRequestSchema = z.object({ workflowId, reason: z.string().max(500).optional() });

const orgId = z.uuid('orgId must be a UUID');
const STRIPE_BILLING_ID_LENGTH = 'stripe_billing_id must be exactly 18 characters';

/** 000 §3 "Billing org"; 000 §7 GET /billing answers a bare list, and so does PUT /billing. */
export const BillingOrganizationSchema = z.object({ id: z.uuid(), name: z.string(), stripe_billing_id: z.string().nullable() });
export type BillingOrganization = z.infer<typeof BillingOrganizationSchema>;
export const BillingListSchema = z.array(BillingOrganizationSchema);

/** 000 §7 PUT /billing; 000 §5: stripe_billing_id is exactly 18 characters. */
export const SetBillingBodySchema = z.object({
  id: z.uuid('id must be a UUID'),
  stripe_billing_id: z.string(STRIPE_BILLING_ID_LENGTH).length(18, STRIPE_BILLING_ID_LENGTH),
});
export type SetBillingBody = z.infer<typeof SetBillingBodySchema>;

/** 000 §3 "Office e-mail org", 000 §7 GET /office-email; an organization without one shows null. */
export const OfficeEmailListSchema = z.object({
  orgs: z.array(z.object({ id: z.uuid(), name: z.string(), office_email: z.string().nullable() })),
});
export type OfficeEmailList = z.infer<typeof OfficeEmailListSchema>;

/** 000 §7 PUT /office-email; 000 §5: officeEmail must be an e-mail. */
export const SetOfficeEmailBodySchema = z.object({ orgId, officeEmail: EmailSchema });
export type SetOfficeEmailBody = z.infer<typeof SetOfficeEmailBodySchema>;
export const SetOfficeEmailResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** 000 §7 "Emergency strategy": GET /emergency-strategy (defaults when never saved) and PUT. */
export const EmergencyStrategyListSchema = z.object({
  organizations: z.array(z.object({ id: z.uuid(), name: z.string(), emergency_config: EmergencyConfigSchema })),
});
export type EmergencyStrategyList = z.infer<typeof EmergencyStrategyListSchema>;

export const SetEmergencyStrategyBodySchema = z.object({ orgId, slotStrategy: EmergencySlotStrategySchema });
export type SetEmergencyStrategyBody = z.infer<typeof SetEmergencyStrategyBodySchema>;

export const SetEmergencyStrategyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  emergency_config: EmergencyConfigSchema,
});
