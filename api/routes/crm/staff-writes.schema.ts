import { z } from 'zod';
import { AUDIENCE_SOURCES } from '../../../domain/crm/audience-source';

/** A CRM id sent as a string or a number; a missing one gets the field's own message. */
const crmId = (name: string) =>
  z
    .union([z.string(), z.number()], { error: `${name} is required` })
    .transform(String)
    .pipe(z.string().min(1, `${name} is required`));

/** Spec 000 §7 /crm "Staff": POST /employees {username, roleId} → {id}. */
export const CreateEmployeeBodySchema = z.object({
  username: z.string('username is required').trim().min(1, 'username is required'),
  roleId: crmId('roleId'),
  orgId: z.uuid('orgId must be a UUID').optional(),
});

/** PATCH /employees {employeeId, roleId, positions} → {id}. */
export const UpdateEmployeeBodySchema = z
  .object({
    employeeId: crmId('employeeId'),
    roleId: crmId('roleId').optional(),
    positions: z.array(z.string('positions must be a list of strings'), 'positions must be a list of strings').optional(),
  })
  .refine((b) => b.roleId !== undefined || b.positions !== undefined, 'At least one of roleId or positions must be provided');

/** POST /sendPasswordResetLink {employeeId, orgId} → {status}; the org is the query's, as on every /crm route. */
export const PasswordResetBodySchema = z.object({
  employeeId: crmId('employeeId'),
  orgId: z.uuid('orgId must be a UUID').optional(),
});

/** POST /onboarding-job-types {jobTypes[], descriptions[], businessUnits[], org_name} → map of job type name to id. */
export const OnboardingJobTypesBodySchema = z
  .object({
    jobTypes: z.array(z.string().trim().min(1, 'jobTypes must be non-empty names'), 'jobTypes is required').min(1, 'jobTypes is required'),
    descriptions: z.array(z.string(), 'descriptions is required'),
    businessUnits: z.array(z.string().trim().min(1, 'businessUnits must be non-empty names'), 'businessUnits is required'),
    org_name: z.string('org_name is required').trim().min(1, 'org_name is required'),
  })
  .refine((b) => !Array.isArray(b.descriptions) || !Array.isArray(b.jobTypes) || b.descriptions.length === b.jobTypes.length, {
    message: 'descriptions must have one entry per job type',
    path: ['descriptions'],
  });

/** Spec 002 §3 "Audience rules"; unknown keys are kept for CRMs that read more of them. */
const IdName = z.object({ id: z.coerce.string(), name: z.string() });
export const AudienceRulesSchema = z
  .object({
    business_units: z.array(IdName).optional(),
    job_types: z.array(IdName).optional(),
    tag_types: z.array(IdName).optional(),
    membership_types: z.array(IdName).optional(),
    recurring_services_types: z.array(IdName).optional(),
  })
  .loose();
export const AudienceRulesBodySchema = z.object({ rules: AudienceRulesSchema, isExclusion: z.boolean('isExclusion must be a boolean').default(false) });

const audienceId = z.uuid({ error: (issue) => (issue.input === undefined ? 'audienceId is required' : 'audienceId must be a UUID') });

/** POST /customers/audience-rules/async {audienceId, rules, source, isFileUpload} → bool (the build is queued). */
export const AudienceBuildBodySchema = z.object({
  audienceId,
  rules: AudienceRulesSchema.default({}),
  source: z.enum(AUDIENCE_SOURCES, `source must be one of ${AUDIENCE_SOURCES.join(', ')}`).default('RULES'),
  isFileUpload: z.boolean('isFileUpload must be a boolean').default(false),
});

export const AudienceIdParamSchema = z.object({ audienceId });

/** Members are customer ids; a page of them rides along with the status. */
export const AUDIENCE_MEMBERS_MAX_PAGE_SIZE = 1000;
export const AUDIENCE_MEMBERS_DEFAULT_PAGE_SIZE = 100;

export const AudienceStatusSchema = z.object({
  audienceId: z.uuid(),
  creation_status: z.enum(['PENDING', 'COMPLETE', 'ERRORED']),
  source: z.enum(AUDIENCE_SOURCES),
  is_file_upload: z.boolean(),
  rules: z.record(z.string(), z.unknown()),
  member_count: z.number().int(),
  error: z.string().nullable(),
  requested_at: z.string(),
  completed_at: z.string().nullable(),
  members: z.object({ page: z.number(), pageSize: z.number(), hasMore: z.boolean(), totalCount: z.number(), data: z.array(z.string()) }),
});
