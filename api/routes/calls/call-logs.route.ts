import { defineRoute } from '../../http/route';
import { toCallLogEntry } from './call-view';
import { CallLogsRequestSchema, CallLogsResponseSchema, type CallGroupName } from './calls.schema';

export const endOfDay = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T23:59:59.999Z`) : new Date(value));

/** The repository's filter from the request's: range, agents, search, the group picked and the follow-up view. */
export function callLogsFilterOf(body: {
  orgId: string;
  currentAgents: 'ALL' | string[];
  agentId?: string;
  from?: string;
  to?: string;
  search?: string;
  group?: CallGroupName;
  needsFollowUp?: boolean;
}) {
  return {
    orgId: body.orgId,
    agentTypes: body.currentAgents === 'ALL' ? null : body.currentAgents,
    agentId: body.agentId,
    from: body.from ? new Date(body.from) : undefined,
    to: body.to ? endOfDay(body.to) : undefined,
    search: body.search,
    group: body.group,
    needsFollowUp: body.needsFollowUp,
  };
}

export const callLogsRoute = defineRoute({
  method: 'post',
  path: '/call/logs',
  summary: 'Call history of an organization, paged, with counts per call status (spec 001 §2.3)',
  tag: 'Calls',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: CallLogsRequestSchema },
  response: { schema: CallLogsResponseSchema, description: 'One page of call log entries' },
  errors: [307, 401],
  async handler({ body, deps }) {
    const [{ rows, totalCount, statusCounts, needsFollowUpCount }, org] = await Promise.all([
      deps.calls.interactions.listCallLogs({
        ...callLogsFilterOf(body),
        page: body.page,
        pageSize: body.pageSize,
      }),
      deps.organizations.findById(body.orgId),
    ]);
    const jobs = await deps.calls.interactions.listJobs(rows.map((r) => r.id));
    const crmName = org?.crmName ?? 'NONE';
    const totalPages = Math.ceil(totalCount / body.pageSize);
    return {
      entries: rows.map((r) =>
        toCallLogEntry(
          r,
          crmName,
          jobs.filter((j) => j.interactionId === r.id),
        ),
      ),
      spam_numbers: [],
      pagination: { currentPage: body.page, pageSize: body.pageSize, totalCount, totalPages, hasMore: body.page < totalPages },
      statusCounts,
      needsFollowUpCount,
    };
  },
});
