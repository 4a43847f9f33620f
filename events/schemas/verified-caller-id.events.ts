import { z } from 'zod';

// Events of an organization's verified outbound caller IDs (spec 001 §2.17, §3 "Verified caller ID"), one
// stream per caller ID. The phone number is E.164, checked by the routes before publishing.

export const VERIFIED_CALLER_ID = 'verified-caller-id';

const PhoneV1 = z.string().regex(/^\+[1-9]\d{1,14}$/);
const FriendlyNameV1 = z.string().min(1).max(64);

/**
 * A number was added and its first verification started at the provider, which issued this code; without a code
 * the provider had the number verified already (VerifiedCallerIdVerified follows).
 */
export const VerifiedCallerIdAddedV1Schema = z.object({
  orgId: z.uuid(),
  callerIdId: z.uuid(),
  phoneNumber: PhoneV1,
  friendlyName: FriendlyNameV1,
  provider: z.string().min(1),
  validationCode: z.string().min(1).nullable(),
  callSid: z.string().nullable(),
});
export type VerifiedCallerIdAddedV1 = z.infer<typeof VerifiedCallerIdAddedV1Schema>;

/** Another verification was started for the number (a missed call, a new code). */
export const VerifiedCallerIdValidationRequestedV1Schema = z.object({
  orgId: z.uuid(),
  callerIdId: z.uuid(),
  validationCode: z.string().min(1),
  callSid: z.string().nullable(),
});
export type VerifiedCallerIdValidationRequestedV1 = z.infer<typeof VerifiedCallerIdValidationRequestedV1Schema>;

/** The provider confirmed the number: providerId is its caller ID's sid. */
export const VerifiedCallerIdVerifiedV1Schema = z.object({ orgId: z.uuid(), callerIdId: z.uuid(), providerId: z.string().min(1) });
export type VerifiedCallerIdVerifiedV1 = z.infer<typeof VerifiedCallerIdVerifiedV1Schema>;

export const VerifiedCallerIdEditedV1Schema = z.object({ orgId: z.uuid(), callerIdId: z.uuid(), friendlyName: FriendlyNameV1 });
export type VerifiedCallerIdEditedV1 = z.infer<typeof VerifiedCallerIdEditedV1Schema>;

/** Removed from the organization (and, when it was verified, from the provider). */
export const VerifiedCallerIdRemovedV1Schema = z.object({ orgId: z.uuid(), callerIdId: z.uuid() });
export type VerifiedCallerIdRemovedV1 = z.infer<typeof VerifiedCallerIdRemovedV1Schema>;
