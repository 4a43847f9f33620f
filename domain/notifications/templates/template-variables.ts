import { z } from 'zod';

/** A summary as sections, or as plain text (one section without a title). */
const SummarySchema = z
  .union([z.string(), z.array(z.object({ title: z.string().default(''), content: z.union([z.string(), z.array(z.string())]) }))])
  .nullish()
  .transform((summary) =>
    summary == null || summary === ''
      ? []
      : typeof summary === 'string'
        ? [{ title: '', content: [summary] }]
        : summary.map((s) => ({ title: s.title, content: typeof s.content === 'string' ? [s.content] : s.content })),
  );

/** 002 §3 e-mail template call-summary and its variables. */
export const CallSummaryVariablesSchema = z.object({
  interactionId: z.string().min(1, 'interactionId is required'),
  date: z.string().min(1, 'date is required'),
  transcript: z.array(z.object({ role: z.string(), content: z.string() })).default([]),
  callSummary: SummarySchema,
  customer: z
    .object({ name: z.string().nullish(), formattedAddress: z.string().nullish(), crm_customer_id: z.union([z.string(), z.number()]).nullish() })
    .nullish()
    .transform((c) => ({
      name: c?.name || 'Unknown Customer',
      formattedAddress: c?.formattedAddress ?? null,
      crmCustomerId: c?.crm_customer_id == null ? null : String(c.crm_customer_id),
    })),
  fromNumber: z.string().nullish(),
  bookingSummary: z.string().nullish(),
  crm_job_id: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((id) => (id == null ? null : String(id))),
  timezone: z.string().nullish(),
  crmName: z.string().nullish(),
});
export type CallSummaryVariables = z.input<typeof CallSummaryVariablesSchema>;

/** 002 §3 e-mail template call-errors: interactionId and errors[]; the subject is "Error in call". */
export const CallErrorsVariablesSchema = z.object({
  interactionId: z.string().min(1, 'interactionId is required'),
  errors: z.array(z.unknown()).default([]),
});

/** The templates a direct send (POST /integrations/send-email) can name: those whose variables 002 §3 lists. */
export const SENDABLE_TEMPLATES = { 'call-summary': CallSummaryVariablesSchema, 'call-errors': CallErrorsVariablesSchema } as const;
export type SendableTemplate = keyof typeof SENDABLE_TEMPLATES;
