import { z } from 'zod';

/**
 * The parts of Bland's wire format this adapter reads, from Bland's API reference: the call object of
 * GET /v1/calls/{call_id} — which is also the body of the post-call webhook ("The request body will match
 * the response from the GET /v1/calls/:call_id endpoint") — send call, batches, list calls and inbound
 * numbers. Fields not used are not listed.
 */

export const BlandTranscriptSchema = z.object({
  id: z.union([z.number(), z.string()]).nullish(),
  created_at: z.string().nullish(),
  text: z.string().nullish(),
  /** user, assistant, robot or agent-action. */
  user: z.string(),
});

export const BlandCallSchema = z.object({
  call_id: z.string().min(1).nullish(),
  c_id: z.string().min(1).nullish(),
  to: z.string().nullish(),
  from: z.string().nullish(),
  inbound: z.boolean().nullish(),
  completed: z.boolean().nullish(),
  queue_status: z.string().nullish(),
  status: z.string().nullish(),
  created_at: z.string().nullish(),
  started_at: z.string().nullish(),
  /** Minutes (the API reference says minutes; an older revision said seconds). */
  call_length: z.number().nullish(),
  batch_id: z.string().nullish(),
  request_data: z.record(z.string(), z.unknown()).nullish(),
  variables: z.record(z.string(), z.unknown()).nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  answered_by: z.string().nullish(),
  call_ended_by: z.string().nullish(),
  error_message: z.string().nullish(),
  transferred_to: z.string().nullish(),
  recording_url: z.string().nullish(),
  summary: z.string().nullish(),
  /** US dollars. */
  price: z.number().nullish(),
  concatenated_transcript: z.string().nullish(),
  transcripts: z.array(BlandTranscriptSchema).nullish(),
  pathway_id: z.string().nullish(),
  persona_id: z.string().nullish(),
});
export type BlandCall = z.infer<typeof BlandCallSchema>;

/** Live events streamed with `webhook_events` (queue, call, latency, tool, …). */
export const BlandLiveEventSchema = z.object({
  call_id: z.string().min(1),
  category: z.string().min(1),
  message: z.string().nullish(),
  log_level: z.string().nullish(),
});

export const BlandSendCallResponseSchema = z.object({ status: z.literal('success'), call_id: z.string().min(1) });

export const BlandBatchResponseSchema = z.object({ batch_id: z.string().min(1) });

export const BlandListCallsResponseSchema = z.object({ calls: z.array(BlandCallSchema) });

export const BlandInboundNumberSchema = z.object({
  phone_number: z.string().nullish(),
  pathway_id: z.string().nullish(),
  label: z.string().nullish(),
});
