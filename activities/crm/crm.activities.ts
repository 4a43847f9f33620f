import { ApplicationFailure } from '@temporalio/activity';
import type { Logger } from '../../lib/logger';
import { withCorrelationId } from '../../lib/correlation';
import { toZonedParts } from '../../domain/time/zoned-time';
import { createEvent, type DomainEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import type { ActionType } from '../../domain/interaction/interaction.schema';
import type { SandboxCrm } from './adapters/sandbox/sandbox-crm.adapter';
import { CrmError, type CrmPort, type CrmProvider } from './crm.port';
import { parseSpokenAddress } from '../../domain/crm/address';
import { DEFAULT_JOB_DURATION_SECONDS } from './adapters/sandbox/sandbox-seed';
import { type Address, type Appointment, type Job } from '../../domain/crm/crm-records';
import type { RunMeta } from '../../domain/run/run-meta';
import type {
  CallbackRequestPayload,
  ConfirmAppointmentPayload,
  CreateBookingPayload,
  JobBookingPayload,
  JobCancelPayload,
  JobReschedulePayload,
  UpdateEstimatePayload,
} from '../../domain/actions/action-payloads';

export interface CrmActivityDeps {
  events: EventPublisher;
  crm: CrmProvider;
  /** Present when CRM_ADAPTER is sandbox: onboarding seeds it. */
  sandbox: SandboxCrm | null;
  logger: Logger;
}

interface ActionEventBase {
  meta: RunMeta;
  causationId: string;
  orgId: string;
  actionId: string;
  actionType: ActionType;
  interactionId: string | null;
}

const ARRIVAL_WINDOW_MS = 2 * 3_600_000;
/** Who an estimate sold over the phone is recorded as sold by. */
export const AI_AGENT_SELLER = 'ai-agent';

/** Vendor failures become Temporal failures: a non-retryable CrmError ends the activity at once. */
async function callCrm<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof CrmError && !err.retryable) throw ApplicationFailure.nonRetryable(err.message, 'CrmError', { code: err.code });
    throw err;
  }
}

async function findOrCreateLocation(crm: CrmPort, payload: JobBookingPayload): Promise<{ customerId: string; locationId: string }> {
  const parsed = parseSpokenAddress(payload.address, payload.zip);
  const address: Address = { ...parsed, country: parsed.country };
  const [customer] = await crm.findCustomersByPhone(payload.phone_number);
  if (!customer) {
    const created = await crm.createCustomer({
      name: payload.full_name,
      type: 'Residential',
      contacts: [{ type: 'Mobile', value: payload.phone_number }],
      locations: [{ name: 'Home', address }],
    });
    return { customerId: created.id, locationId: created.locations[0].id };
  }
  const street = address.street.toLowerCase();
  const known =
    customer.locations.find((l) => l.address.zip === address.zip && l.address.street.toLowerCase() === street) ??
    customer.locations.find((l) => address.zip !== '' && l.address.zip === address.zip && street.startsWith(l.address.street.toLowerCase().split(' ')[0]));
  if (known) return { customerId: customer.id, locationId: known.id };
  const location = await crm.createLocation(customer.id, { name: 'Service address', address });
  return { customerId: customer.id, locationId: location.id };
}

/** The interaction event each completed action records (spec 000 §4 interaction event types). */
const COMPLETED_EVENT: Record<ActionType, 'create_crm_booking' | 'update_crm_booking' | 'update_crm_job' | 'callback_required'> = {
  job_booking: 'create_crm_booking',
  create_booking: 'create_crm_booking',
  job_reschedule: 'update_crm_booking',
  confirm_appointment: 'update_crm_booking',
  job_cancel: 'update_crm_job',
  update_estimate: 'update_crm_job',
  create_callback: 'callback_required',
};

