import { z } from 'zod';
import { notFound } from '../../http/errors';
import { IdNameSchema, JobSchema, NoteSchema } from './crm.schema';
import { IdParam, SuccessSchema, crmRoute, pageSchema, requireSomeFilter } from './crm-route';
import { CancelJobBodySchema, CreateJobBodySchema, JobQuerySchema, JobTagsBodySchema, NoteBodySchema, TranscriptBodySchema } from './jobs.schema';

export const listJobsRoute = crmRoute({
  method: 'get',
  path: '/crm/jobs',
  summary: 'Jobs matching the filters (values may be repeated or comma-separated)',
  query: JobQuerySchema.shape,
  response: pageSchema(JobSchema),
  description: 'A page of jobs with their appointments',
  run: ({ crm, query }) => {
    requireSomeFilter(query);
    return crm.listJobs(query);
  },
});

export const getJobRoute = crmRoute({
  method: 'get',
  path: '/crm/jobs/:jobId',
  summary: 'One job with its appointments',
  params: IdParam('jobId'),
  response: JobSchema,
  description: 'The job',
  run: async ({ crm, params }) => {
    const job = await crm.getJob(params.jobId);
    if (!job) throw notFound(`Job ${params.jobId} not found`);
    return job;
  },
});

export const createJobRoute = crmRoute({
  method: 'post',
  path: '/crm/jobs',
  summary: 'Create a job with its first appointment',
  body: CreateJobBodySchema,
  response: JobSchema,
  status: 201,
  description: 'The created job',
  run: async ({ crm, body }) => {
    const [first, ...more] = body.appointments;
    const job = await crm.createJob({
      idempotencyKey: body.externalId ?? `crm-route:${crypto.randomUUID()}`,
      customerId: body.customerId,
      locationId: body.locationId,
      jobTypeId: body.jobTypeId,
      businessUnitId: body.businessUnitId,
      priority: body.priority,
      summary: body.summary,
      appointment: first,
    });
    if (more.length > 0 && job.appointments.length === 1) {
      for (const a of more) job.appointments.push(await crm.addAppointment({ jobId: job.id, ...a }));
    }
    if (body.tagTypeIds?.length) job.tagTypeIds = await crm.updateJobTags(job.id, { add: body.tagTypeIds, remove: [] });
    return job;
  },
});

export const cancelJobRoute = crmRoute({
  method: 'put',
  path: '/crm/jobs/:jobId/cancel',
  summary: 'Cancel a job with a reason (canceling twice is harmless)',
  params: IdParam('jobId'),
  body: CancelJobBodySchema,
  response: SuccessSchema,
  description: '{success}',
  run: async ({ crm, params, body }) => {
    await crm.cancelJob(params.jobId, body.reason, body.reasonId);
    return { success: true };
  },
});

export const jobCancelReasonsRoute = crmRoute({
  method: 'get',
  path: '/crm/job-cancel-reasons',
  summary: 'Reasons a job may be canceled with',
  response: z.array(IdNameSchema),
  description: '[{id, name}]',
  run: ({ crm }) => crm.listJobCancelReasons(),
});

export const addJobNoteRoute = crmRoute({
  method: 'post',
  path: '/crm/jobs/:jobId/notes',
  summary: 'Add a note to a job',
  params: IdParam('jobId'),
  body: NoteBodySchema,
  response: NoteSchema,
  status: 201,
  description: 'The note',
  run: ({ crm, params, body }) => crm.addJobNote(params.jobId, body.note),
});

export const listJobNotesRoute = crmRoute({
  method: 'get',
  path: '/crm/jobs/:jobId/notes',
  summary: "A job's notes",
  params: IdParam('jobId'),
  response: z.array(NoteSchema),
  description: 'Notes, oldest first',
  run: ({ crm, params }) => crm.listJobNotes(params.jobId),
});

export const addJobTranscriptRoute = crmRoute({
  method: 'post',
  path: '/crm/jobs/:jobId/transcripts',
  summary: 'Attach a call transcript to a job (kept as a note)',
  params: IdParam('jobId'),
  body: TranscriptBodySchema,
  response: NoteSchema,
  status: 201,
  description: 'The note holding the transcript',
  run: ({ crm, params, body }) => crm.addJobNote(params.jobId, `Call transcript:\n${body.transcript}`),
});

export const updateJobTagsRoute = crmRoute({
  method: 'put',
  path: '/crm/jobs/:jobId/tags',
  summary: "Add and remove a job's tags",
  params: IdParam('jobId'),
  body: JobTagsBodySchema,
  response: z.object({ tagTypeIds: z.array(z.string()) }),
  description: "The job's tags after the change",
  run: async ({ crm, params, body }) => ({ tagTypeIds: await crm.updateJobTags(params.jobId, { add: body.tagsToAdd, remove: body.tagsToRemove }) }),
});

export const JOB_ROUTES = [
  listJobsRoute,
  getJobRoute,
  createJobRoute,
  cancelJobRoute,
  jobCancelReasonsRoute,
  addJobNoteRoute,
  listJobNotesRoute,
  addJobTranscriptRoute,
  updateJobTagsRoute,
];
