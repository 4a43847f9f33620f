import { z } from 'zod';

/**
 * The parts of Retell's wire format this adapter reads, from Retell's API reference (call object of
 * GET /v2/get-call, create-phone-call, create-batch-call, list-calls, phone numbers) and its webhook
 * overview (`{event, call}` with call_started / call_ended / call_analyzed). Fields not used are not listed.
 */

const RetellWordSchema = z.object({
  word: z.string().nullish(),
  start: z.number().nullish(),
  end: z.number().nullish(),
});

export const RetellUtteranceSchema = z.object({
  role: z.string(),
  content: z.string().nullish(),
  words: z.array(RetellWordSchema).nullish(),
});

/** transcript_with_tool_calls: utterances plus tool_call_invocation / tool_call_result and other entries. */
const RetellTranscriptEntrySchema = z.object({
  role: z.string(),
  content: z.string().nullish(),
  name: z.string().nullish(),
  arguments: z.string().nullish(),
});

export const RetellCallSchema = z.object({
  call_id: z.string().min(1),
  call_type: z.enum(['phone_call', 'web_call']).nullish(),
  agent_id: z.string().nullish(),
  call_status: z.string().nullish(),
  direction: z.enum(['inbound', 'outbound']).nullish(),
  from_number: z.string().nullish(),
  to_number: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  retell_llm_dynamic_variables: z.record(z.string(), z.unknown()).nullish(),
  collected_dynamic_variables: z.record(z.string(), z.unknown()).nullish(),
  start_timestamp: z.number().nullish(),
  end_timestamp: z.number().nullish(),
  duration_ms: z.number().nullish(),
  disconnection_reason: z.string().nullish(),
  transfer_destination: z.string().nullish(),
  transcript: z.string().nullish(),
  transcript_object: z.array(RetellUtteranceSchema).nullish(),
  transcript_with_tool_calls: z.array(RetellTranscriptEntrySchema).nullish(),
  recording_url: z.string().nullish(),
  recording_multi_channel_url: z.string().nullish(),
  call_analysis: z
    .object({
      call_summary: z.string().nullish(),
      in_voicemail: z.boolean().nullish(),
      user_sentiment: z.string().nullish(),
      call_successful: z.boolean().nullish(),
      custom_analysis_data: z.unknown().optional(),
    })
    .nullish(),
  /** Costs are in cents. */
  call_cost: z.object({ combined_cost: z.number().nullish() }).nullish(),
});
export type RetellCall = z.infer<typeof RetellCallSchema>;

export const RetellWebhookSchema = z.object({
  event: z.string().min(1),
  call: RetellCallSchema,
});
export type RetellWebhook = z.infer<typeof RetellWebhookSchema>;

export const RetellBatchCallResponseSchema = z.object({ batch_call_id: z.string().min(1) });

const AgentWeightSchema = z.object({ agent_id: z.string(), weight: z.number().nullish() });

export const RetellPhoneNumberSchema = z.object({
  phone_number: z.string(),
  nickname: z.string().nullish(),
  inbound_agents: z.array(AgentWeightSchema).nullish(),
  outbound_agents: z.array(AgentWeightSchema).nullish(),
  // The single-agent fields Retell used before weighted agent lists.
  inbound_agent_id: z.string().nullish(),
  outbound_agent_id: z.string().nullish(),
});
export type RetellPhoneNumber = z.infer<typeof RetellPhoneNumberSchema>;
