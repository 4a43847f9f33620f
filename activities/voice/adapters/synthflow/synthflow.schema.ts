import { z } from 'zod';

/**
 * The parts of Synthflow's wire format this adapter reads: the post-call webhook ("Webhook Response
 * Example": {status, lead, call, executed_actions, analysis, collected_variables}), and the Platform API's
 * calls (POST/GET /v2/calls, answers wrapped in {status, response}), assistants and numbers.
 */

/** {variable: {value, collected}}, or keyed by agent id first (GET /calls). */
const CollectedVariablesSchema = z.record(z.string(), z.unknown());

export const SynthflowCallSchema = z.object({
  call_id: z.string().min(1),
  model_id: z.string().nullish(),
  /** Webhook and GET /calls/{id} say `status`, GET /calls (list) says `call_status`. */
  status: z.string().nullish(),
  call_status: z.string().nullish(),
  end_call_reason: z.string().nullish(),
  custom_end_call_reason: z.string().nullish(),
  error_message: z.string().nullish(),
  /** Seconds. */
  duration: z.number().nullish(),
  /** ISO-8601 in the webhook, epoch milliseconds as text in the API. */
  start_time: z.union([z.string(), z.number()]).nullish(),
  telephony_start: z.string().nullish(),
  telephony_end: z.string().nullish(),
  transcript: z.string().nullish(),
  recording_url: z.string().nullish(),
  type_of_call: z.string().nullish(),
  phone_number_from: z.string().nullish(),
  phone_number_to: z.string().nullish(),
  lead_phone_number: z.string().nullish(),
  agent_phone_number: z.string().nullish(),
  prompt_variables: z.record(z.string(), z.unknown()).nullish(),
  collected_variables: CollectedVariablesSchema.nullish(),
  external_id: z.string().nullish(),
});
export type SynthflowCall = z.infer<typeof SynthflowCallSchema>;

export const SynthflowWebhookSchema = z.object({
  status: z.string().nullish(),
  error_message: z.string().nullish(),
  lead: z
    .object({
      name: z.string().nullish(),
      phone_number: z.string().nullish(),
      prompt_variables: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
  call: SynthflowCallSchema,
  analysis: z.record(z.string(), z.unknown()).nullish(),
  collected_variables: CollectedVariablesSchema.nullish(),
});
export type SynthflowWebhook = z.infer<typeof SynthflowWebhookSchema>;

export const SynthflowCreateCallResponseSchema = z.object({
  status: z.string().nullish(),
  response: z.object({ call_id: z.string().min(1) }),
});

export const SynthflowCallsResponseSchema = z.object({
  status: z.string().nullish(),
  response: z.object({ calls: z.array(SynthflowCallSchema) }),
});

const SynthflowNumberFieldsSchema = z.object({
  phone_number: z.string().nullish(),
  friendly_name: z.string().nullish(),
  assistants: z.array(z.string()).nullish(),
});

/** The reference shows the number's fields at the top level; other Synthflow answers wrap them in `response`. */
export const SynthflowNumberSchema = z.union([
  z.object({ response: SynthflowNumberFieldsSchema }).transform((body) => body.response),
  SynthflowNumberFieldsSchema,
]);
