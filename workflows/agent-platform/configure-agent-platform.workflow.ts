import { ActivityFailure, ApplicationFailure, proxyActivities, setHandler, upsertSearchAttributes, uuid4, workflowInfo } from '@temporalio/workflow';
import type { AgentPlatformActivities } from '../../activities/voice/agent-platform.activities';
import { failureMessage } from '../activity-failure';
import { ORG_ID_ATTRIBUTE } from '../search-attributes';
import { agentPlatformChangedSignal } from './agent-platform.messages';
import type { ConfigureAgentPlatformInput } from './agent-platform.types';

const { readAgentPlatformConfiguration, recordAgentPlatformOutcome } = proxyActivities<AgentPlatformActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '10 seconds', maximumAttempts: 5 },
});

// About two minutes of a platform's outage or rate limit (1 + 2 + 4 + … s, capped at 30 s), then the failure is recorded.
const { writeAgentTransferTools } = proxyActivities<AgentPlatformActivities>({
  startToCloseTimeout: '45 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds', maximumAttempts: 8 },
});

/** The innermost ApplicationFailure's type: the voice platform's error code (NOT_CONNECTED, UNAUTHORIZED, …). */
function failureCode(err: unknown): string {
  let current = err as Error & { cause?: Error };
  while (current instanceof ActivityFailure && current.cause) current = current.cause as Error & { cause?: Error };
  return current instanceof ApplicationFailure && current.type ? current.type : 'FAILED';
}

/**
 * Writes an agent's transfer tools to its voice platform's agent (issue 14 point 2) and records the outcome on the
 * agent. One run per agent: an edit while it runs signals it, and it writes again from the newest record, so the
 * platform ends with the last edit whatever the order the writes would otherwise land in.
 */
export async function configureAgentPlatformWorkflow(input: ConfigureAgentPlatformInput): Promise<void> {
  let pending = true;
  setHandler(agentPlatformChangedSignal, () => {
    pending = true;
  });
  upsertSearchAttributes([{ key: ORG_ID_ATTRIBUTE, value: input.orgId }]);
  const causationId = `workflow:${workflowInfo().workflowId}`;

  while (pending) {
    pending = false;
    const configuration = await readAgentPlatformConfiguration({ orgId: input.orgId, agentId: input.agentId });
    if (!configuration) continue;
    let error: { code: string; message: string } | null = null;
    try {
      await writeAgentTransferTools({ ...configuration, orgId: input.orgId, correlationId: input.meta.correlationId });
    } catch (err) {
      if (!(err instanceof ActivityFailure)) throw err;
      error = { code: failureCode(err), message: failureMessage(err) };
    }
    await recordAgentPlatformOutcome({ eventId: uuid4(), meta: input.meta, causationId, orgId: input.orgId, agentId: input.agentId, configuration, error });
  }
  // A signal that comes as the run completes makes Temporal refuse the completion; the replay sees it and loops again.
}
