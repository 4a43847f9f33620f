import { ApplicationFailure } from '@temporalio/activity';
import { createEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import { withCorrelationId } from '../../lib/correlation';
import type { Logger } from '../../lib/logger';
import { CrmError, type CrmProvider } from './crm.port';
import { type AudienceRules } from '../../domain/crm/crm-records';
import type { RunMeta } from '../../domain/run/run-meta';
import type { AudienceSource } from '../../domain/crm/audience-source';

export interface AudienceActivityDeps {
  events: EventPublisher;
  crm: CrmProvider;
  logger: Logger;
}

export interface AudienceBuildRef {
  meta: RunMeta;
  causationId: string;
  orgId: string;
  audienceId: string;
  /** The workflow run doing this build. */
  buildId: string;
}

/** Customer ids per AudienceMembersFound event: keeps each Kafka record far under the broker's 1 MB limit. */
export const AUDIENCE_MEMBERS_PER_EVENT = 5_000;

export function createAudienceActivities({ events, crm, logger }: AudienceActivityDeps) {
  const envelope = (ref: AudienceBuildRef, eventId: string) => ({
    eventId,
    aggregateId: ref.audienceId,
    orgId: ref.orgId,
    correlationId: ref.meta.correlationId,
    causationId: ref.causationId,
  });
  const ids = (ref: AudienceBuildRef) => ({ orgId: ref.orgId, audienceId: ref.audienceId, buildId: ref.buildId });

  return {
    async recordAudienceBuildRequested(
      input: AudienceBuildRef & { eventId: string; source: AudienceSource; isFileUpload: boolean; rules: AudienceRules },
    ): Promise<void> {
      await withCorrelationId(input.meta.correlationId, () =>
        events.publish([
          createEvent({
            ...envelope(input, input.eventId),
            type: 'AudienceBuildRequested',
            data: { ...ids(input), source: input.source, isFileUpload: input.isFileUpload, rules: { ...input.rules } },
          }),
        ]),
      );
    },

    /**
     * Asks the org's CRM which customers the rules select and records them in batches, then the build as done.
     * A retry records the same members again, which the read model takes as a no-op.
     */
    async findAudienceMembers(input: AudienceBuildRef & { rules: AudienceRules }): Promise<{ memberCount: number }> {
      let customerIds: string[];
      try {
        customerIds = [...new Set((await crm.forOrganization(input.orgId).findCustomersByAudienceRules(input.rules)).map((c) => c.id))];
      } catch (err) {
        if (err instanceof CrmError && !err.retryable) throw ApplicationFailure.nonRetryable(err.message, 'CrmError', { code: err.code });
        throw err;
      }
      const batches: string[][] = [];
      for (let i = 0; i < customerIds.length; i += AUDIENCE_MEMBERS_PER_EVENT) batches.push(customerIds.slice(i, i + AUDIENCE_MEMBERS_PER_EVENT));
      await withCorrelationId(input.meta.correlationId, () =>
        events.publish([
          ...batches.map((customerIds) =>
            createEvent({ ...envelope(input, crypto.randomUUID()), type: 'AudienceMembersFound', data: { ...ids(input), customerIds } }),
          ),
          createEvent({ ...envelope(input, crypto.randomUUID()), type: 'AudienceBuilt', data: { ...ids(input), memberCount: customerIds.length } }),
        ]),
      );
      logger.info({ orgId: input.orgId, audienceId: input.audienceId, memberCount: customerIds.length }, 'audience built');
      return { memberCount: customerIds.length };
    },

    async recordAudienceBuildFailed(input: AudienceBuildRef & { eventId: string; reason: string }): Promise<void> {
      await withCorrelationId(input.meta.correlationId, () =>
        events.publish([createEvent({ ...envelope(input, input.eventId), type: 'AudienceBuildFailed', data: { ...ids(input), reason: input.reason } })]),
      );
    },
  };
}

export type AudienceActivities = ReturnType<typeof createAudienceActivities>;
