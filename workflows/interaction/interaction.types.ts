import type { CallDelivery } from '../../domain/call/call-record-merge';
import type { CanonicalCallRecord, VoiceAgentProvider } from '../../domain/call/call-record.schema';
import type { RunMeta } from '../../domain/run/run-meta';

export interface InteractionWorkflowInput {
  meta: RunMeta;
  orgId: string;
  provider: VoiceAgentProvider;
  providerCallId: string;
  /** How long to wait for the provider to say the call ended before closing it as an error. */
  callEndTimeoutMs?: number;
  /** Fixed by the in-house web call, which hands it to its tools before the call ends; otherwise new. */
  interactionId?: string;
}

/** One webhook delivery (or API read) of the call, as the adapter parsed it. */
export interface CallDeliveryMessage {
  orgId: string;
  providerEvent: string;
  delivery: CallDelivery;
}

export type InteractionStage = 'live' | 'ended' | 'analysing' | 'done';

export interface InteractionProgress {
  interactionId: string;
  stage: InteractionStage;
  deliveries: number;
  record: CanonicalCallRecord;
}

export interface InteractionResult {
  interactionId: string;
  callStatus: string;
  timedOut: boolean;
}
