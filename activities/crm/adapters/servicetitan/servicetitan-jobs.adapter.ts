import { z } from 'zod';
import { CrmError, type Page } from '../../crm.port';
import { numericId, str } from './servicetitan-ids';
import type { ServiceTitanClient } from './servicetitan-client';
import type { ServiceTitanConfig } from './servicetitan.config';
import { StCancelReasonSchema, StJobSchema, StNoteSchema } from './servicetitan.types';
import { type Job } from '../../../../domain/crm/crm-records';
import { SERVICETITAN_IDEMPOTENCY_KEY, toNote } from './servicetitan-mapping';
import { type ServiceTitanContext } from './servicetitan-context';
import { type CrmJobsPort } from '../../crm.port';

/** The jobs part of the CRM port over ServiceTitan. */
export function serviceTitanJobs(
  client: ServiceTitanClient,
  config: Pick<ServiceTitanConfig, 'bookingProviderId' | 'campaignId'>,
  context: ServiceTitanContext,
) {
  const { parse, jobsWithAppointments, getJob } = context;
  return {
    async findJobsByCustomer(customerId) {
      const id = numericId(customerId, 'Customer');
      const jobs = await client.listAll('jpm', 'jobs', StJobSchema, { customerId: id }, { maxItems: 200 });
      return jobsWithAppointments(jobs, { customerId: id });
    },

    getJob,

    async listJobs(query): Promise<Page<Job>> {
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 50;
      const raw = await client.get('jpm', 'jobs', {
        page,
        pageSize,
        includeTotal: true,
        ids: query.ids?.map((id) => numericId(id, 'Job')),
        customerId: query.customerId,
        locationId: query.locationId,
        jobTypeId: query.jobTypeIds?.length === 1 ? query.jobTypeIds[0] : undefined,
        businessUnitId: query.businessUnitIds?.length === 1 ? query.businessUnitIds[0] : undefined,
        createdOnOrAfter: query.createdOnOrAfter,
        createdBefore: query.createdBefore,
      });
      const body = parse(
        z.object({ page: z.number(), pageSize: z.number(), hasMore: z.boolean(), totalCount: z.number().nullish(), data: z.array(StJobSchema) }),
        raw,
        'jobs',
      );
      // ServiceTitan filters appointments by one job at a time; a page of jobs is small.
      let jobs = (await Promise.all(body.data.map((j) => jobsWithAppointments([j], { jobId: j.id })))).flat();
      if (query.jobStatus?.length) jobs = jobs.filter((j) => query.jobStatus!.includes(j.jobStatus));
      return { page: body.page, pageSize: body.pageSize, hasMore: body.hasMore, totalCount: body.totalCount ?? jobs.length, data: jobs };
    },

    async createJob(input) {
      if (!config.campaignId) throw new CrmError('NOT_CONFIGURED', 'ServiceTitan jobs need a default campaign id', false);
      const existing = await client.listAll(
        'jpm',
        'jobs',
        StJobSchema,
        { externalDataKey: SERVICETITAN_IDEMPOTENCY_KEY, externalDataValues: input.idempotencyKey },
        { maxItems: 1 },
      );
      if (existing[0]) return (await getJob(String(existing[0].id)))!;
      const raw = await client.write('POST', 'jpm', 'jobs', {
        customerId: numericId(input.customerId, 'Customer'),
        locationId: numericId(input.locationId, 'Location'),
        businessUnitId: numericId(input.businessUnitId, 'Business unit'),
        jobTypeId: numericId(input.jobTypeId, 'Job type'),
        priority: input.priority ?? 'Normal',
        campaignId: numericId(config.campaignId, 'Campaign'),
        summary: input.summary,
        appointments: [
          {
            start: input.appointment.start.toISOString(),
            end: input.appointment.end.toISOString(),
            arrivalWindowStart: input.appointment.arrivalWindowStart?.toISOString(),
            arrivalWindowEnd: input.appointment.arrivalWindowEnd?.toISOString(),
            technicianIds: input.appointment.technicianIds?.map((id) => numericId(id, 'Technician')),
          },
        ],
        externalData: [{ key: SERVICETITAN_IDEMPOTENCY_KEY, value: input.idempotencyKey }],
      });
      const created = parse(StJobSchema, raw, 'created job');
      return (await getJob(String(created.id)))!;
    },

    async listJobCancelReasons() {
      const rows = await client.listAll('jpm', 'job-cancel-reasons', StCancelReasonSchema, { active: 'True' });
      return rows.map((r) => ({ id: String(r.id), name: r.name }));
    },

    async cancelJob(jobId, reason, reasonId) {
      const job = await getJob(jobId);
      if (!job) throw new CrmError('NOT_FOUND', `Job ${jobId} not found`);
      if (job.jobStatus === 'CANCELED') return job;
      // ServiceTitan needs a cancel reason id; the first active reason stands in when the caller has none.
      const reasons = reasonId ? null : await client.listAll('jpm', 'job-cancel-reasons', StCancelReasonSchema, { active: 'True' }, { maxItems: 1 });
      const chosen = reasonId ?? str(reasons?.[0]?.id);
      if (!chosen) throw new CrmError('NOT_CONFIGURED', 'ServiceTitan has no job cancel reason configured', false);
      await client.write('PUT', 'jpm', `jobs/${job.id}/cancel`, { reasonId: numericId(chosen, 'Cancel reason'), memo: reason });
      return (await getJob(jobId)) ?? job;
    },

    async addJobNote(jobId, text) {
      const raw = await client.write('POST', 'jpm', `jobs/${numericId(jobId, 'Job')}/notes`, { text, pinToTop: false });
      return toNote(parse(StNoteSchema, raw, 'created note'));
    },

    async listJobNotes(jobId) {
      return (await client.listAll('jpm', `jobs/${numericId(jobId, 'Job')}/notes`, StNoteSchema)).map(toNote);
    },

    async updateJobTags(jobId, { add, remove }) {
      const job = await getJob(jobId);
      if (!job) throw new CrmError('NOT_FOUND', `Job ${jobId} not found`);
      const before = job.tagTypeIds ?? [];
      const next = [...new Set([...before, ...add])].filter((t) => !remove.includes(t));
      if (next.length === before.length && next.every((t) => before.includes(t))) return before;
      await client.write('PATCH', 'jpm', `jobs/${job.id}`, { tagTypeIds: next.map((t) => numericId(t, 'Tag type')) });
      return next;
    },
  } satisfies Partial<CrmJobsPort>;
}
