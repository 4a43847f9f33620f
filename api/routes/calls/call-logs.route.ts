import { z } from 'zod';
import { defineRoute } from '../../http/route';
import { listRangeOf } from '../../use-cases/list-range';
import { toCallLogEntry } from './call-view';
import { CallLogsRequestSchema, CallLogsResponseSchema, type CallGroupName } from './calls.schema';

/**
 * The repository's filter from the request's: range (as instants, from listRangeOf: a date is a day in the
 * organization's zone), agents, search, the group picked and the follow-up view.
 */
export function callLogsFilterOf(
  body: {
    orgId: string;
    currentAgents: 'ALL' | string[];
    agentId?: string;
    search?: string;
    group?: CallGroupName;
    needsFollowUp?: boolean;
  },
  range: { from?: Date; to?: Date },
) {
  return {
    orgId: body.orgId,
    agentTypes: body.currentAgents === 'ALL' ? null : body.currentAgents,
    agentId: body.agentId,
    from: range.from,
    to: range.to,
    search: body.search,
    group: body.group,
    needsFollowUp: body.needsFollowUp,
  };
}

const CURSOR_MESSAGE = 'cursor must come from a previous answer';
const CursorSchema = z.tuple([z.iso.datetime(CURSOR_MESSAGE), z.uuid(CURSOR_MESSAGE)], CURSOR_MESSAGE);

/** The opaque keyset cursor of a call log row: its (created_at, id) in base64url JSON (the time as toISOString writes it). */
export const encodeCallLogsCursor = (row: { createdAt: Date | string; id: string }) =>
  Buffer.from(JSON.stringify([typeof row.createdAt === 'string' ? row.createdAt : row.createdAt.toISOString(), row.id])).toString('base64url');

/** The row a cursor names; a cursor not made by this route is a 400 (the zod error's message). */
export function decodeCallLogsCursor(cursor: string): { createdAt: Date; id: string } {
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    // not JSON: the schema below refuses it
  }
  const [createdAt, id] = CursorSchema.parse(parsed);
  return { createdAt: new Date(createdAt), id };
}

export const callLogsRoute = defineRoute({
  method: 'post',
  path: '/call/logs',
  summary: 'Call history of an organization, paged, with counts per call status (spec 001 §2.3)',
  tag: 'Calls',
  // The Calls page's hot read: session, user and membership in one statement (register-routes), and the entries,
  // built field by field from typed rows, sent without the schema's parse in production (checked in every test).
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId, inInput: true },
  request: { body: CallLogsRequestSchema },
  response: { schema: CallLogsResponseSchema, description: 'One page of call log entries', checkedInProduction: false },
  errors: [307, 401],
  async handler({ body, deps }) {
    const after = body.cursor === undefined ? undefined : decodeCallLogsCursor(body.cursor);
    const [{ rows, totalCount, statusCounts, needsFollowUpCount }, orgCrmName] = await Promise.all([
      deps.calls.interactions.listCallLogs({
        ...callLogsFilterOf(body, await listRangeOf(deps, body.orgId, body)),
        page: body.page,
        pageSize: body.pageSize,
        after,
      }),
      deps.organizations.findCrmName(body.orgId),
    ]);
    const crmName = orgCrmName ?? 'NONE';
    const totalPages = Math.ceil(totalCount / body.pageSize);
    return {
      entries: rows.map((r) => toCallLogEntry(r, crmName)),
      spam_numbers: [],
      pagination: { currentPage: body.page, pageSize: body.pageSize, totalCount, totalPages, hasMore: body.page < totalPages },
      statusCounts,
      needsFollowUpCount,
      nextCursor: rows.length === body.pageSize && body.page < totalPages ? encodeCallLogsCursor(rows[rows.length - 1]) : null,
    };
  },
});
