import { CrmError } from '../../crm.port';
import { pageOf } from '../vendor-port';
import type { HousecallProClient, HousecallProConfig } from './housecallpro-client';
import { HcpJobSchema, HcpNoteSchema } from './housecallpro.types';
import { type Job, type Note } from '../../../../domain/crm/crm-records';
import { HOUSECALLPRO_IDEMPOTENCY_TAG_PREFIX, parse, toJob, WORK_STATUSES } from './housecallpro-mapping';
import { type HousecallProContext } from './housecallpro-context';
import { type CrmJobsPort } from '../../crm.port';

/** The jobs part of the CRM port over Housecall Pro. */
export function housecallProJobs(client: HousecallProClient, config: Pick<HousecallProConfig, 'defaultEmployeeId'>, context: HousecallProContext) {
  const { requireRawJob, getJob, tagsById } = context;
  return {
    async findJobsByCustomer(customerId) {
      return (await client.listAll('jobs', 'jobs', HcpJobSchema, { customer_id: customerId }, { maxItems: 200 })).map(toJob);
    },

    getJob,

    async createJob(input) {
      const tag = `${HOUSECALLPRO_IDEMPOTENCY_TAG_PREFIX}${input.idempotencyKey}`;
      const existing = (await client.listAll('jobs', 'jobs', HcpJobSchema, { customer_id: input.customerId }, { maxItems: 500 })).find((j) =>
        j.tags?.includes(tag),
      );
      if (existing) return toJob(existing);
      const { start, end, arrivalWindowStart, arrivalWindowEnd, technicianIds } = input.appointment;
      const employees = technicianIds?.length ? technicianIds : config.defaultEmployeeId ? [config.defaultEmployeeId] : [];
      const raw = await client.write('POST', 'jobs', {
        customer_id: input.customerId,
        address_id: input.locationId,
        description: input.summary,
        schedule: {
          scheduled_start: start.toISOString(),
          scheduled_end: end.toISOString(),
          arrival_window: arrivalWindowStart && arrivalWindowEnd ? Math.round((arrivalWindowEnd.getTime() - arrivalWindowStart.getTime()) / 60_000) : 0,
        },
        assigned_employee_ids: employees,
        tags: [tag],
        job_fields: { job_type_id: input.jobTypeId, business_unit_id: input.businessUnitId },
      });
      return toJob(parse(HcpJobSchema, raw, 'created job'));
    },

    async listJobs(query) {
      if (query.ids?.length) {
        const found = await Promise.all(query.ids.map((id) => getJob(id)));
        return pageOf(
          found.filter((j): j is Job => j !== null && (!query.customerId || j.customerId === query.customerId)),
          query,
        );
      }
      const filters = { customer_id: query.customerId, work_status: query.jobStatus?.flatMap((s) => WORK_STATUSES[s]) };
      const local = query.locationId || query.jobTypeIds?.length || query.businessUnitIds?.length || query.createdOnOrAfter || query.createdBefore;
      if (!local) {
        const page = await client.page('jobs', 'jobs', HcpJobSchema, filters, query);
        return { ...page, data: page.data.map(toJob) };
      }
      const jobs = (await client.listAll('jobs', 'jobs', HcpJobSchema, filters, { maxItems: 2000 })).map(toJob);
      return pageOf(
        jobs.filter(
          (j) =>
            (!query.locationId || j.locationId === query.locationId) &&
            (!query.jobTypeIds?.length || (j.jobTypeId !== null && query.jobTypeIds.includes(j.jobTypeId))) &&
            (!query.businessUnitIds?.length || (j.businessUnitId !== null && query.businessUnitIds.includes(j.businessUnitId))) &&
            (!query.createdOnOrAfter || j.createdOn >= query.createdOnOrAfter) &&
            (!query.createdBefore || j.createdOn < query.createdBefore),
        ),
        query,
      );
    },

    async addJobNote(jobId, text, createdBy = 'HomeAgent') {
      await requireRawJob(jobId);
      const note = parse(HcpNoteSchema, await client.write('POST', `jobs/${encodeURIComponent(jobId)}/notes`, { content: text }), 'created note');
      // Housecall Pro notes carry no author or time: the note is dated when it was added.
      const now = new Date();
      return { id: note.id ?? undefined, text: note.content ?? text, createdBy, createdAt: now, updatedAt: now };
    },

    async listJobNotes(jobId) {
      const job = await requireRawJob(jobId);
      const at = new Date(job.updated_at ?? job.created_at);
      return (job.notes ?? []).map((n): Note => ({ id: n.id ?? undefined, text: n.content ?? '', createdBy: '', createdAt: at, updatedAt: at }));
    },

    async updateJobTags(jobId, { add, remove }) {
      const [job, tags] = await Promise.all([requireRawJob(jobId), tagsById()]);
      const unknown = add.find((id) => !tags.has(id));
      if (unknown) throw new CrmError('INVALID_REQUEST', `Tag ${unknown} not found`);
      // Jobs name their tags; tag ids come from the company's tag list.
      const idOf = new Map([...tags].map(([id, name]) => [name, id]));
      let current = (job.tags ?? []).flatMap((name) => idOf.get(name) ?? []);
      const path = `jobs/${encodeURIComponent(job.id)}/tags`;
      for (const id of add.filter((t) => !current.includes(t))) {
        await client.write('POST', path, { tag_id: id });
        current = [...current, id];
      }
      for (const id of remove.filter((t) => current.includes(t))) {
        await client.write('DELETE', `${path}/${encodeURIComponent(id)}`);
        current = current.filter((t) => t !== id);
      }
      return current;
    },
  } satisfies Partial<CrmJobsPort>;
}
