import { z } from 'zod';
import { PagingQuery, queryDate, queryList } from './crm-route';

const JOB_STATUSES = ['SCHEDULED', 'COMPLETED', 'CANCELED'] as const;

export const JobQuerySchema = z.object({
  ids: queryList,
  customerId: z.string().trim().min(1).optional(),
  locationId: z.string().trim().min(1).optional(),
  jobStatus: queryList.pipe(z.array(z.enum(JOB_STATUSES, 'jobStatus must be SCHEDULED, COMPLETED or CANCELED')).optional()),
  jobTypeIds: queryList,
  businessUnitIds: queryList,
  createdOnOrAfter: queryDate('createdOnOrAfter'),
  createdBefore: queryDate('createdBefore'),
  ...PagingQuery,
});

const instant = (name: string) =>
  z
    .string(`${name} must be a date and time`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `${name} must be a date and time`)
    .transform((v) => new Date(v));

export const AppointmentInputSchema = z
  .object({
    start: instant('start'),
    end: instant('end'),
    technicianIds: z.array(z.coerce.string()).optional(),
    arrivalWindowStart: instant('arrivalWindowStart').optional(),
    arrivalWindowEnd: instant('arrivalWindowEnd').optional(),
  })
  .refine((a) => a.end > a.start, 'end must be after start');

export const CreateJobBodySchema = z.object({
  customerId: z.coerce.string('customerId is required').min(1, 'customerId is required'),
  locationId: z.coerce.string('locationId is required').min(1, 'locationId is required'),
  businessUnitId: z.coerce.string('businessUnitId is required'),
  jobTypeId: z.coerce.string('jobTypeId is required'),
  priority: z.enum(['Low', 'Normal', 'High', 'Urgent'], 'priority must be Low, Normal, High or Urgent').optional(),
  campaignId: z.coerce.string().optional(),
  appointments: z.array(AppointmentInputSchema, 'appointments must have at least 1 appointment').min(1, 'appointments must have at least 1 appointment'),
  summary: z.string('summary is required').trim().min(1, 'summary is required'),
  tagTypeIds: z.array(z.coerce.string()).optional(),
  /** Repeating a create with the same key answers the first job instead of booking twice. */
  externalId: z.string().trim().min(1).optional(),
});

export const CancelJobBodySchema = z.object({
  reason: z.string('reason is required').trim().min(1, 'reason is required'),
  reasonId: z.coerce.string().optional(),
});

export const NoteBodySchema = z.object({ note: z.string('note is required').trim().min(1, 'note is required') });
export const TranscriptBodySchema = z.object({ transcript: z.string('transcript is required').trim().min(1, 'transcript is required') });
export const JobTagsBodySchema = z.object({
  tagsToAdd: z.array(z.coerce.string()).default([]),
  tagsToRemove: z.array(z.coerce.string()).default([]),
});
