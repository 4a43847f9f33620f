import type { VoiceAgentProvider } from '../../domain/call/call-record.schema';
import type { WebhookEvent } from '../../domain/call/call-event';

/** Hands call deliveries to the interaction workflow of their call. */
export interface InteractionGateway {
  /**
   * Starts the call's workflow with this delivery, or signals the run already going. `accepted` is false
   * when the interaction has already finished (a late duplicate).
   */
  deliverCallEvent(provider: VoiceAgentProvider, event: WebhookEvent, correlationId: string): Promise<{ workflowId: string; accepted: boolean }>;
}
