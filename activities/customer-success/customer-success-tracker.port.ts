/**
 * The customer-success tracking service (spec 000 §7 POST /track, §3 "Customer-success tracking events"):
 * body {accountId (= orgId), event, properties, timestamp}; the events are `call` and `appointment`.
 */
export interface CallTrackingProperties {
  callId: string;
  callStatus: string;
  agentType: string | null;
  agentId: string | null;
  tags: string[];
}

export interface AppointmentTrackingProperties {
  callId: string;
  isEmergencySlot: boolean;
  businessUnitId: string | null;
  jobTypeId: string | null;
  appointmentTime: string | null;
  actionId: string;
  interactionId: string;
  appointmentType: 'job' | 'booking';
}

export type TrackingEvent =
  | { accountId: string; event: 'call'; properties: CallTrackingProperties; timestamp: string }
  | { accountId: string; event: 'appointment'; properties: AppointmentTrackingProperties; timestamp: string };

export interface CustomerSuccessTracker {
  /** `dedupKey` names the fact: tracking the same key again sends nothing (a retried activity). */
  track(events: { dedupKey: string; event: TrackingEvent }[]): Promise<void>;
}

export type CustomerSuccessErrorCode = 'UNAVAILABLE' | 'RATE_LIMITED' | 'UNAUTHORIZED' | 'REJECTED';

/** The one error tracking adapters throw; `retryable` tells the activity whether to try again. */
export class CustomerSuccessError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly code: CustomerSuccessErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CustomerSuccessError';
    this.retryable = code === 'UNAVAILABLE' || code === 'RATE_LIMITED';
  }
}
