import type { Db } from '../../../../prisma/client';
import { Prisma } from '../../../../prisma/client';
import { CrmError } from '../../crm.port';
import { pageBounds } from './sandbox-records';
import { type Note } from '../../../../domain/crm/crm-records';
import { numericId, isUniqueViolation } from './sandbox-rows';
import { type SandboxContext } from './sandbox-context';
import { type CrmJobsPort } from '../../crm.port';

/** The jobs part of the CRM port over the sandbox. */
export function sandboxJobs(db: Db, orgId: string, context: SandboxContext) {
  const { reference, jobsWithAppointments, recordsOf, addRecord, optionalId, idList, jobOrThrow } = context;
  return {
    async listJobs({ ids, customerId, locationId, jobStatus, jobTypeIds, businessUnitIds, createdOnOrAfter, createdBefore, ...page }) {
      const { page: p, pageSize, skip } = pageBounds(page);
      const where: Prisma.SandboxJobWhereInput = {
        orgId,
        ...(ids ? { id: { in: idList(ids) } } : {}),
        ...(customerId ? { customerId: optionalId(customerId) } : {}),
        ...(locationId ? { locationId: optionalId(locationId) } : {}),
        ...(jobStatus ? { jobStatus: { in: jobStatus } } : {}),
        ...(jobTypeIds ? { jobTypeId: { in: jobTypeIds } } : {}),
        ...(businessUnitIds ? { businessUnitId: { in: businessUnitIds } } : {}),
        ...(createdOnOrAfter || createdBefore
          ? { createdAt: { ...(createdOnOrAfter ? { gte: createdOnOrAfter } : {}), ...(createdBefore ? { lt: createdBefore } : {}) } }
          : {}),
      };
      const [rows, totalCount] = await Promise.all([
        db.sandboxJob.findMany({ where, orderBy: { id: 'asc' }, skip, take: pageSize }),
        db.sandboxJob.count({ where }),
      ]);
      return { page: p, pageSize, hasMore: skip + rows.length < totalCount, totalCount, data: await jobsWithAppointments(rows) };
    },

    async getJob(jobId) {
      const id = optionalId(jobId)!;
      const row = await db.sandboxJob.findFirst({ where: { orgId, id } });
      return row ? (await jobsWithAppointments([row]))[0] : null;
    },

    async addJobNote(jobId, text, createdBy = 'HomeAgent') {
      const job = await jobOrThrow(jobId);
      const row = await addRecord('note', String(job.id), { text, createdBy });
      return { id: String(row.id), text, createdBy, createdAt: row.createdAt, updatedAt: row.modifiedAt };
    },

    async listJobNotes(jobId) {
      const job = await jobOrThrow(jobId);
      const rows = await recordsOf('note', [String(job.id)]);
      return rows.map((row): Note => ({
        id: String(row.id),
        ...(row.data as { text: string; createdBy: string }),
        createdAt: row.createdAt,
        updatedAt: row.modifiedAt,
      }));
    },

    async updateJobTags(jobId, { add, remove }) {
      const job = await jobOrThrow(jobId);
      const known = new Set((await reference<{ id: string }>('tag_type')).map((t) => t.id));
      const unknown = add.find((t) => !known.has(t));
      if (unknown) throw new CrmError('INVALID_REQUEST', `Tag type ${unknown} not found`);
      const next = [...new Set([...job.tagTypeIds, ...add])].filter((t) => !remove.includes(t));
      await db.sandboxJob.update({ where: { id: job.id }, data: { tagTypeIds: next } });
      return next;
    },

    async findJobsByCustomer(customerId) {
      const rows = await db.sandboxJob.findMany({ where: { orgId, customerId: numericId(customerId, 'Customer') }, orderBy: { id: 'asc' } });
      return jobsWithAppointments(rows);
    },

    async createJob(input) {
      const existing = () => db.sandboxJob.findUnique({ where: { orgId_idempotencyKey: { orgId, idempotencyKey: input.idempotencyKey } } });
      const found = await existing();
      if (found) return (await jobsWithAppointments([found]))[0];
      const customerId = numericId(input.customerId, 'Customer');
      const locationId = numericId(input.locationId, 'Location');
      try {
        const row = await db.$transaction(async (tx) => {
          const job = await tx.sandboxJob.create({
            data: {
              orgId,
              customerId,
              locationId,
              jobStatus: 'SCHEDULED',
              jobTypeId: input.jobTypeId,
              businessUnitId: input.businessUnitId,
              priority: input.priority ?? 'Normal',
              summary: input.summary,
              idempotencyKey: input.idempotencyKey,
            },
          });
          const a = input.appointment;
          await tx.sandboxAppointment.create({
            data: {
              orgId,
              jobId: job.id,
              customerId,
              start: a.start,
              end: a.end,
              arrivalWindowStart: a.arrivalWindowStart ?? null,
              arrivalWindowEnd: a.arrivalWindowEnd ?? null,
              technicianIds: a.technicianIds ?? [],
              status: 'Scheduled',
            },
          });
          return job;
        });
        return (await jobsWithAppointments([row]))[0];
      } catch (err) {
        // A concurrent request with the same key won the insert: answer with its job.
        if (!isUniqueViolation(err)) throw err;
        const winner = await existing();
        if (!winner) throw err;
        return (await jobsWithAppointments([winner]))[0];
      }
    },

    async cancelJob(jobId, reason, reasonId) {
      const id = numericId(jobId, 'Job');
      const job = await db.$transaction(async (tx) => {
        const { count } = await tx.sandboxJob.updateMany({
          where: { orgId, id },
          data: { jobStatus: 'CANCELED', cancelReason: reasonId ? `${reason} (${reasonId})` : reason },
        });
        if (count === 0) return null;
        await tx.sandboxAppointment.updateMany({ where: { orgId, jobId: id }, data: { status: 'Canceled' } });
        return tx.sandboxJob.findUnique({ where: { id } });
      });
      if (!job) throw new CrmError('NOT_FOUND', `Job ${jobId} not found`);
      return (await jobsWithAppointments([job]))[0];
    },
  } satisfies Partial<CrmJobsPort>;
}
