import { z } from 'zod';
import { TEMPLATE_TOOL_TYPES } from '../../domain/contracts/agents.contract';
import { singleAnswer, toolArgs, type VoiceToolRequestReader } from '../voice/voice-tool-call';

// Spec 000 §4 template tool types (the HTTP ones plus end_call and press_digit), defined once with the agent record.
export { TEMPLATE_TOOL_TYPES };
export type TemplateToolType = (typeof TEMPLATE_TOOL_TYPES)[number];

/** The {type, payload} tools of spec 000 §7 and the template tool each stands for. */
const PAYLOAD_TOOLS: Record<string, TemplateToolType> = {
  callback_request: 'create_action_callback_request',
  job_booking: 'create_action_job_booking',
  job_cancel: 'create_action_job_cancel',
  job_reschedule: 'create_action_job_reschedule',
  update_estimate: 'update_estimate',
};

export interface ToolRequest {
  tool: string;
  args: Record<string, unknown>;
  interactionId: string | null;
  /** The platform's id of this tool call (Vapi's answers carry it back). */
  toolCallId: string | null;
  /**
   * The endpoint's doNotService query (spec 000 §7): true (the templates' value, and the default) makes the
   * tools honour the CRM's do-not-service flag; false lets an organization that serves flagged customers book them.
   */
  enforceDoNotService?: boolean;
}

const uuidOrNull = (v: unknown) => (z.uuid().safeParse(v).success ? (v as string) : null);

/**
 * Our own tool request, as the in-house agent and operators send it: {tool, args} or the {type, payload}
 * tools of spec 000 §7, naming the call by its interaction id (`interaction_id`) when it has one.
 * Null when the body is neither.
 */
export const inHouseToolRequests: VoiceToolRequestReader = {
  provider: 'in_house',
  read(body) {
    if (typeof body !== 'object' || body === null) return null;
    const b = body as Record<string, unknown>;
    const interactionId = uuidOrNull(b.interaction_id ?? b.interactionId);
    const invocation =
      typeof b.tool === 'string' && b.tool.length > 0
        ? { toolCallId: null, tool: b.tool, args: toolArgs(b.args) }
        : typeof b.type === 'string' && b.type.length > 0 && 'payload' in b
          ? { toolCallId: null, tool: PAYLOAD_TOOLS[b.type] ?? b.type, args: toolArgs(b.payload) }
          : null;
    if (!invocation) return null;
    return { provider: 'in_house', providerCallId: null, interactionId, invocations: [invocation], call: null };
  },
  answer: (_call, answers) => singleAnswer(answers),
};
