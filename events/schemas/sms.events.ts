import { z } from 'zod';

/** SMS as the providers report it: the stream id is the provider's message id. */
export const SMS = 'sms';

export const SmsProviderSchema = z.enum(['primary', 'twilio']);
export type SmsProvider = z.infer<typeof SmsProviderSchema>;

/** The stored sms_status of 002 §4. */
export const SmsStatusSchema = z.enum(['QUEUED', 'DELIVERED', 'FAILED']);
export type SmsStatus = z.infer<typeof SmsStatusSchema>;

/** A provider's delivery-status webhook for a message we sent (002 §3). */
export const SmsStatusReportedV1Schema = z.object({
  provider: SmsProviderSchema,
  messageId: z.string().min(1),
  orgId: z.uuid().nullable(),
  interactionId: z.string().nullable(),
  status: SmsStatusSchema,
  providerStatus: z.string(),
  /** null when the provider reports no error (the first provider's ErrorCode 0). */
  errorCode: z.number().int().nullable(),
  errorMessage: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  segmentCount: z.number().int().nullable(),
  reportedAt: z.iso.datetime({ offset: true }),
});
export type SmsStatusReportedV1 = z.infer<typeof SmsStatusReportedV1Schema>;

/** An inbound SMS (002 §3 inbound message webhook). */
export const SmsReceivedV1Schema = z.object({
  provider: SmsProviderSchema,
  messageId: z.string().min(1),
  orgId: z.uuid().nullable(),
  interactionId: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string(),
  text: z.string(),
  mediaUrls: z.array(z.string()),
  segmentCount: z.number().int().nullable(),
  receivedAt: z.iso.datetime({ offset: true }),
});
export type SmsReceivedV1 = z.infer<typeof SmsReceivedV1Schema>;
