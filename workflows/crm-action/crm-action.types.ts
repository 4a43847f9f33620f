import type { CrmName } from '../../lib/domain';
import type { RunMeta } from '../onboarding/onboarding.types';

/** Spec 000 §3 "Action payloads": job booking, with the appointment resolved to an instant by the API. */
export interface JobBookingPayload {
  address: string;
  zip: string | null;
  /** As the agent said it: org-local, no offset. */
  appointment_time: string;
  /** The same moment as an ISO instant in UTC, read in the org's time zone. */
  appointment_start_utc: string;
  is_emergency_slot: boolean;
  business_unit_id: string;
  job_type_id: string;
  full_name: string;
  phone_number: string;
}

export interface CallbackRequestPayload {
  is_emergency_callback: boolean;
  phone_number: string;
}

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
  | (ActionBase & { actionType: 'create_callback'; payload: CallbackRequestPayload });

/** action_status of spec 000 §4: NEW while the run is going, then one of these. */
export type CrmActionResult =
  | { actionId: string; status: 'COMPLETED'; result: Record<string, string> }
  | { actionId: string; status: 'DROPPED'; reason: string };
