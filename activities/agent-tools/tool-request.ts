import { z } from 'zod';

/** Spec 000 §4 template tool types (the HTTP ones plus end_call and press_digit). */
export const TEMPLATE_TOOL_TYPES = [
  'end_call',
  'create_action_job_booking',
  'create_action_callback_request',
  'create_action_job_cancel',
  'create_action_job_reschedule',
  'get_capacity',
  'get_capacity_zones',
  'get_capacity_trades',
  'check_address',
  'update_estimate',
  'get_jobs',
  'check_customer',
  'end_chat',
  'press_digit',
  'confirm_appointment',
] as const;
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
  /** Vapi answers are matched to the call by this id. */
  toolCallId: string | null;
  /**
   * The endpoint's doNotService query (spec 000 §7): true (the templates' value, and the default) makes the
   * tools honour the CRM's do-not-service flag; false lets an organization that serves flagged customers book them.
   */
  enforceDoNotService?: boolean;
}

const Args = z.record(z.string(), z.unknown());
const argsOf = (value: unknown): Record<string, unknown> => {
  if (typeof value === 'string') {
    try {
      return Args.parse(JSON.parse(value));
    } catch {
      return {};
    }
  }
  return Args.safeParse(value).data ?? {};
};
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
const uuidOrNull = (v: unknown) => (z.uuid().safeParse(v).success ? (v as string) : null);

/**
 * Reads a tool call in the shapes callers send: ours ({tool, args}), the {type, payload} tools,
 * Retell's custom function ({name, args, call}) and Vapi's tool-calls message. Null when none matches.
 */
export function readToolRequest(body: unknown): ToolRequest | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as Record<string, unknown>;
  const interactionId = uuidOrNull(b.interaction_id ?? b.interactionId);
  if (str(b.tool)) return { tool: b.tool as string, args: argsOf(b.args), interactionId, toolCallId: null };
  if (str(b.type) && 'payload' in b) {
    return { tool: PAYLOAD_TOOLS[b.type as string] ?? (b.type as string), args: argsOf(b.payload), interactionId, toolCallId: null };
  }
  if (str(b.name)) {
    const call = (b.call ?? {}) as Record<string, unknown>;
    return {
      tool: b.name as string,
      args: argsOf(b.args ?? b.arguments),
      interactionId: interactionId ?? uuidOrNull(call.metadata && (call.metadata as Record<string, unknown>).interaction_id),
      toolCallId: null,
    };
  }
  const message = b.message as Record<string, unknown> | undefined;
  const calls = (message?.toolCallList ?? message?.toolCalls) as { id?: string; function?: { name?: string; arguments?: unknown } }[] | undefined;
  const first = Array.isArray(calls) ? calls[0] : undefined;
  if (first?.function?.name) {
    return { tool: first.function.name, args: argsOf(first.function.arguments), interactionId, toolCallId: str(first.id) };
  }
  return null;
}
