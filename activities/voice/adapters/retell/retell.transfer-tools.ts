import { z } from 'zod';
import type { TransferTool } from '../../../../domain/contracts/agents.contract';

/**
 * Retell's transfer_call general tool, as `PATCH /update-retell-llm/{llm_id}` takes it in `general_tools`
 * (https://docs.retellai.com/api-references/update-retell-llm; the TransferCallTool of retell-sdk's llm.ts):
 * {type, name, description, transfer_destination {type predefined, number}, transfer_option}. The spec's
 * transfer tool (000 §3) is Retell's own shape, so the fields carry over as they are.
 */

/** GET /get-agent/{agent_id}: the response engine holds the tools; only a Retell LLM has general_tools. */
export const RetellAgentSchema = z.object({
  agent_id: z.string().min(1),
  response_engine: z.looseObject({ type: z.string(), llm_id: z.string().nullish() }),
});

/** GET /get-retell-llm/{llm_id}: every general tool is kept as Retell sent it, so a PATCH writes the others back unchanged. */
export const RetellLlmSchema = z.object({
  llm_id: z.string().min(1),
  general_tools: z.array(z.looseObject({ type: z.string() })).nullish(),
});

export type RetellGeneralTool = { type: string } & Record<string, unknown>;

export function retellTransferTool(tool: TransferTool): RetellGeneralTool {
  const option = tool.transfer_option;
  const transferOption =
    option.type === 'cold_transfer'
      ? { type: 'cold_transfer', show_transferee_as_caller: option.show_transferee_as_caller || tool.show_transferee_as_caller }
      : {
          type: 'warm_transfer',
          public_handoff_option: option.public_handoff_option,
          // 000 §3 warm_transfer_option {type prompt, prompt}: what the person taking the call alone hears.
          ...(tool.warm_transfer_option && tool.warm_transfer_option.prompt.trim() !== ''
            ? { private_handoff_option: { type: 'prompt', prompt: tool.warm_transfer_option.prompt } }
            : {}),
          show_transferee_as_caller: tool.show_transferee_as_caller,
        };
  return {
    type: 'transfer_call',
    name: tool.name,
    ...(tool.description ? { description: tool.description } : {}),
    transfer_destination: { type: 'predefined', number: tool.transfer_destination.number },
    transfer_option: transferOption,
  };
}

/** The LLM's general tools with its transfer_call tools replaced by ours; every other tool stays as it was, in order. */
export function withRetellTransferTools(current: readonly RetellGeneralTool[], tools: readonly TransferTool[]): RetellGeneralTool[] {
  return [...current.filter((t) => t.type !== 'transfer_call'), ...tools.map(retellTransferTool)];
}
