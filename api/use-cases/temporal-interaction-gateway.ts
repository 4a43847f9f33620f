import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { interactionWorkflow } from '../../workflows';
import { callDeliveredSignal } from '../../workflows/interaction/interaction.messages';
import { taskQueue } from '../../domain/run/task-queues';
import { workflowIds } from '../../domain/run/workflow-ids';
import { interactionIdForProviderCall } from '../../lib/ids';
import type { InteractionGateway } from './interaction-gateway.port';

export function createTemporalInteractionGateway(client: Client, taskQueuePrefix = ''): InteractionGateway {
  return {
    async deliverCallEvent(provider, event, correlationId) {
      const workflowId = workflowIds.interaction(provider, event.providerCallId);
      // The tool route derives the same id from the platform's call id, so a tool call is tied to this call.
      const interactionId = interactionIdForProviderCall(event.orgId, provider, event.providerCallId);
      try {
        await client.workflow.signalWithStart(interactionWorkflow, {
          workflowId,
          taskQueue: taskQueue('interaction', taskQueuePrefix),
          args: [{ meta: { correlationId }, orgId: event.orgId, provider, providerCallId: event.providerCallId, interactionId }],
          signal: callDeliveredSignal,
          signalArgs: [
            {
              orgId: event.orgId,
              providerEvent: event.providerEvent,
              delivery: { kind: event.kind, occurredAt: event.occurredAt, sequence: event.sequence, record: event.record },
            },
          ],
          // A delivery after the interaction finished must not start a second interaction for the call.
          workflowIdReusePolicy: 'REJECT_DUPLICATE',
          memo: { correlationId },
        });
      } catch (err) {
        if (err instanceof WorkflowExecutionAlreadyStartedError) return { workflowId, interactionId, accepted: false };
        throw err;
      }
      return { workflowId, interactionId, accepted: true };
    },
  };
}
