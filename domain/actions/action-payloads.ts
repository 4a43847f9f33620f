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

/** Spec 000 §3 reschedule; the job is found by job_id or, without it, by the original time and address. */
export interface JobReschedulePayload {
  address: string;
  zip: string | null;
  original_appointment_time: string;
  original_start_utc: string;
  new_appointment_time: string;
  new_start_utc: string;
  job_id: string | null;
}

/** Spec 000 §3 cancel. */
export interface JobCancelPayload {
  address: string;
  zip: string | null;
  appointment_time: string;
  appointment_start_utc: string;
  job_id: string | null;
}

export interface UpdateEstimatePayload {
  estimate_id: string;
  status: 'sold' | 'unsold';
}

export interface ConfirmAppointmentPayload {
  appointment_id: string;
}

/** Spec 000 §3 "Create booking": a lead for the office to convert; external_id is also the business key. */
export interface CreateBookingPayload {
  external_id: string;
  source: string;
  name: string;
  phone_number: string;
  address: { street: string; unit?: string; city: string; state: string; zip: string; country: string } | null;
  summary: string;
  /** ISO instant, or null when the booking names no time. */
  start_time: string | null;
  business_unit_id: string | null;
  job_type_id: string | null;
}
