import { ApplicationFailure } from '@temporalio/activity';
import { TRADES, type Trade } from '../../domain/organization/organization-settings.schema';
import type { RunMeta } from '../../domain/run/run-meta';
import { createEvent } from '../../events/catalog';
import type { EventPublisher } from '../../events/bus/event-bus.port';
import { withCorrelationId } from '../../lib/correlation';
import type { Logger } from '../../lib/logger';
import { CrmError, type CrmProvider } from '../crm/crm.port';
import type { LanguageEngine } from '../llm/language-engine.port';
import { AI_TASKS } from '../llm/ai-tasks/registry';
import { runAiTask } from '../llm/ai-tasks/run-ai-task';

export interface SheetJobType {
  id: string;
  name: string;
  businessUnitName: string | null;
  trade: Trade | null;
}

export interface JobTypeSheetDeps {
  events: EventPublisher;
  engine: LanguageEngine;
  crm: CrmProvider;
  organizations: { findOrganization(orgId: string): Promise<{ id: string; name: string; crmName: string } | null> };
  logger: Logger;
}

export interface RecordJobTypeSheetInput {
  eventId: string;
  meta: RunMeta;
  causationId: string;
  orgId: string;
  workflowId: string;
  description: string;
  jobTypeCount: number;
}

const asTrade = (value: string | undefined): Trade | null =>
  ((TRADES as readonly string[]).find((t) => t.toLowerCase() === value?.toLowerCase()) as Trade | null) ?? null;

export function createJobTypeSheetActivities(deps: JobTypeSheetDeps) {
  return {
    /** The org's CRM job types with their business unit's name and trade; none for an org without a CRM. */
    async listJobTypesForSheet({ orgId }: { orgId: string }): Promise<{ orgName: string; jobTypes: SheetJobType[] }> {
      const org = await deps.organizations.findOrganization(orgId);
      if (!org) throw ApplicationFailure.nonRetryable(`Organization ${orgId} not found`, 'OrganizationNotFound');
      if (org.crmName === 'NONE') return { orgName: org.name, jobTypes: [] };
      const crm = deps.crm.forOrganization(orgId);
      try {
        const [types, units] = await Promise.all([crm.listJobTypes(), crm.listBusinessUnits().catch(() => [])]);
        const unitById = new Map(units.map((u) => [u.id, u]));
        return {
          orgName: org.name,
          jobTypes: types.map((t) => {
            const unit = unitById.get(t.businessUnitIds[0] ?? '');
            return { id: t.id, name: t.name, businessUnitName: unit?.name ?? null, trade: asTrade(unit?.trade) };
          }),
        };
      } catch (err) {
        if (err instanceof CrmError && !err.retryable) throw ApplicationFailure.nonRetryable(err.message, `Crm.${err.code}`);
        throw err;
      }
    },

    async describeJobType({ orgName, jobType }: { orgName: string; jobType: SheetJobType }): Promise<{ description: string }> {
      const result = await runAiTask(deps.engine, AI_TASKS.job_type_description, { orgName, jobType });
      if (!result.ok)
        throw ApplicationFailure.nonRetryable(`The language engine could not describe ${jobType.name} (${result.error.code})`, 'JobTypeNotDescribed');
      return result.output;
    },

    async recordJobTypeSheet(input: RecordJobTypeSheetInput): Promise<void> {
      return withCorrelationId(input.meta.correlationId, async () => {
        await deps.events.publish([
          createEvent({
            eventId: input.eventId,
            type: 'OrganizationJobTypeSheetGenerated',
            aggregateId: input.orgId,
            orgId: input.orgId,
            data: { orgId: input.orgId, description: input.description, jobTypeCount: input.jobTypeCount, workflowId: input.workflowId },
            correlationId: input.meta.correlationId,
            causationId: input.causationId,
          }),
        ]);
        deps.logger.info({ orgId: input.orgId, jobTypes: input.jobTypeCount }, 'job-type sheet generated');
      });
    },
  };
}

export type JobTypeSheetActivities = ReturnType<typeof createJobTypeSheetActivities>;
