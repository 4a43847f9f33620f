import { once } from 'node:events';
import type { Response } from 'express';
import { z } from 'zod';
import { agentTypeLabel, callStatusLabel, formatInZoneForExport, tagLabel } from '../../../domain/contracts/call-labels';
import { csvRow, type CsvCell } from '../../../lib/csv';
import type { CallLogRow, InteractionJob } from '../../../events/projections/interactions/interactions.repository';
import { defineRoute } from '../../http/route';
import { callLogsFilterOf } from './call-logs.route';
import { listRangeInZone } from '../../../domain/time/zoned-time';
import { summaryLineOf } from './call-view';
import { CallLogsExportQuerySchema } from './calls.schema';

/** More rows than a spreadsheet user can work with; the export says so in its last line instead of running on. */
export const CALL_EXPORT_MAX_ROWS = 50_000;

export const CALL_EXPORT_COLUMNS = (timeZone: string) => [
  `Started (${timeZone})`,
  'Customer',
  'Phone',
  'Address',
  'Status',
  'Agent',
  'Duration (seconds)',
  'Summary',
  'Tags',
  'Jobs',
  `Reviewed (${timeZone})`,
  'Review notes',
  'Call ID',
];

export function callExportCells(r: CallLogRow, jobs: InteractionJob[], timeZone: string): CsvCell[] {
  return [
    formatInZoneForExport(r.startedAt ?? r.createdAt, timeZone),
    r.customerName,
    r.customerNumber,
    r.customerAddress,
    callStatusLabel(r.callStatus),
    agentTypeLabel(r.agentType),
    r.durationSeconds === null ? null : Math.round(r.durationSeconds),
    summaryLineOf(r.summary, r.callAnalysis),
    r.tags.map(tagLabel).join('; '),
    jobs.map((j) => `${j.bookingId && !j.jobId ? 'Booking' : 'Job'} ${j.jobNumber ?? j.jobId ?? j.bookingId} (${j.jobStatus})`).join('; '),
    formatInZoneForExport(r.reviewedAt, timeZone),
    r.reviewNotes,
    r.id,
  ];
}

/** Writes with backpressure; false once the client has gone (the rest is not read from the database). */
async function write(res: Response, chunk: string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false;
  if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
  return !res.destroyed;
}

/** Issue 13: the Calls page's filtered list (range, agents, search, group, follow-up view) as a CSV download. */
export const callLogsExportRoute = defineRoute({
  method: 'get',
  path: '/call/logs/export',
  summary: "The filtered call history as CSV (times in the organization's time zone), newest first, at most 50,000 calls",
  tag: 'Calls',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: CallLogsExportQuerySchema },
  response: { schema: z.any(), description: 'text/csv; a header row, then one row per call', contentType: 'text/csv' },
  errors: [307, 401],
  async handler({ query, deps, res }) {
    const org = await deps.organizations.findById(query.orgId);
    const timeZone = org?.timezone ?? 'UTC';
    const filter = callLogsFilterOf({ ...query, needsFollowUp: query.needsFollowUp === 'true' }, listRangeInZone(query, timeZone));
    const name = `calls-${query.from?.slice(0, 10) ?? 'all'}-to-${query.to?.slice(0, 10) ?? 'now'}.csv`;
    res.status(200).set({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
    });
    // The byte-order mark makes Excel read the file as UTF-8 (callers' names are not all ASCII).
    if (!(await write(res, `\uFEFF${csvRow(CALL_EXPORT_COLUMNS(timeZone))}`))) return;
    let written = 0;
    try {
      for await (const rows of deps.calls.interactions.eachCallLog(filter, { limit: CALL_EXPORT_MAX_ROWS + 1 })) {
        const jobs = await deps.calls.interactions.listJobs(rows.map((r) => r.id));
        let chunk = '';
        for (const r of rows) {
          if (written === CALL_EXPORT_MAX_ROWS) {
            chunk += csvRow([`More than ${CALL_EXPORT_MAX_ROWS} calls: narrow the dates or the filter to export the rest.`]);
            break;
          }
          chunk += csvRow(
            callExportCells(
              r,
              jobs.filter((j) => j.interactionId === r.id),
              timeZone,
            ),
          );
          written++;
        }
        if (!(await write(res, chunk))) return;
      }
      res.end();
    } catch (err) {
      // The header is sent: a failure can only cut the download short, which the client sees as an error.
      deps.logger.error({ err, orgId: query.orgId }, 'call export failed');
      res.destroy(err as Error);
    }
  },
});