const words = (street: string) =>
  street
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** "120 Oak St" and "120 oak street, Springfield": same house number and street name. */
export function sameStreet(spoken: string, onFile: string): boolean {
  const [a, b] = [words(spoken), words(onFile)];
  if (a.length === 0 || b.length === 0) return false;
  const number = (w: string[]) => w.find((x) => /^\d+[a-z]?$/.test(x));
  const name = (w: string[]) => w.find((x) => !/^\d/.test(x));
  return number(a) === number(b) && name(a) === name(b);
}

/**
 * The caller's appointment: by job id, or at the spoken time at the spoken address. The address must match
 * either way, so a caller cannot move someone else's appointment by guessing a time.
 */
async function findCallerAppointment(
  crm: CrmPort,
  { jobId, startsAt, alsoAt, address, zip }: { jobId: string | null; startsAt: Date; alsoAt?: Date; address: string; zip: string | null },
): Promise<{ job: Job; appointment: Appointment }> {
  const spoken = parseSpokenAddress(address, zip);
  const matchesAddress = async (job: Job) => {
    const customer = await crm.getCustomer(job.customerId);
    const location = customer?.locations.find((l) => l.id === job.locationId);
    return !!location && sameStreet(spoken.street, location.address.street) && (!spoken.zip || spoken.zip === location.address.zip);
  };
  const at = (a: Appointment, t: Date) => a.start.getTime() === t.getTime() || a.arrivalWindowStart?.getTime() === t.getTime();
  if (jobId) {
    const job = await crm.getJob(jobId);
    if (!job || !(await matchesAddress(job))) throw new CrmError('NOT_FOUND', `No job ${jobId} at ${address}`);
    const appointment =
      job.appointments.find((a) => at(a, startsAt) || (alsoAt && at(a, alsoAt))) ??
      job.appointments.find((a) => a.status !== 'Canceled' && a.end.getTime() > Date.now()) ??
      job.appointments[job.appointments.length - 1];
    if (!appointment) throw new CrmError('NOT_FOUND', `Job ${jobId} has no appointment`);
    return { job, appointment };
  }
  for (const t of [startsAt, ...(alsoAt ? [alsoAt] : [])]) {
    const candidates = (await crm.findAppointments({ from: t, to: new Date(t.getTime() + 1) })).filter((a) => at(a, t));
    for (const appointment of candidates.sort((x, y) => Number(x.status === 'Canceled') - Number(y.status === 'Canceled'))) {
      const job = await crm.getJob(appointment.jobId);
      if (job && (await matchesAddress(job))) return { job, appointment };
    }
  }
  throw new CrmError('NOT_FOUND', `No appointment at ${address} at that time`);
}

