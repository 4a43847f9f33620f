/**
 * Verified outbound caller IDs at the telephony provider (spec 001 §2.17, §3 "Verified caller ID"): a number
 * is verified when the provider has called it and someone entered the validation code on that call.
 */

export interface ValidationRequest {
  /** E.164. */
  phoneNumber: string;
  /** Up to 64 characters (Twilio's limit). */
  friendlyName: string;
}

/** What the provider answers when it starts a verification: the code to enter on its call. */
export interface ValidationStarted {
  phoneNumber: string;
  friendlyName: string;
  validationCode: string;
  /** The provider's id of its verification call; null when no call is placed (offline). */
  callSid: string | null;
}

/** A verified caller ID as the provider holds it. */
export interface OutgoingCallerId {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  dateCreated: string | null;
  dateUpdated: string | null;
}

export interface CallerIdVerification {
  /** Recorded with each caller ID: twilio | offline. */
  readonly provider: string;
  /** Named in the messages the dashboard shows. */
  readonly providerName: string;
  /** Starts a verification: the provider calls the number and asks for the code it returns here. */
  requestValidation(request: ValidationRequest): Promise<ValidationStarted>;
  /** The provider's verified caller ID for this number; null while it is not verified. */
  findCallerIdByPhone(phoneNumber: string): Promise<OutgoingCallerId | null>;
  /** null when the provider does not know the sid. */
  getCallerId(sid: string): Promise<OutgoingCallerId | null>;
  /** Renames it at the provider; null when the provider does not know the sid. */
  renameCallerId(sid: string, friendlyName: string): Promise<OutgoingCallerId | null>;
  /** false when the provider did not know the sid (nothing left to delete). */
  deleteCallerId(sid: string): Promise<boolean>;
  /**
   * Only a provider that places no call (offline) lets the dashboard stand in for the phone's keypad: the code
   * entered there is checked against the one issued, and a match is the provider's confirmation (its new sid).
   */
  confirmValidationCode?(input: { phoneNumber: string; issuedCode: string; enteredCode: string }): { sid: string } | null;
}

export type TelephonyErrorCode = 'UNAVAILABLE' | 'RATE_LIMITED' | 'UNAUTHORIZED' | 'INVALID_NUMBER' | 'ALREADY_VERIFIED' | 'REJECTED';

/** The one error telephony adapters throw; `retryable` says whether trying again may succeed. */
export class TelephonyError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly code: TelephonyErrorCode,
    message: string,
    readonly status?: number,
    readonly providerCode?: number,
  ) {
    super(message);
    this.name = 'TelephonyError';
    this.retryable = code === 'UNAVAILABLE' || code === 'RATE_LIMITED';
  }
}

export const isTelephonyError = (e: unknown): e is TelephonyError => e instanceof TelephonyError;
