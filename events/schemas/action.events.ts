import { z } from 'zod';
import { ActionTypeSchema } from '../../domain/interaction/interaction.schema';

export const ACTION = 'action';

const Ids = { actionId: z.uuid(), orgId: z.uuid(), actionType: ActionTypeSchema };

/** An agent tool asked for a CRM action; its status is NEW until it completes or is dropped. */
export const ActionCreatedV1Schema = z.object({
  ...Ids,
  /** The business key the action's workflow id is built from. */
  businessKey: z.string().min(1),
  interactionId: z.uuid().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type ActionCreatedV1 = z.infer<typeof ActionCreatedV1Schema>;

export const ActionCompletedV1Schema = z.object({
  ...Ids,
  /** What the CRM created: job and appointment ids for a booking, the request id for a callback. */
  result: z.record(z.string(), z.string()),
});
export type ActionCompletedV1 = z.infer<typeof ActionCompletedV1Schema>;

export const ActionDroppedV1Schema = z.object({ ...Ids, reason: z.string().min(1) });
export type ActionDroppedV1 = z.infer<typeof ActionDroppedV1Schema>;
