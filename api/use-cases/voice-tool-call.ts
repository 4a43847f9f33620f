import { inHouseToolRequests } from '../../activities/agent-tools/tool-request';
import { ToolArgumentError } from '../../activities/agent-tools/tool-argument-error';
import { runVoiceAgentTool as runTool } from '../../activities/agent-tools/run-voice-agent-tool';
import { blandToolRequests } from '../../activities/voice/adapters/bland/bland.tool-request';
import { retellToolRequests } from '../../activities/voice/adapters/retell/retell.tool-request';
import { synthflowToolRequests } from '../../activities/voice/adapters/synthflow/synthflow.tool-request';
import { vapiToolRequests } from '../../activities/voice/adapters/vapi/vapi.tool-request';
import type { VoiceToolAnswer, VoiceToolCall, VoiceToolReply, VoiceToolRequestReader } from '../../activities/voice/voice-tool-call';
import type { OrganizationRow } from '../../events/projections/organizations/organizations.repository';
import { interactionIdForProviderCall } from '../../lib/ids';
import type { ApiDeps } from '../deps';
import { badRequest } from '../http/errors';

/** The platforms whose tool requests name their call; `?provider=` picks one, else the body's shape tells. */
export const TOOL_REQUEST_PROVIDERS = ['retell', 'vapi', 'bland', 'synthflow', 'in_house'] as const;
export type ToolRequestProvider = (typeof TOOL_REQUEST_PROVIDERS)[number];

const READERS: Record<ToolRequestProvider, VoiceToolRequestReader> = {
  retell: retellToolRequests,
  vapi: vapiToolRequests,
  bland: blandToolRequests,
  synthflow: synthflowToolRequests,
  in_house: inHouseToolRequests,
};
// Bland's and Synthflow's bodies are the ones their owners write, so only `?provider=` tells them from ours.
const BY_SHAPE: VoiceToolRequestReader[] = [vapiToolRequests, retellToolRequests, inHouseToolRequests];

export interface VoiceToolCallRequest {
  org: OrganizationRow;
  body: unknown;
  provider?: ToolRequestProvider;
  enforceDoNotService: boolean;
  correlationId: string;
}

export function readVoiceToolCall(
  body: unknown,
  provider: ToolRequestProvider | undefined,
  receivedAt: Date,
): { reader: VoiceToolRequestReader; call: VoiceToolCall } | null {
  const readers = provider ? [READERS[provider], inHouseToolRequests] : BY_SHAPE;
  for (const reader of readers) {
    const call = reader.read(body, receivedAt);
    if (call) return { reader, call };
  }
  return null;
}

/**
 * Spec 000 §7 "Agent tool calls" from any platform: the request is read as its platform sends it, tied to
 * the call's interaction by the platform's call id, run, and answered in the shape the platform reads.
 */
export async function answerVoiceToolCall(deps: ApiDeps, req: VoiceToolCallRequest): Promise<VoiceToolReply> {
  const read = readVoiceToolCall(req.body, req.provider, new Date());
  if (!read) throw badRequest('Send {tool, args} with the tool type and its parameters, or the tool request of your voice platform');
  const { reader, call } = read;
  const interactionId = await interactionOf(deps, req, call);
  const answers: VoiceToolAnswer[] = [];
  for (const invocation of call.invocations) {
    const request = { ...invocation, interactionId, enforceDoNotService: req.enforceDoNotService };
    try {
      answers.push(await runTool(deps, req.org, request, req.correlationId));
    } catch (err) {
      // Vapi reads one result per tool call, so a tool it got wrong is that result, not a 400 for them all.
      if (!(err instanceof ToolArgumentError)) throw err;
      if (call.invocations.length === 1 && reader.provider !== 'vapi') throw badRequest(err.message);
      answers.push({ result: err.message });
    }
  }
  return reader.answer(call, answers);
}

/**
 * The call's interaction: the one the webhooks start for the platform's call id (the same name-based id),
 * started here with what the request says about the call when the tool call comes first.
 */
async function interactionOf(deps: ApiDeps, req: VoiceToolCallRequest, call: VoiceToolCall): Promise<string | null> {
  if (call.provider === 'in_house' || !call.providerCallId) return call.interactionId;
  const interactionId = interactionIdForProviderCall(req.org.id, call.provider, call.providerCallId);
  if (!call.call) return interactionId;
  try {
    await deps.calls.gateway.deliverCallEvent(
      call.provider,
      {
        orgId: req.org.id,
        kind: 'tool_call',
        providerEvent: 'tool_call',
        providerCallId: call.providerCallId,
        occurredAt: call.call.occurredAt,
        record: call.call.record,
      },
      req.correlationId,
    );
  } catch (err) {
    // The webhooks start the same interaction; the call's tools must not fail for want of it.
    deps.logger.warn({ err, orgId: req.org.id, provider: call.provider, providerCallId: call.providerCallId }, 'tool call could not start its interaction');
  }
  return interactionId;
}