export function createCrmActivities({ events, crm, sandbox, logger }: CrmActivityDeps) {
  function interactionEvent(
    base: ActionEventBase,
    eventId: string,
    name: (typeof COMPLETED_EVENT)[ActionType],
    metadata: Record<string, unknown>,
  ): DomainEvent[] {
    if (!base.interactionId) return [];
    return [
      createEvent({
        eventId,
        type: 'InteractionEventRecorded',
        aggregateId: base.interactionId,
        orgId: base.orgId,
        correlationId: base.meta.correlationId,
        causationId: base.causationId,
        data: {
          interactionId: base.interactionId,
          orgId: base.orgId,
          recordId: eventId,
          name,
          metadata: { ...metadata, actionId: base.actionId, actionType: base.actionType },
        },
      }),
    ];
  }

  const envelope = (base: ActionEventBase, eventId: string) => ({
    eventId,
    aggregateId: base.actionId,
    orgId: base.orgId,
    correlationId: base.meta.correlationId,
    causationId: base.causationId,
  });

  return {
    /** Seeds the org's sandbox contractor (a no-op for other CRM adapters or when already seeded). */
    async seedSandboxCrm({ orgId, timeZone }: { orgId: string; timeZone: string }): Promise<{ seeded: boolean }> {
      if (!sandbox) return { seeded: false };
      const result = await sandbox.seed({ orgId, timeZone, today: toZonedParts(new Date(), timeZone).date });
      logger.info({ orgId, ...result }, 'sandbox CRM seed');
      return result;
    },

    async recordActionCreated(input: ActionEventBase & { eventId: string; businessKey: string; payload: Record<string, unknown> }): Promise<void> {
      await withCorrelationId(input.meta.correlationId, () =>
        events.publish([
          createEvent({
            ...envelope(input, input.eventId),
            type: 'ActionCreated',
            data: {
              actionId: input.actionId,
              orgId: input.orgId,
              actionType: input.actionType,
              businessKey: input.businessKey,
              interactionId: input.interactionId,
              payload: input.payload,
            },
          }),
        ]),
      );
    },

    async recordActionCompleted(input: ActionEventBase & { eventIds: [string, string]; result: Record<string, string> }): Promise<void> {
      const name = COMPLETED_EVENT[input.actionType];
      await withCorrelationId(input.meta.correlationId, () =>
        events.publish([
          createEvent({
            ...envelope(input, input.eventIds[0]),
            type: 'ActionCompleted',
            data: { actionId: input.actionId, orgId: input.orgId, actionType: input.actionType, result: input.result },
          }),
          ...interactionEvent(input, input.eventIds[1], name, input.result),
        ]),
      );
    },

    /** A dropped action still leaves the office a callback to make. */
    async recordActionDropped(input: ActionEventBase & { eventIds: [string, string]; reason: string; phoneNumber: string | null }): Promise<void> {
      await withCorrelationId(input.meta.correlationId, () =>
        events.publish([
          createEvent({
            ...envelope(input, input.eventIds[0]),
            type: 'ActionDropped',
            data: { actionId: input.actionId, orgId: input.orgId, actionType: input.actionType, reason: input.reason },
          }),
          ...interactionEvent(input, input.eventIds[1], 'callback_required', { reason: input.reason, phoneNumber: input.phoneNumber }),
        ]),
      );
      logger.warn({ orgId: input.orgId, actionId: input.actionId, reason: input.reason }, 'CRM action dropped');
    },

    async bookJobInCrm({
      orgId,
      idempotencyKey,
      payload,
    }: {
      orgId: string;
      idempotencyKey: string;
      payload: JobBookingPayload;
    }): Promise<Record<string, string>> {
      const port = crm.forOrganization(orgId);
      return callCrm(async () => {
        const jobType = (await port.listJobTypes()).find((t) => t.id === payload.job_type_id);
        if (!jobType) throw new CrmError('INVALID_REQUEST', `Job type ${payload.job_type_id} not found`);
        const { customerId, locationId } = await findOrCreateLocation(port, payload);
        const start = new Date(payload.appointment_start_utc);
        const job = await port.createJob({
          idempotencyKey,
          customerId,
          locationId,
          jobTypeId: jobType.id,
          businessUnitId: payload.business_unit_id,
          priority: payload.is_emergency_slot ? 'Urgent' : 'Normal',
          summary: `${jobType.name} for ${payload.full_name}, booked by the AI agent`,
          appointment: {
            start,
            end: new Date(start.getTime() + (jobType.duration || DEFAULT_JOB_DURATION_SECONDS) * 1000),
            arrivalWindowStart: start,
            arrivalWindowEnd: new Date(start.getTime() + ARRIVAL_WINDOW_MS),
          },
        });
        return { jobId: job.id, jobNumber: job.jobNumber, appointmentId: job.appointments[0]?.id ?? '', customerId, locationId };
      });
    },

    /** Moves the caller's appointment, keeping its length; a retry finds it already at the new time. */
    async rescheduleJobInCrm({ orgId, payload }: { orgId: string; idempotencyKey: string; payload: JobReschedulePayload }): Promise<Record<string, string>> {
      const port = crm.forOrganization(orgId);
      return callCrm(async () => {
        const [from, to] = [new Date(payload.original_start_utc), new Date(payload.new_start_utc)];
        const { job, appointment } = await findCallerAppointment(port, {
          jobId: payload.job_id,
          startsAt: from,
          alsoAt: to,
          address: payload.address,
          zip: payload.zip,
        });
        if (appointment.status === 'Canceled' || job.jobStatus === 'CANCELED') throw new CrmError('CONFLICT', `Job ${job.jobNumber} is canceled`);
        const moved =
          appointment.start.getTime() === to.getTime()
            ? appointment
            : await port.rescheduleAppointment(appointment.id, to, new Date(to.getTime() + (appointment.end.getTime() - appointment.start.getTime())));
        return { jobId: job.id, jobNumber: job.jobNumber, appointmentId: moved.id, start: moved.start.toISOString() };
      });
    },

    async cancelJobInCrm({ orgId, payload }: { orgId: string; idempotencyKey: string; payload: JobCancelPayload }): Promise<Record<string, string>> {
      const port = crm.forOrganization(orgId);
      return callCrm(async () => {
        const { job } = await findCallerAppointment(port, {
          jobId: payload.job_id,
          startsAt: new Date(payload.appointment_start_utc),
          address: payload.address,
          zip: payload.zip,
        });
        const canceled = job.jobStatus === 'CANCELED' ? job : await port.cancelJob(job.id, 'Canceled by the caller through the AI agent');
        return { jobId: canceled.id, jobNumber: canceled.jobNumber, jobStatus: canceled.jobStatus };
      });
    },

    async updateEstimateInCrm({ orgId, payload }: { orgId: string; idempotencyKey: string; payload: UpdateEstimatePayload }): Promise<Record<string, string>> {
      const port = crm.forOrganization(orgId);
      return callCrm(async () => {
        const estimate =
          payload.status === 'sold' ? await port.sellEstimate(payload.estimate_id, AI_AGENT_SELLER) : await port.unsellEstimate(payload.estimate_id);
        return { estimateId: estimate.id, status: estimate.status, name: estimate.name };
      });
    },

    async confirmAppointmentInCrm({
      orgId,
      payload,
    }: {
      orgId: string;
      idempotencyKey: string;
      payload: ConfirmAppointmentPayload;
    }): Promise<Record<string, string>> {
      const port = crm.forOrganization(orgId);
      return callCrm(async () => {
        const { changed } = await port.confirmAppointment(payload.appointment_id);
        return { appointmentId: payload.appointment_id, changed: String(changed) };
      });
    },

    /** The CRM keys bookings by externalId, so a retry answers the booking the first attempt made. */
    async createBookingInCrm({ orgId, payload }: { orgId: string; idempotencyKey: string; payload: CreateBookingPayload }): Promise<Record<string, string>> {
      const port = crm.forOrganization(orgId);
      return callCrm(async () => {
        const booking = await port.createBooking({
          externalId: payload.external_id,
          source: payload.source,
          name: payload.name,
          phoneNumber: payload.phone_number,
          address: payload.address ?? undefined,
          summary: payload.summary,
          startTime: payload.start_time ? new Date(payload.start_time) : undefined,
          businessUnitId: payload.business_unit_id ?? undefined,
          jobTypeId: payload.job_type_id ?? undefined,
        });
        return { bookingId: booking.id, externalId: booking.externalId, status: booking.status, name: booking.name };
      });
    },

    async requestCallbackInCrm({
      orgId,
      idempotencyKey,
      payload,
    }: {
      orgId: string;
      idempotencyKey: string;
      payload: CallbackRequestPayload;
    }): Promise<Record<string, string>> {
      const port = crm.forOrganization(orgId);
      return callCrm(async () => {
        const request = await port.createCallbackRequest({ idempotencyKey, phoneNumber: payload.phone_number, isEmergency: payload.is_emergency_callback });
        return { callbackRequestId: request.id, phoneNumber: request.phoneNumber, isEmergency: String(request.isEmergency) };
      });
    },
  };
}

export type CrmActivities = ReturnType<typeof createCrmActivities>;
