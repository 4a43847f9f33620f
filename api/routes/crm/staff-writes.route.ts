import { z } from 'zod';
import { badRequest, notFound } from '../../http/errors';
import { workflowIds } from '../../../domain/run/workflow-ids';
import { PagingQuery, crmRoute } from './crm-route';
import {
  AUDIENCE_MEMBERS_DEFAULT_PAGE_SIZE,
  AUDIENCE_MEMBERS_MAX_PAGE_SIZE,
  AudienceBuildBodySchema,
  AudienceIdParamSchema,
  AudienceStatusSchema,
  AudienceRulesBodySchema,
  OnboardingJobTypesBodySchema,
  PasswordResetBodySchema,
  UpdateEmployeeBodySchema,
} from './staff-writes.schema';

// Spec 000 §7 /crm writes on staff and onboarding lookups. POST /crm/employees (create) shares its path with
// the 001 list and lives in crm-workers.route.ts.

const bodyOrgMustMatch = (bodyOrgId: string | undefined, orgId: string) => {
  if (bodyOrgId !== undefined && bodyOrgId !== orgId) throw badRequest('orgId in the body must match the orgId of the query');
};

export const updateEmployeeRoute = crmRoute({
  method: 'patch',
  path: '/crm/employees',
  summary: "Changes an employee's role or positions in the CRM",
  body: UpdateEmployeeBodySchema,
  response: z.object({ id: z.string() }),
  description: '{id}',
  run: ({ crm, body }) => crm.updateEmployee(body),
});

export const sendPasswordResetLinkRoute = crmRoute({
  method: 'post',
  path: '/crm/sendPasswordResetLink',
  summary: "Sends an employee the CRM's password reset link",
  body: PasswordResetBodySchema,
  response: z.object({ status: z.string() }),
  description: '{status}',
  run: ({ crm, body, org }) => {
    bodyOrgMustMatch(body.orgId, org.id);
    return crm.sendPasswordResetLink(body.employeeId);
  },
});

export const onboardingJobTypesRoute = crmRoute({
  method: 'post',
  path: '/crm/onboarding-job-types',
  summary: 'Creates the business units and job types named at onboarding (a repeated call answers the same ids)',
  body: OnboardingJobTypesBodySchema,
  response: z.record(z.string(), z.string()),
  description: 'Map of job type name to its CRM id',
  run: ({ crm, body }) =>
    crm.onboardJobTypes({ jobTypes: body.jobTypes, descriptions: body.descriptions, businessUnits: body.businessUnits, orgName: body.org_name }),
});

export const audienceRulesRoute = crmRoute({
  method: 'post',
  path: '/crm/customers/audience-rules',
  summary: 'The customers audience rules select; only their ids for an exclusion list',
  body: AudienceRulesBodySchema,
  response: z.array(z.looseObject({ id: z.string() })),
  description: 'customers[], or [{id}] when isExclusion',
  run: async ({ crm, body }) => {
    const customers = await crm.findCustomersByAudienceRules(body.rules);
    return body.isExclusion ? customers.map(({ id }) => ({ id })) : customers;
  },
});

export const AUDIENCE_NOT_FOUND = 'Audience not found';

export const queueAudienceBuildRoute = crmRoute({
  method: 'post',
  path: '/crm/customers/audience-rules/async',
  summary: "Queues an audience's build from rules: it is PENDING until the CRM answers, then COMPLETE or ERRORED",
  body: AudienceBuildBodySchema,
  response: z.boolean(),
  description: 'true when the build is queued; false for a file upload, whose members come with the upload',
  run: async ({ deps, org, body, correlationId }) => {
    if (body.source === 'FILE' || body.isFileUpload) return false;
    const owner = await deps.audiences.repository.ownerOf(body.audienceId);
    if (owner !== null && owner !== org.id) throw notFound(AUDIENCE_NOT_FOUND);
    await deps.audiences.builds.queueBuild(
      { meta: { correlationId }, orgId: org.id, audienceId: body.audienceId, source: body.source, isFileUpload: body.isFileUpload, rules: body.rules },
      workflowIds.audienceBuild(org.id, body.audienceId),
    );
    return true;
  },
});

export const audienceStatusRoute = crmRoute({
  method: 'get',
  path: '/crm/customers/audiences/:audienceId',
  summary: "An audience's build status (PENDING, COMPLETE or ERRORED) and a page of its member customer ids",
  params: AudienceIdParamSchema,
  query: PagingQuery,
  response: AudienceStatusSchema,
  description: '{audienceId, creation_status, source, is_file_upload, rules, member_count, error, requested_at, completed_at, members}',
  run: async ({ deps, org, params, query }) => {
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? AUDIENCE_MEMBERS_DEFAULT_PAGE_SIZE;
    if (pageSize > AUDIENCE_MEMBERS_MAX_PAGE_SIZE) throw badRequest(`pageSize must be at most ${AUDIENCE_MEMBERS_MAX_PAGE_SIZE}`);
    const row = await deps.audiences.repository.findStatus(org.id, params.audienceId, { offset: (page - 1) * pageSize, limit: pageSize });
    if (!row) throw notFound(AUDIENCE_NOT_FOUND);
    return {
      audienceId: row.id,
      creation_status: row.creationStatus,
      source: row.source,
      is_file_upload: row.isFileUpload,
      rules: row.rules,
      member_count: row.memberCount,
      error: row.error,
      requested_at: row.requestedAt,
      completed_at: row.completedAt,
      members: { page, pageSize, hasMore: page * pageSize < row.memberCount, totalCount: row.memberCount, data: row.memberIds },
    };
  },
});

export const STAFF_WRITE_ROUTES = [
  updateEmployeeRoute,
  sendPasswordResetLinkRoute,
  onboardingJobTypesRoute,
  audienceRulesRoute,
  queueAudienceBuildRoute,
  audienceStatusRoute,
];
