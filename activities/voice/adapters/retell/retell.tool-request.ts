import { z } from 'zod';
import { isoFromMs } from '../mapping';
import { liveCallRecord, singleAnswer, toolArgs, type VoiceToolRequestReader } from '../../voice-tool-call';
import { mapRetellCall } from './retell.mapper';
import { RetellCallSchema } from './retell.schema';

/**
 * Retell's custom function request: POST `{name, call, args}`, where `call` is the call object of the Get
 * Call API (call_id, agent_id, from_number, to_number, direction, the transcript so far, …) and `args` the
 * function's arguments. ("Payload: args only" drops `name` and `call`; it must stay off.)
 */
const RetellToolRequestSchema = z.object({
  name: z.string().min(1),
  args: z.unknown().optional(),
  call: RetellCallSchema,
});

export const retellToolRequests: VoiceToolRequestReader = {
  provider: 'retell',
  read(body, receivedAt) {
    const parsed = RetellToolRequestSchema.safeParse(body);
    if (!parsed.success) return null;
    const { name, args, call } = parsed.data;
    return {
      provider: 'retell',
      providerCallId: call.call_id,
      interactionId: null,
      invocations: [{ toolCallId: null, tool: name, args: toolArgs(args) }],
      call: { occurredAt: isoFromMs(call.start_timestamp) ?? receivedAt.toISOString(), record: liveCallRecord(mapRetellCall(call)) },
    };
  },
  // Retell hands the response body to the LLM as it is (JSON or text, up to 15,000 characters).
  answer: (_call, answers) => singleAnswer(answers),
};
