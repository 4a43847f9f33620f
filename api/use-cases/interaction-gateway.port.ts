import type { VoiceAgentProvider } from '../../domain/call/call-record.schema';
import type { WebhookEvent } from '../../domain/call/call-event';

/** Hands call deliveries to the interaction workflow of their call. */
export interface InteractionGateway {
  /**
   * Starts the call's workflow with this delivery, or signals the run already going. `accepted` is false
   * when the interaction has already finished (a late duplicate). `interactionId` is the call's
   * (interactionIdForProviderCall), whichever delivery started it.
   */
  deliverCallEvent(
    provider: VoiceAgentProvider,
    event: WebhookEvent,
    correlationId: string,
  ): Promise<{ workflowId: string; interactionId: string; accepted: boolean }>;
}
