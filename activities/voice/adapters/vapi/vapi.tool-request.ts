import { z } from 'zod';
import { isoFromMs, isoFromText } from '../mapping';
import { liveCallRecord, toolArgs, type VoiceToolInvocation, type VoiceToolRequestReader } from '../../voice-tool-call';
import { mapVapiToolCalls } from './vapi.mapper';
import { VapiServerMessageSchema } from './vapi.schema';

/**
 * Vapi's tool-calls server message: `{message: {type: "tool-calls", call, toolCallList: [{id, type: "function",
 * function: {name, arguments}}], toolWithToolCallList: [{…tool, toolCall: {id, function}}], timestamp, …}}`.
 * The answer is `{results: [{toolCallId, result}]}`, one result per tool call.
 */
const ToolCallSchema = z.object({ id: z.string().min(1), function: z.object({ name: z.string().min(1), arguments: z.unknown().optional() }) });
const VapiToolCallsSchema = z.object({
  message: z
    .object({
      type: z.literal('tool-calls'),
      toolCallList: z.array(ToolCallSchema).nullish(),
      toolWithToolCallList: z.array(z.object({ toolCall: ToolCallSchema })).nullish(),
    })
    .loose(),
});

export const vapiToolRequests: VoiceToolRequestReader = {
  provider: 'vapi',
  read(body, receivedAt) {
    const parsed = VapiToolCallsSchema.safeParse(body);
    if (!parsed.success) return null;
    const list = parsed.data.message.toolCallList ?? parsed.data.message.toolWithToolCallList?.map((t) => t.toolCall) ?? [];
    const invocations: VoiceToolInvocation[] = list.map((c) => ({ toolCallId: c.id, tool: c.function.name, args: toolArgs(c.function.arguments) }));
    if (invocations.length === 0) return null;
    const message = VapiServerMessageSchema.safeParse(body).data?.message;
    const callId = message?.call?.id ?? null;
    return {
      provider: 'vapi',
      providerCallId: callId,
      interactionId: null,
      invocations,
      call:
        message && callId
          ? {
              occurredAt:
                isoFromText(message.call?.startedAt) ?? isoFromText(message.call?.createdAt) ?? isoFromMs(message.timestamp) ?? receivedAt.toISOString(),
              record: liveCallRecord(mapVapiToolCalls(message)),
            }
          : null,
    };
  },
  answer: (call, answers) => ({ results: call.invocations.map((inv, i) => ({ toolCallId: inv.toolCallId ?? '', result: answers[i]?.result ?? '' })) }),
};
