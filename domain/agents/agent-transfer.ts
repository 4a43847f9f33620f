import type { AgentTransfer } from './agent-profile';
import type { AgentToolUse } from './agent-tool-use';

// Workflow-safe (no I/O): the web-call record reads the transfer back from the call's tool uses.

export const TRANSFER_TOOL = 'transfer_call';

/** What a performed transfer recorded: where to, warm or cold, by which tool, and what a warm one told the person. */
export interface TransferPerformed {
  tool_name: string;
  destination: string;
  kind: 'warm' | 'cold';
  /** Warm transfers: what the agent told the person before connecting the caller; null for cold ones. */
  handoff_message: string | null;
  show_transferee_as_caller: boolean;
}

/** The handoff a warm transfer says to the person: the static message, or (offline) the prompt's text with what the caller said. */
export function handoffMessage(transfer: AgentTransfer, callerLines: readonly string[]): string | null {
  if (transfer.kind !== 'warm' || !transfer.handoff) return null;
  if (transfer.handoff.type === 'static_message') return transfer.handoff.message;
  const said = callerLines.map((l) => l.trim()).filter(Boolean);
  return `${transfer.handoff.prompt.trim()}${said.length > 0 ? ` Caller said: "${said.join(' ')}"` : ''}`;
}

/**
 * Performs transfer_call for the in-house agent: picks the named transfer tool (the only one when the name is
 * missing or unknown and there is one) and answers what the platform did. Nothing is dialled here: the sandbox
 * voice platform records the transfer, and the call ends `transferred`.
 */
export function performTransfer(
  transfers: readonly AgentTransfer[],
  args: Record<string, unknown>,
  callerLines: readonly string[],
): { result: string; data?: Record<string, unknown>; error?: string } {
  const named = transfers.find((t) => t.name === args.tool_name);
  const transfer = named ?? (transfers.length === 1 ? transfers[0] : undefined);
  if (!transfer) {
    return { result: 'No such transfer tool; offer a callback instead.', error: `Unknown transfer tool: ${String(args.tool_name ?? '')}` };
  }
  const performed: TransferPerformed = {
    tool_name: transfer.name,
    destination: transfer.number,
    kind: transfer.kind,
    handoff_message: handoffMessage(transfer, callerLines),
    show_transferee_as_caller: transfer.showTransfereeAsCaller,
  };
  const told = performed.handoff_message ? ` The person was told: "${performed.handoff_message}"` : '';
  return { result: `The call is being transferred to ${transfer.number} (${transfer.kind} transfer).${told}`, data: { ...performed } };
}

/** The transfer a call's tool uses performed, if one did. */
export function transferOf(uses: readonly AgentToolUse[]): TransferPerformed | null {
  const use = uses.find((u) => u.name === TRANSFER_TOOL && !u.error && typeof u.data?.destination === 'string');
  if (!use?.data) return null;
  const d = use.data;
  return {
    tool_name: String(d.tool_name),
    destination: String(d.destination),
    kind: d.kind === 'warm' ? 'warm' : 'cold',
    handoff_message: typeof d.handoff_message === 'string' ? d.handoff_message : null,
    show_transferee_as_caller: d.show_transferee_as_caller === true,
  };
}
