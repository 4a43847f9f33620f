import { z } from 'zod';
import type { TransferTool } from '../../../../domain/contracts/agents.contract';

/**
 * Vapi's transferCall tool, inline in the assistant's `model.tools` (`PATCH /assistant/{id}`;
 * https://docs.vapi.ai/tools/transfer-call, https://docs.vapi.ai/tools/transfer-call/warm-transfer and
 * .../blind-transfer): {type transferCall, function {name, description}, destinations [{type number, number,
 * description, transferPlan {mode, message}}]}. One tool per spec transfer tool, each with its one destination.
 */

/** GET /assistant/{id}: the model is written back whole (provider, model, messages…), only its tools change. */
export const VapiAssistantSchema = z.object({
  id: z.string().min(1),
  model: z.looseObject({ provider: z.string(), tools: z.array(z.looseObject({ type: z.string() })).nullish() }).nullish(),
});

export type VapiTool = { type: string } & Record<string, unknown>;

/**
 * cold → blind-transfer; warm with a static message → warm-transfer-say-message (the message is said to the person
 * taking the call); warm with a prompt → warm-transfer-say-summary, the prompt as the summary plan's instruction.
 */
export function vapiTransferPlan(tool: TransferTool): Record<string, unknown> {
  const option = tool.transfer_option;
  if (option.type === 'cold_transfer') return { mode: 'blind-transfer' };
  const handoff = option.public_handoff_option;
  if (handoff.type === 'static_message') return { mode: 'warm-transfer-say-message', message: handoff.message };
  return { mode: 'warm-transfer-say-summary', summaryPlan: { enabled: true, messages: [{ role: 'system', content: handoff.prompt }] } };
}

export function vapiTransferTool(tool: TransferTool): VapiTool {
  return {
    type: 'transferCall',
    function: { name: tool.name, ...(tool.description ? { description: tool.description } : {}) },
    destinations: [
      {
        type: 'number',
        number: tool.transfer_destination.number,
        ...(tool.description ? { description: tool.description } : {}),
        transferPlan: vapiTransferPlan(tool),
      },
    ],
  };
}

/** The model's tools with its transferCall tools replaced by ours; every other tool stays as it was, in order. */
export function withVapiTransferTools(current: readonly VapiTool[], tools: readonly TransferTool[]): VapiTool[] {
  return [...current.filter((t) => t.type !== 'transferCall'), ...tools.map(vapiTransferTool)];
}
