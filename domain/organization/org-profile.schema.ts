import { z } from 'zod';
import { OrganizationPhoneNumberSchema } from '../validation/phone';

// The company profile (spec 001 §2.13, §3 "Company profile") and custom instructions (001 §2.14, 000 §3
// custom_instructions): shared by the API, the events that save them and the post-call AI tasks.

export const EIN_MESSAGE = 'EIN must be in format XX-XXXXXXX';
export const EMAIL_MESSAGE = 'Invalid email format';
export const URL_MESSAGE = 'Invalid URL format';

const WebUrlSchema = z.url({ protocol: /^https?$/, message: URL_MESSAGE });

export const BusinessAddressSchema = z.object({
  street: z.string().trim().min(1, 'Street is required'),
  unit: z.string().trim().nullable().default(null),
  city: z.string().trim().min(1, 'City is required'),
  state: z.string().trim().min(1, 'State is required'),
  zip: z.string().trim().min(1, 'Zip code is required'),
  country: z.string().trim().min(1, 'Country is required'),
});
export type BusinessAddress = z.infer<typeof BusinessAddressSchema>;

/** 000 §3 sms_config; the product keeps what it is given (10DLC registration is a later issue). */
export const SmsConfigSchema = z.object({
  tcrBrandRegistration: z.unknown().optional(),
  verificationStatus: z
    .object({ brandId: z.string().nullable(), brandStatus: z.string().nullable(), campaignStatus: z.string().nullable() })
    .partial()
    .optional(),
  messagingConfig: z.object({ messagingConfigSid: z.string().nullable(), phoneNumber: z.string().nullable() }).partial().optional(),
});

/** Every editable profile field; null clears one. */
export const CompanyProfileFieldsSchema = z.object({
  legal_name: z.string().trim().min(1, 'Legal name must not be empty').max(200).nullable(),
  dba_name: z.string().trim().min(1, 'DBA name must not be empty').max(200).nullable(),
  website: WebUrlSchema.nullable(),
  privacy_policy: WebUrlSchema.nullable(),
  address: BusinessAddressSchema.nullable(),
  contact_number: OrganizationPhoneNumberSchema.nullable(),
  ein: z
    .string()
    .regex(/^\d{2}-\d{7}$/, EIN_MESSAGE)
    .nullable(),
  contact_email: z.email(EMAIL_MESSAGE).nullable(),
  sms_config: SmsConfigSchema.nullable(),
});
export type CompanyProfileFields = z.infer<typeof CompanyProfileFieldsSchema>;
export type CompanyProfileChanges = Partial<CompanyProfileFields>;

export const COMPANY_PROFILE_FIELDS = Object.keys(CompanyProfileFieldsSchema.shape) as (keyof CompanyProfileFields)[];

export const EMPTY_COMPANY_PROFILE: CompanyProfileFields = Object.fromEntries(COMPANY_PROFILE_FIELDS.map((f) => [f, null])) as CompanyProfileFields;

const Text = (what: string) => z.string().trim().min(1, `${what} is required`);

/** A job tag of job_tagging (as crm_tags_config names it in 000 §3: a name and the CRM tag id). */
export const JobTagSchema = z.object({ name: Text('Tag name'), id: z.number('Tag id must be a number').int() });

const CallReasonInstructionsSchema = z.array(z.object({ call_reason_id: Text('Call reason id'), instruction: Text('Instruction') }));
const LeadInstructionsSchema = z.array(z.object({ title: Text('Title'), isLead: z.boolean(), instruction: Text('Instruction') }));
const SummaryInstructionsSchema = z.array(z.object({ title: Text('Title'), instruction: Text('Instruction') }));

/** 000 §3 / 001 §3 custom_instructions. */
export const CustomInstructionsSchema = z.object({
  call_reasons: z.object({ instructions: CallReasonInstructionsSchema.default([]) }).prefault({}),
  is_lead: z.object({ enabled_csr: z.boolean().default(false), instructions: LeadInstructionsSchema.default([]) }).prefault({}),
  booked_summary: z.object({ enabled: z.boolean().default(false), instructions: SummaryInstructionsSchema.default([]) }).prefault({}),
  job_tagging: z
    .object({
      enabled: z.boolean().default(false),
      defaultTag: JobTagSchema.nullable().default(null),
      defaultAfterHoursTag: JobTagSchema.nullable().default(null),
      /** Tag name → when to apply it. */
      tags: z.record(z.string().trim().min(1, 'Tag name is required'), z.string()).default({}),
    })
    .prefault({}),
});
export type CustomInstructions = z.infer<typeof CustomInstructionsSchema>;

export const EMPTY_CUSTOM_INSTRUCTIONS: CustomInstructions = CustomInstructionsSchema.parse({});

/** The organizations row's stored instructions; null when the stored document no longer parses. */
export function storedCustomInstructions(raw: unknown): CustomInstructions | null {
  const parsed = CustomInstructionsSchema.safeParse(raw ?? {});
  return parsed.success ? parsed.data : null;
}

/**
 * What the post-call AI tasks are told (spec 001 §2.14): the lead rules and call-reason instructions
 * always, the booked-summary sections and job tags only while the organization has them enabled.
 */
export const TaskInstructionsSchema = z.object({
  isLead: LeadInstructionsSchema.default([]),
  callReasons: CallReasonInstructionsSchema.default([]),
  bookedSummary: SummaryInstructionsSchema.default([]),
  jobTags: z.array(z.object({ name: z.string(), instruction: z.string() })).default([]),
});
export type TaskInstructions = z.infer<typeof TaskInstructionsSchema>;

/** The organization as every post-interaction AI task reads it (InteractionInput's `org`), from its stored row. */
export function taskOrgOf(org: { name: string; timezone: string; tradesOffered: readonly string[]; customInstructions: unknown }) {
  return {
    name: org.name,
    timezone: org.timezone,
    tradesOffered: [...org.tradesOffered],
    instructions: taskInstructionsOf(storedCustomInstructions(org.customInstructions)),
  };
}

export function taskInstructionsOf(custom: CustomInstructions | null | undefined): TaskInstructions {
  const c = custom ?? EMPTY_CUSTOM_INSTRUCTIONS;
  return {
    isLead: c.is_lead.instructions,
    callReasons: c.call_reasons.instructions,
    bookedSummary: c.booked_summary.enabled ? c.booked_summary.instructions : [],
    jobTags: c.job_tagging.enabled ? Object.entries(c.job_tagging.tags).map(([name, instruction]) => ({ name, instruction })) : [],
  };
}
