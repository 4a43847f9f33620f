import type { NotificationEventInput } from '../../../domain/notifications/interaction-event.schema';
import type { InteractionSnapshot, SnapshotOrganization } from './interaction-snapshot.port';

/** A job the agent booked during the call, as the CRM holds it. */
export interface BookedJob {
  jobId: string;
  isEmergency: boolean;
  appointment: { start: string; end: string | null } | null;
  techId: string | null;
  department: string | null;
  businessUnitName: string | null;
  customerName: string | null;
  address: string | null;
}

/** The csr.call event (000 §3 Interaction) a finished call hands to the notification engine. */
export function csrCallEvent(snapshot: InteractionSnapshot, org: SnapshotOrganization, jobs: BookedJob[]): NotificationEventInput {
  const fromCrm = jobs.find((job) => job.customerName !== null);
  return {
    type: 'csr.call',
    payload: {
      interaction_id: snapshot.id,
      date: (snapshot.startedAt ?? snapshot.createdAt).toISOString(),
      subject: snapshot.subject,
      department: jobs.find((job) => job.department)?.department ?? null,
      source: 'call',
      call_status: snapshot.callStatus as never,
      customer: {
        name: snapshot.customerName ?? fromCrm?.customerName ?? null,
        address: snapshot.customerAddress ?? jobs.find((job) => job.address)?.address ?? null,
        phone: snapshot.customerNumber,
      },
      summary: snapshot.summary,
      bookings: jobs.map((job) => ({
        isEmergency: job.isEmergency,
        appointment: job.appointment,
        techId: job.techId,
        jobSummary: [],
        department: job.department,
        businessUnitName: job.businessUnitName,
      })),
      tags: snapshot.tags,
      errors: snapshot.events.filter((e) => e.name === 'call_error').map((e) => e.metadata),
      agent_type: snapshot.agentType,
      org: { id: org.id, name: org.name, timezone: org.timezone as never, crm_name: org.crmName as never },
    },
  };
}

/** The CRM jobs the call's booking actions created (their create_crm_booking records). */
export function bookedJobRefs(snapshot: InteractionSnapshot): { jobId: string; customerId: string }[] {
  const refs = snapshot.events
    .filter((e) => e.name === 'create_crm_booking')
    .map((e) => ({ jobId: String(e.metadata.jobId ?? ''), customerId: String(e.metadata.customerId ?? '') }))
    .filter((ref) => ref.jobId !== '' && ref.customerId !== '');
  return refs.filter((ref, i) => refs.findIndex((other) => other.jobId === ref.jobId) === i);
}
