import { ApplicationFailure } from '@temporalio/activity';
import type { Logger } from '../../../lib/logger';
import { type CrmProvider, CrmError } from '../../crm/crm.port';
import type { NotificationEventInput } from '../../../domain/notifications/interaction-event.schema';
import { type BookedJob, bookedJobRefs, csrCallEvent } from './interaction-notification-event';
import type { InteractionSnapshotReader } from './interaction-snapshot.port';

export interface InteractionHandoffDeps {
  snapshots: InteractionSnapshotReader;
  crm: CrmProvider;
  logger: Logger;
}

// The sandbox books an emergency slot as an Urgent job (crm.activities bookJobInCrm).
const EMERGENCY_PRIORITY = 'Urgent';

export function createInteractionHandoffActivities({ snapshots, crm, logger }: InteractionHandoffDeps) {
  return {
    /**
     * The csr.call of a finished interaction, read once the read model holds the pipeline's last step
     * (one event id of each group), with the jobs booked during the call looked up in the CRM.
     */
    async describeInteractionForNotification(input: {
      orgId: string;
      interactionId: string;
      callStatus: string;
      awaitEventIds: string[][];
    }): Promise<NotificationEventInput> {
      const snapshot = await snapshots.findCaughtUp(input.interactionId, input.awaitEventIds);
      if (!snapshot) throw ApplicationFailure.retryable(`interaction ${input.interactionId} is not projected yet`, 'NotProjectedYet');
      const org = await snapshots.findOrganization(input.orgId);
      if (!org) throw ApplicationFailure.nonRetryable(`organization ${input.orgId} is not in the read model`, 'UnknownOrganization');

      const jobs: BookedJob[] = [];
      const refs = bookedJobRefs(snapshot);
      if (refs.length > 0 && org.crmName !== 'NONE') {
        const port = crm.forOrganization(org.id);
        try {
          const units = await port.listBusinessUnits();
          for (const ref of refs) {
            const [found, customer] = await Promise.all([port.findJobsByCustomer(ref.customerId), port.getCustomer(ref.customerId)]);
            const job = found.find((j) => j.id === ref.jobId);
            if (!job) continue;
            const unit = units.find((u) => u.id === job.businessUnitId);
            const appointment = job.appointments[0];
            const location = customer?.locations.find((l) => l.id === job.locationId)?.address;
            jobs.push({
              jobId: job.id,
              isEmergency: job.priority === EMERGENCY_PRIORITY,
              appointment: appointment ? { start: appointment.start.toISOString(), end: appointment.end.toISOString() } : null,
              techId: appointment?.technicianIds[0] ?? null,
              department: unit?.trade ?? null,
              businessUnitName: unit?.name ?? null,
              customerName: customer?.name ?? null,
              address: location ? [location.street, location.city, `${location.state} ${location.zip}`.trim()].filter(Boolean).join(', ') : null,
            });
          }
        } catch (err) {
          if (err instanceof CrmError && !err.retryable) {
            logger.warn({ interactionId: input.interactionId, code: err.code }, 'booked jobs not readable; notifying without them');
          } else {
            throw err;
          }
        }
      }
      // The workflow's status wins: an outbound voicemail is decided there, not by an event.
      return csrCallEvent({ ...snapshot, callStatus: input.callStatus }, org, jobs);
    },
  };
}

export type InteractionHandoffActivities = ReturnType<typeof createInteractionHandoffActivities>;
