import { z } from 'zod';
import { filledText, singleAnswer, toolArgs, type VoiceToolRequestReader } from '../../voice-tool-call';

/**
 * Bland's custom tool sends the body its owner writes, with Bland's prompt variables and the agent's input
 * filled in. The body we ask for (README "Voice platforms"), posted to /voice-agent/tool/{orgId}?provider=bland:
 *
 *   {"tool": "create_action_job_booking", "call_id": "{{call_id}}", "from": "{{from}}", "to": "{{to}}",
 *    "args": {"full_name": "{{input.full_name}}", …one entry per input_schema property}}
 *
 * The answer is JSON; the tool's `response` mapping reads it, e.g. {"result": "$.result"}.
 */
const BlandToolRequestSchema = z.object({
  tool: z.string().min(1),
  call_id: z.unknown().optional(),
  from: z.unknown().optional(),
  to: z.unknown().optional(),
  args: z.unknown().optional(),
});

export const blandToolRequests: VoiceToolRequestReader = {
  provider: 'bland',
  read(body, receivedAt) {
    const parsed = BlandToolRequestSchema.safeParse(body);
    if (!parsed.success) return null;
    const { tool, call_id, from, to, args } = parsed.data;
    const providerCallId = filledText(call_id);
    const fromNumber = filledText(from) ?? undefined;
    const toNumber = filledText(to) ?? undefined;
    return {
      provider: 'bland',
      providerCallId,
      interactionId: null,
      invocations: [{ toolCallId: null, tool, args: toolArgs(args) }],
      call: providerCallId ? { occurredAt: receivedAt.toISOString(), record: { status: 'in-progress', fromNumber, toNumber } } : null,
    };
  },
  answer: (_call, answers) => singleAnswer(answers),
};
