import { z } from 'zod';
import { AgentTypeSchema } from '../interaction/interaction.schema';

// The landing page shows these next to its fields, so they speak to the visitor.
const text = (label: string, max: number) => z.string(`Enter ${label}`).trim().min(1, `Enter ${label}`).max(max, `Use at most ${max} characters`);

/** Spec 001 §5: "Demo call e-mail fields must be valid e-mails". */
const email = z.email('Enter a valid e-mail address');
/** A US or international number a demo call can dial: 10 to 15 digits, with or without a leading +. */
const phone = z
  .string('Enter a phone number')
  .trim()
  .refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return /^\+?[\d\s().-]+$/.test(v) && digits >= 10 && digits <= 15;
  }, 'Enter a phone number with its area code');

/** Spec 001 §3 "Demo call" form values: name, email, number, assistant, companyName. */
export const DemoCallRequestSchema = z.object({
  name: text('your name', 100),
  email,
  number: phone,
  companyName: text('your company name', 200),
  /** An agent id of the demo organization (override_agent_id); absent: its demo agent. */
  assistant: z.string().trim().min(1, 'assistant must not be empty').optional(),
});
export type DemoCallRequest = z.infer<typeof DemoCallRequestSchema>;

/** Spec 001 §3 "Demo call" answer. */
export const DemoCallResponseSchema = z.object({
  call_id: z.string(),
  call_type: z.literal('phone_call'),
  agent_id: z.string(),
  agent_type: AgentTypeSchema,
  retell_llm_dynamic_variables: z.record(z.string(), z.string()),
  call_status: z.string(),
  latency: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.string()),
  cost_metadata: z.object({ telecommunication: z.string(), llm_model: z.string().nullable(), voice_provider: z.string() }),
  call_cost: z.object({
    product_costs: z.array(z.object({ product: z.string(), cost: z.number() })),
    total_duration_seconds: z.number(),
    total_duration_unit_price: z.number(),
    total_one_time_price: z.number(),
    combined_cost: z.number(),
  }),
  opt_out_sensitive_data_storage: z.boolean(),
  from_number: z.string().nullable(),
  to_number: z.string(),
  direction: z.literal('outbound'),
  /** True when the demo call went to the offline sandbox platform (nobody's phone rings): the page offers a web call instead. */
  sandbox: z.boolean(),
});
export type DemoCallResponse = z.infer<typeof DemoCallResponseSchema>;

/** The assistants a visitor may pick: the demo organization's inbound agents. */
export const DemoAssistantsResponseSchema = z.object({
  assistants: z.array(z.object({ id: z.string(), agent_type: AgentTypeSchema, label: z.string() })),
});

/** Spec 000 §7 POST /expo/{callId}/comms body {email, phone}. */
export const DemoCommsParamsSchema = z.object({ callId: z.string().min(1).max(200) });
export const DemoCommsRequestSchema = z.object({ email, phone });
export const DemoCommsResponseSchema = z.object({ success: z.literal(true) });
