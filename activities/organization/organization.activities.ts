import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Logger } from '../../lib/logger';
import { withCorrelationId } from '../../lib/correlation';
import { staffUserIdFor } from '../../lib/ids';
import { createEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import type { OrganizationCreatedV1 } from '../../events/schemas/organization.events';
import type { OrganizationDirectory } from './organization-directory.port';
import type { RunMeta } from '../../domain/run/run-meta';

export interface OrganizationActivityDeps {
  events: EventPublisher;
  directory: OrganizationDirectory;
  logger: Logger;
}

export interface ProvisionOrganizationInput {
  eventId: string;
  meta: RunMeta;
  causationId: string;
  organization: OrganizationCreatedV1;
}

export interface RegisterStaffUserInput {
  /** [registered, joined]: fixed by the workflow so a retry republishes the same events. */
  eventIds: [string, string];
  meta: RunMeta;
  causationId: string;
  orgId: string;
  email: string;
  name: string;
  passwordHash: string | null;
  role: 'admin' | 'manager' | 'csr';
}

export interface RecordBillingIdInput {
  eventId: string;
  meta: RunMeta;
  causationId: string;
  orgId: string;
  stripeBillingId: string;
}

export function createOrganizationActivities({ events, directory, logger }: OrganizationActivityDeps) {
  return {
    async provisionOrganization(input: ProvisionOrganizationInput): Promise<void> {
      return withCorrelationId(input.meta.correlationId, async () => {
        const { orgId, slug } = input.organization;
        const holder = await directory.findOrganizationIdBySlug(slug);
        if (holder && holder !== orgId) {
          throw ApplicationFailure.nonRetryable(`An organization with slug "${slug}" already exists`, 'SlugTaken');
        }
        await events.publish([
          createEvent({
            eventId: input.eventId,
            type: 'OrganizationCreated',
            aggregateId: orgId,
            orgId,
            data: input.organization,
            correlationId: input.meta.correlationId,
            causationId: input.causationId,
          }),
        ]);
        logger.info({ orgId, slug, attempt: Context.current().info.attempt }, 'OrganizationCreated published');
      });
    },

    /** Onboarding's stripe_billing_id, as the event PUT /billing publishes (000 §7). */
    async recordOrganizationBillingId(input: RecordBillingIdInput): Promise<void> {
      return withCorrelationId(input.meta.correlationId, async () => {
        await events.publish([
          createEvent({
            eventId: input.eventId,
            type: 'OrganizationBillingIdSet',
            aggregateId: input.orgId,
            orgId: input.orgId,
            data: { orgId: input.orgId, stripeBillingId: input.stripeBillingId },
            correlationId: input.meta.correlationId,
            causationId: input.causationId,
          }),
        ]);
      });
    },

    async registerStaffUser(input: RegisterStaffUserInput): Promise<{ userId: string }> {
      return withCorrelationId(input.meta.correlationId, async () => {
        const userId = staffUserIdFor(input.email);
        const common = { aggregateId: userId, orgId: input.orgId, correlationId: input.meta.correlationId, causationId: input.causationId };
        await events.publish([
          createEvent({
            ...common,
            eventId: input.eventIds[0],
            type: 'StaffUserRegistered',
            data: { userId, email: input.email.toLowerCase(), name: input.name, passwordHash: input.passwordHash, isOperator: false },
          }),
          createEvent({
            ...common,
            eventId: input.eventIds[1],
            type: 'StaffUserJoinedOrganization',
            data: { userId, orgId: input.orgId, role: input.role },
          }),
        ]);
        logger.info({ userId, orgId: input.orgId }, 'staff user registered');
        return { userId };
      });
    },

    /**
     * Fails (and is retried with backoff) until both read models the dashboard needs have caught up:
     * the organization, the admin's user and membership, and the agents onboarding created (separate projections).
     */
    async awaitOnboardingReadModels({ orgId, adminUserId, agentIds = [] }: { orgId: string; adminUserId: string; agentIds?: string[] }): Promise<void> {
      if (!(await directory.organizationExists(orgId))) {
        throw ApplicationFailure.retryable(`organization ${orgId} is not projected yet`, 'NotProjectedYet');
      }
      if (!(await directory.membershipExists(adminUserId, orgId))) {
        throw ApplicationFailure.retryable(`admin ${adminUserId} of ${orgId} is not projected yet`, 'NotProjectedYet');
      }
      if (!(await directory.agentsRecorded(orgId, agentIds))) {
        throw ApplicationFailure.retryable(`the agents of ${orgId} are not projected yet`, 'NotProjectedYet');
      }
    },
  };
}

export type OrganizationActivities = ReturnType<typeof createOrganizationActivities>;
