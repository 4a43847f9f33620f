import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, integrationConfig, type TestDatabase } from '../../../tests/support/integration';
import { createInteractionRepository, type CallLogsFilter } from '../../../events/projections/interactions/interactions.repository';
import { createOrganizationRepository } from '../../../events/projections/organizations/organizations.repository';
import { toCallLogEntry } from './call-view';

// Issue 16: the Calls page's entries are written as JSON by Postgres. They must be byte for byte what toCallLogEntry
// builds from the same page's rows and JSON.stringify writes: every text escape, null, time, job fold, CRM link and
// summary line, for each CRM's links and an organization the read model does not hold yet.

const config = integrationConfig();
let tdb: TestDatabase;

const orgs = { servicetitan: randomUUID(), housecallpro: randomUUID(), NONE: randomUUID(), missing: randomUUID() };

const summaries: { summary: unknown; callAnalysis: unknown }[] = [
  { summary: [{ title: 'Summary', content: ['  ', '\u00a0 Line one \n', 'Line two'] }], callAnalysis: { call_summary: 'platform', metadata: {} } },
  { summary: [{ title: 'Details', content: ['', 'first detail'] }, { title: 'Summary', content: [] }], callAnalysis: { call_summary: null, metadata: {} } },
  { summary: [{ title: 'Details', content: ['a detail'] }, { title: 'Summary', content: ['the summary'] }], callAnalysis: {} },
  { summary: [{ title: 'Summary', content: 'not lines' }, { content: [3, null, '\u3000 y\u2028'] }], callAnalysis: {} },
  { summary: ['a string section', { title: 'Summary', content: ['z'] }], callAnalysis: {} },
  { summary: {}, callAnalysis: { call_summary: ' \tplatform line\u00a0', metadata: {} } },
  { summary: [], callAnalysis: { call_summary: '   ', metadata: {} } },
  { summary: [{ title: 'Summary', content: ['\ufeff'] }], callAnalysis: { call_summary: 42 } },
  { summary: [[{ title: 'Summary', content: ['nested'] }], { title: ['Summary'], content: ['title array'] }], callAnalysis: {} },
  { summary: { title: 'Summary', content: ['not an array'] }, callAnalysis: { call_summary: 'from the platform' } },
  { summary: [{ title: 'Summary', content: [] }, { title: 'Summary', content: ['second summary'] }], callAnalysis: {} },
  { summary: [{ title: 'Summary', content: [['inner'], { line: 'x' }, 'outer'] }], callAnalysis: {} },
];

const texts = ['Ann "Q" \\ \u0001\u001f tab\there', 'Émile 😀 \u2028\u2029 </script>', "O'Brien & Sons / #1 ?x=1", ''];

function callsOf(orgId: string) {
  return Array.from({ length: 16 }, (_, i) => ({
    id: randomUUID(),
    callId: randomUUID(),
    orgId,
    provider: 'retell',
    providerCallId: `call_${orgId}_${i}`,
    // Pairs share a time: the order's tie is broken by id.
    createdAt: new Date(Date.UTC(2026, 4, 1, 12) - Math.floor(i / 2) * 3_600_000 - 7),
    updatedAt: new Date(Date.UTC(2026, 4, 2)),
    startedAt: i % 5 === 0 ? null : new Date(Date.UTC(2026, 4, 1, 11, 59, 58, 123) - i * 3_600_000),
    endedAt: i % 3 === 0 ? null : new Date(Date.UTC(2026, 4, 1, 12, 1, 0, 1) - i * 3_600_000),
    durationSeconds: [61.507, null, 0, 180, 0.001, 3599.999][i % 6],
    callStatus: ['BOOKED', 'UNBOOKED', 'EXCUSED', 'ABANDONED'][i % 4],
    agentType: i % 4 === 3 ? null : 'RECEPTIONIST',
    analysedBy: i % 2 === 0 ? 'offline' : null,
    recordingUrl: i % 3 === 1 ? `https://rec.example/${i}.wav?a=1&b="2"` : null,
    customerName: texts[i % texts.length] || null,
    customerNumber: i % 7 === 0 ? null : `+1312555${String(i).padStart(4, '0')}`,
    customerAddress: texts[(i + 1) % texts.length],
    crmCustomerId: [null, 'cus 1/é?&', '', 'c-42', null][i % 5],
    isLead: [true, false, null][i % 3],
    tags: i % 4 === 0 ? [] : ['booked', 'ünïcode "tag"'],
    reviewedAt: i % 3 === 2 ? new Date(Date.UTC(2026, 4, 3, 8, 0, 0, 5)) : null,
    reviewNotes: i % 3 === 2 ? 'Called back\nline 2' : null,
    summary: summaries[i % summaries.length].summary as object,
    callAnalysis: summaries[i % summaries.length].callAnalysis as object,
  }));
}

const calls = Object.values(orgs).flatMap(callsOf);

