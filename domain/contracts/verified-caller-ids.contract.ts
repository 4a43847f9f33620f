import { z } from 'zod';
import { TransferDestinationNumberSchema } from '../validation/phone';

// 001 §7 "Verified caller IDs": an org's verified outbound caller IDs and the telephony provider's side of them.
// Phone numbers are E.164 with the spec's message (001 §8); friendly names follow Twilio's 64-character limit.

const OrgId = z.uuid('org_id must be a UUID');
export const CallerIdPhoneNumberSchema = TransferDestinationNumberSchema;
export const FriendlyNameSchema = z
  .string('friendly_name must be text')
  .trim()
  .min(1, 'friendly_name must not be empty')
  .max(64, 'friendly_name must be at most 64 characters');

/** The record (001 §3 "Verified caller ID"), with the name the provider shows. */
export const VerifiedCallerIdSchema = z.object({
  id: z.uuid(),
  org_id: z.uuid(),
  phone_number: z.string(),
  friendly_name: z.string(),
  /** The provider's caller ID sid once verified (Twilio PN…). */
  provider_id: z.string().nullable(),
  verified: z.boolean(),
  /** The code to enter on the provider's verification call. */
  validation_code: z.string().nullable(),
  /** The telephony provider's verification call; null when none is placed (offline). */
  call_sid: z.string().nullable(),
  /** twilio, or offline: then the code is confirmed on the dashboard instead of on a call. */
  provider: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type VerifiedCallerId = z.infer<typeof VerifiedCallerIdSchema>;

export const VerifiedCallerIdListSchema = z.array(VerifiedCallerIdSchema);

export const OrgParamsSchema = z.object({ orgId: z.uuid('orgId must be a UUID') });
export const CallerIdParamsSchema = z.object({ id: z.uuid('id must be a UUID') });

export const AddVerifiedCallerIdRequestSchema = z.object({
  org_id: OrgId,
  phone_number: CallerIdPhoneNumberSchema,
  /** Defaults to the number. */
  friendly_name: FriendlyNameSchema.optional(),
});
export type AddVerifiedCallerIdRequest = z.infer<typeof AddVerifiedCallerIdRequestSchema>;

/** 001 §7: the fields plus org_name and org_id; the friendly name is the one field that may change. */
export const UpdateVerifiedCallerIdRequestSchema = z.object({
  org_id: OrgId,
  org_name: z.string().optional(),
  friendly_name: FriendlyNameSchema,
});
export type UpdateVerifiedCallerIdRequest = z.infer<typeof UpdateVerifiedCallerIdRequestSchema>;

export const DeleteVerifiedCallerIdQuerySchema = z.object({ orgId: z.uuid('orgId must be a UUID').optional() });

/** Offline telephony: the code as the person would have entered it on the call. */
export const ConfirmVerifiedCallerIdRequestSchema = z.object({
  org_id: OrgId,
  validation_code: z.string('validation_code is required').regex(/^\d{6}$/, 'validation_code must be the 6 digits shown'),
});

export const ValidationRequestBodySchema = z.object({
  orgId: z.uuid('orgId must be a UUID'),
  phoneNumber: CallerIdPhoneNumberSchema,
  friendlyName: FriendlyNameSchema.optional(),
});

/** The provider's answer to a validation request (Twilio's fields). */
export const ValidationRequestAnswerSchema = z.object({
  phone_number: z.string(),
  friendly_name: z.string(),
  validation_code: z.string(),
  call_sid: z.string().nullable(),
});

export const ProviderSidParamsSchema = z.object({
  sid: z.string().regex(/^[A-Za-z0-9]{2,64}$/, 'sid must be the provider caller ID sid (letters and digits)'),
});

/** The caller ID as the provider holds it. */
export const OutgoingCallerIdSchema = z.object({
  sid: z.string(),
  phone_number: z.string(),
  friendly_name: z.string(),
  date_created: z.string().nullable(),
  date_updated: z.string().nullable(),
});

export const DeletedSchema = z.object({ success: z.literal(true) });
