import { z } from 'zod';
import { defineRoute, JsonText } from '../../http/route';
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

/** The answer's JSON around the entries' text, in the response schema's order. */
export function callLogsAnswer(
  page: { entries: string; count: number; last: { createdAt: string; id: string } | null; totalCount: number; statusCounts: Record<string, number>; needsFollowUpCount: number },
  body: { page: number; pageSize: number },
): string {
  const totalPages = Math.ceil(page.totalCount / body.pageSize);
  const pagination = { currentPage: body.page, pageSize: body.pageSize, totalCount: page.totalCount, totalPages, hasMore: body.page < totalPages };
  const nextCursor = page.last && page.count === body.pageSize && body.page < totalPages ? encodeCallLogsCursor(page.last) : null;
  return (
    `{"entries":${page.entries},"spam_numbers":[],"pagination":${JSON.stringify(pagination)},"statusCounts":${JSON.stringify(page.statusCounts)},` +
    `"needsFollowUpCount":${page.needsFollowUpCount},"nextCursor":${JSON.stringify(nextCursor)}}`
  );
}

export const callLogsRoute = defineRoute({
  method: 'post',
  path: '/call/logs',
  summary: 'Call history of an organization, paged, with counts per call status (spec 001 §2.3)',
  tag: 'Calls',
  // The Calls page's hot read: session, user and membership in one statement (register-routes), and the entries
  // written as JSON by the statement that reads them (the repository's listCallLogEntriesJson), sent as that text.
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId, inInput: true },
  request: { body: CallLogsRequestSchema },
  response: { schema: CallLogsResponseSchema, description: 'One page of call log entries' },
  errors: [307, 401],
  async handler({ body, deps }) {
    const after = body.cursor === undefined ? undefined : decodeCallLogsCursor(body.cursor);
    const page = await deps.calls.interactions.listCallLogEntriesJson({ ...callLogsFilterOf(body), page: body.page, pageSize: body.pageSize, after });
    return new JsonText<z.infer<typeof CallLogsResponseSchema>>(callLogsAnswer(page, body));
  },
});
