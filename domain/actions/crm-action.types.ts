import type {
  JobBookingPayload,
  CallbackRequestPayload,
  JobReschedulePayload,
  JobCancelPayload,
  UpdateEstimatePayload,
  ConfirmAppointmentPayload,
  CreateBookingPayload,
} from './action-payloads';
import type { CrmName } from '../organization/organization-settings.schema';
import type { RunMeta } from '../run/run-meta';

interface ActionBase {
  meta: RunMeta;
  orgId: string;
  /** What the workflow id is built from; also the CRM idempotency key. */
  businessKey: string;
  interactionId: string | null;
  /** NONE: there is no CRM to write to; a callback request is still recorded for the office. */
  crmName: CrmName;
}

export type CrmActionInput =
  | (ActionBase & { actionType: 'job_booking'; payload: JobBookingPayload })
  | (ActionBase & { actionType: 'create_callback'; payload: CallbackRequestPayload })
  | (ActionBase & { actionType: 'job_reschedule'; payload: JobReschedulePayload })
  | (ActionBase & { actionType: 'job_cancel'; payload: JobCancelPayload })
  | (ActionBase & { actionType: 'update_estimate'; payload: UpdateEstimatePayload })
  | (ActionBase & { actionType: 'confirm_appointment'; payload: ConfirmAppointmentPayload })
  | (ActionBase & { actionType: 'create_booking'; payload: CreateBookingPayload });

/** action_status of spec 000 §4: NEW while the run is going, then one of these. */
export type CrmActionResult =
  { actionId: string; status: 'COMPLETED'; result: Record<string, string> } | { actionId: string; status: 'DROPPED'; reason: string };