function actionsOf(interactionId: string, orgId: string, i: number) {
  let at = Date.UTC(2026, 4, 1, 13);
  const action = (actionType: string, result: unknown, status = 'COMPLETED') => ({
    actionId: randomUUID(),
    orgId,
    interactionId,
    actionType,
    businessKey: randomUUID(),
    status,
    payload: { job_type_id: 'jt-1' },
    result: result as object,
    createdAt: new Date(at),
    updatedAt: new Date((at += 1000)),
  });
  if (i % 4 === 0)
    return [
      action('create_booking', { bookingId: 'bk 1/ü', customerId: 'cus-from-booking' }),
      action('job_booking', { jobId: '9001', jobNumber: 'J-9001' }),
      action('job_reschedule', { jobId: '9001', customerId: 'cus-late' }),
      action('job_cancel', { jobId: '9001' }),
      action('job_booking', { jobId: '9002' }, 'DROPPED'),
      action('send_sms', { jobId: '9003' }),
    ];
  if (i % 4 === 1)
    return [
      action('job_booking', { jobId: 123, bookingId: '', jobNumber: 'J-x' }),
      action('job_booking', { jobId: '', bookingId: 'bk-2', jobStatus: 'HOLD' }),
      action('job_booking', { jobId: 'j "7"', jobStatus: '' }),
      action('job_booking', null),
      action('job_booking', 'not an object'),
    ];
  return [];
}

beforeAll(async () => {
  tdb = await createTestDatabase(config);
  const at = new Date(Date.UTC(2026, 4, 1));
  await tdb.db.organization.createMany({
    data: (['servicetitan', 'housecallpro', 'NONE'] as const).map((crm) => ({
      id: orgs[crm],
      name: `Org ${crm}`,
      slug: `org-${crm.toLowerCase()}-${orgs[crm]}`,
      timezone: 'America/Chicago',
      crmName: crm,
      streamVersion: 1,
      createdAt: at,
      updatedAt: at,
    })),
  });
  await tdb.db.interaction.createMany({ data: calls });
  await tdb.db.interactionAction.createMany({ data: calls.flatMap((c, i) => actionsOf(c.id, c.orgId, i)) });
}, 60_000);

afterAll(async () => {
  await tdb?.drop();
});

describe("the call logs' entries written as JSON by the page's statement", () => {
  it('are byte for byte the entries built from the same rows, for every CRM, page and cursor', async () => {
    const repo = createInteractionRepository(tdb.db);
    const organizations = createOrganizationRepository(tdb.db);
    for (const orgId of Object.values(orgs)) {
      const crmName = (await organizations.findCrmName(orgId)) ?? 'NONE';
      const pages: Omit<CallLogsFilter, 'orgId'>[] = [
        { agentTypes: null, page: 1, pageSize: 200 },
        { agentTypes: ['RECEPTIONIST'], page: 2, pageSize: 3 },
        { agentTypes: null, page: 3, pageSize: 5, after: { createdAt: calls.find((c) => c.orgId === orgId)!.createdAt, id: randomUUID() } },
        { agentTypes: null, page: 1, pageSize: 5, search: 'émile' },
        { agentTypes: null, page: 9, pageSize: 200 },
      ];
      for (const p of pages) {
        const f = { ...p, orgId };
        const { rows, ...counts } = await repo.listCallLogs(f);
        const json = await repo.listCallLogEntriesJson(f);
        const built = JSON.stringify(rows.map((r) => toCallLogEntry(r, crmName)));
        expect({ orgId, f, entries: json.entries }).toEqual({ orgId, f, entries: built });
        const last = rows.at(-1);
        expect(json).toMatchObject({ count: rows.length, last: last ? { createdAt: last.createdAt, id: last.id } : null, ...counts });
      }
    }
  });

  it('hold the cases the comparison is about: links, job folds, summary lines', async () => {
    const entries = JSON.parse(
      (await createInteractionRepository(tdb.db).listCallLogEntriesJson({ orgId: orgs.servicetitan, agentTypes: null, page: 1, pageSize: 200 })).entries,
    ) as { jobs: { link: string }[]; crm_customer_link: string | null; summary_line: string | null }[];
    const links = entries.flatMap((e) => [e.crm_customer_link, ...e.jobs.map((j) => j.link)]);
    expect(links).toEqual(
      expect.arrayContaining([
        'https://go.servicetitan.com/#/customer/cus%201%2F%C3%A9%3F%26',
        'https://go.servicetitan.com/#/Booking/Index/bk%201%2F%C3%BC',
        'https://go.servicetitan.com/#/Job/Index/9001',
        'https://go.servicetitan.com/#/Job/Index/j%20%227%22',
        'https://go.servicetitan.com/#/Booking/Index/bk-2',
      ]),
    );
    expect(new Set(entries.map((e) => e.summary_line))).toEqual(
      new Set(['Line one', 'first detail', 'the summary', 'y', 'z', 'platform line', null, 'title array', 'from the platform', 'second summary', 'outer']),
    );
  });
});
