import { z } from 'zod';
import { filledText, singleAnswer, toolArgs, type VoiceToolRequestReader } from '../../voice-tool-call';

/**
 * Synthflow's custom action sends the body its owner writes, with Synthflow's system variables and the
 * action's variables filled in. The body we ask for (README "Voice platforms"), posted to
 * /voice-agent/tool/{orgId}?provider=synthflow:
 *
 *   {"tool": "create_action_job_booking", "call_id": "{call_id}", "user_phone_number": "{user_phone_number}",
 *    "args": {"full_name": "{full_name}", …one entry per action variable}}
 *
 * `user_phone_number` is the customer's side of the call in both directions (Synthflow's system variables).
 * The answer is JSON; the action's result variables read it (e.g. `result`).
 */
const SynthflowToolRequestSchema = z.object({
  tool: z.string().min(1),
  call_id: z.unknown().optional(),
  user_phone_number: z.unknown().optional(),
  args: z.unknown().optional(),
});

export const synthflowToolRequests: VoiceToolRequestReader = {
  provider: 'synthflow',
  read(body, receivedAt) {
    const parsed = SynthflowToolRequestSchema.safeParse(body);
    if (!parsed.success) return null;
    const { tool, call_id, user_phone_number, args } = parsed.data;
    const providerCallId = filledText(call_id);
    const receiverId = filledText(user_phone_number) ?? undefined;
    return {
      provider: 'synthflow',
      providerCallId,
      interactionId: null,
      invocations: [{ toolCallId: null, tool, args: toolArgs(args) }],
      call: providerCallId ? { occurredAt: receivedAt.toISOString(), record: { status: 'in-progress', receiverId } } : null,
    };
  },
  answer: (_call, answers) => singleAnswer(answers),
};
