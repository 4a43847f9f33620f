import { z } from 'zod';

/**
 * The parts of Vapi's wire format this adapter reads: the Call object (GET /call/:id), server messages
 * `{message: {type, …}}` (status-update, end-of-call-report, tool-calls), Campaign and PhoneNumber, from
 * Vapi's OpenAPI document. Fields not used are not listed.
 */

/** artifact.messages: UserMessage, BotMessage, SystemMessage, ToolCallMessage, ToolCallResultMessage. */
export const VapiArtifactMessageSchema = z.object({
  role: z.string(),
  message: z.string().nullish(),
  time: z.number().nullish(),
  secondsFromStart: z.number().nullish(),
  duration: z.number().nullish(),
  name: z.string().nullish(),
  result: z.string().nullish(),
  toolCalls: z.array(z.object({ function: z.object({ name: z.string(), arguments: z.unknown().optional() }).nullish() })).nullish(),
});
export type VapiArtifactMessage = z.infer<typeof VapiArtifactMessageSchema>;

export const VapiArtifactSchema = z.object({
  messages: z.array(VapiArtifactMessageSchema).nullish(),
  transcript: z.string().nullish(),
  recordingUrl: z.string().nullish(),
  stereoRecordingUrl: z.string().nullish(),
  recording: z
    .object({
      stereoUrl: z.string().nullish(),
      mono: z.object({ combinedUrl: z.string().nullish() }).nullish(),
    })
    .nullish(),
});

const NumberHolderSchema = z.object({ number: z.string().nullish() });

export const VapiCallSchema = z.object({
  id: z.string().min(1),
  type: z.string().nullish(),
  status: z.string().nullish(),
  endedReason: z.string().nullish(),
  assistantId: z.string().nullish(),
  phoneNumberId: z.string().nullish(),
  customer: NumberHolderSchema.nullish(),
  phoneNumber: NumberHolderSchema.nullish(),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
  startedAt: z.string().nullish(),
  endedAt: z.string().nullish(),
  /** US dollars. */
  cost: z.number().nullish(),
  artifact: VapiArtifactSchema.nullish(),
  analysis: z.object({ summary: z.string().nullish(), structuredData: z.unknown().optional() }).nullish(),
  destination: z.object({ number: z.string().nullish(), sipUri: z.string().nullish() }).nullish(),
  assistantOverrides: z
    .object({
      variableValues: z.record(z.string(), z.unknown()).nullish(),
      metadata: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
});
export type VapiCall = z.infer<typeof VapiCallSchema>;

const ToolCallSchema = z.object({
  id: z.string(),
  function: z.object({ name: z.string(), arguments: z.unknown().optional() }),
});

export const VapiServerMessageSchema = z.object({
  message: z.object({
    type: z.string().min(1),
    /** Epoch milliseconds. */
    timestamp: z.number().nullish(),
    call: VapiCallSchema.nullish(),
    phoneNumber: NumberHolderSchema.nullish(),
    customer: NumberHolderSchema.nullish(),
    // status-update
    status: z.string().nullish(),
    endedReason: z.string().nullish(),
    // end-of-call-report (artifact/analysis; older deliveries put recordingUrl, summary … at the top)
    artifact: VapiArtifactSchema.nullish(),
    analysis: z.object({ summary: z.string().nullish() }).nullish(),
    startedAt: z.string().nullish(),
    endedAt: z.string().nullish(),
    cost: z.number().nullish(),
    durationSeconds: z.number().nullish(),
    recordingUrl: z.string().nullish(),
    stereoRecordingUrl: z.string().nullish(),
    summary: z.string().nullish(),
    transcript: z.string().nullish(),
    messages: z.array(VapiArtifactMessageSchema).nullish(),
    destination: z.object({ number: z.string().nullish(), sipUri: z.string().nullish() }).nullish(),
    // tool-calls
    toolCallList: z.array(ToolCallSchema).nullish(),
  }),
});
export type VapiServerMessage = z.infer<typeof VapiServerMessageSchema>['message'];

export const VapiCampaignSchema = z.object({ id: z.string().min(1) });

export const VapiPhoneNumberSchema = z.object({
  id: z.string(),
  provider: z.string().nullish(),
  number: z.string().nullish(),
  name: z.string().nullish(),
  assistantId: z.string().nullish(),
});
