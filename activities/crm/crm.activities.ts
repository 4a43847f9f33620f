import { ApplicationFailure } from '@temporalio/activity';
import type { Logger } from '../../lib/logger';
import { withCorrelationId } from '../../lib/correlation';
import { toZonedParts } from '../../lib/time/zoned-time';
import { createEvent, type DomainEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import type { ActionType } from '../../events/schemas/action.events';
import type { RunMeta } from '../../workflows/onboarding/onboarding.types';
import type { CallbackRequestPayload, JobBookingPayload } from '../../workflows/crm-action/crm-action.types';
import type { SandboxCrm } from './adapters/sandbox/sandbox-crm.adapter';
import { CrmError, type Address, type CrmPort, type CrmProvider } from './crm.port';
import { parseSpokenAddress } from './address';
import { DEFAULT_JOB_DURATION_SECONDS } from './adapters/sandbox/sandbox-seed';

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

export function createCrmActivities({ events, crm, sandbox, logger }: CrmActivityDeps) {
  function interactionEvent(base: ActionEventBase, eventId: string, name: 'create_crm_booking' | 'callback_required', metadata: Record<string, unknown>): DomainEvent[] {
    if (!base.interactionId) return [];
    return [
      createEvent({
        eventId,
        type: 'InteractionEventRecorded',
        aggregateId: base.interactionId,
        orgId: base.orgId,
        correlationId: base.meta.correlationId,
        causationId: base.causationId,
        data: { interactionId: base.interactionId, orgId: base.orgId, recordId: eventId, name, metadata: { ...metadata, actionId: base.actionId, actionType: base.actionType } },
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
            data: { actionId: input.actionId, orgId: input.orgId, actionType: input.actionType, businessKey: input.businessKey, interactionId: input.interactionId, payload: input.payload },
          }),
        ]),
      );
    },

    async recordActionCompleted(input: ActionEventBase & { eventIds: [string, string]; result: Record<string, string> }): Promise<void> {
      const name = input.actionType === 'create_callback' ? 'callback_required' : 'create_crm_booking';
      await withCorrelationId(input.meta.correlationId, () =>
        events.publish([
          createEvent({ ...envelope(input, input.eventIds[0]), type: 'ActionCompleted', data: { actionId: input.actionId, orgId: input.orgId, actionType: input.actionType, result: input.result } }),
          ...interactionEvent(input, input.eventIds[1], name, input.result),
        ]),
      );
    },

    /** A dropped action still leaves the office a callback to make. */
    async recordActionDropped(input: ActionEventBase & { eventIds: [string, string]; reason: string; phoneNumber: string }): Promise<void> {
      await withCorrelationId(input.meta.correlationId, () =>
        events.publish([
          createEvent({ ...envelope(input, input.eventIds[0]), type: 'ActionDropped', data: { actionId: input.actionId, orgId: input.orgId, actionType: input.actionType, reason: input.reason } }),
          ...interactionEvent(input, input.eventIds[1], 'callback_required', { reason: input.reason, phoneNumber: input.phoneNumber }),
        ]),
      );
      logger.warn({ orgId: input.orgId, actionId: input.actionId, reason: input.reason }, 'CRM action dropped');
    },

    async bookJobInCrm({ orgId, idempotencyKey, payload }: { orgId: string; idempotencyKey: string; payload: JobBookingPayload }): Promise<Record<string, string>> {
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

    async requestCallbackInCrm({ orgId, idempotencyKey, payload }: { orgId: string; idempotencyKey: string; payload: CallbackRequestPayload }): Promise<Record<string, string>> {
      const port = crm.forOrganization(orgId);
      return callCrm(async () => {
        const request = await port.createCallbackRequest({ idempotencyKey, phoneNumber: payload.phone_number, isEmergency: payload.is_emergency_callback });
        return { callbackRequestId: request.id, phoneNumber: request.phoneNumber, isEmergency: String(request.isEmergency) };
      });
    },
  };
}

export type CrmActivities = ReturnType<typeof createCrmActivities>;
