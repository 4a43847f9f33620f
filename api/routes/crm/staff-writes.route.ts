import { z } from 'zod';
import { badRequest } from '../../http/errors';
import { crmRoute } from './crm-route';
import { AudienceRulesBodySchema, OnboardingJobTypesBodySchema, PasswordResetBodySchema, UpdateEmployeeBodySchema } from './staff-writes.schema';

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
  run: ({ crm, body }) => crm.onboardJobTypes({ jobTypes: body.jobTypes, descriptions: body.descriptions, businessUnits: body.businessUnits, orgName: body.org_name }),
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

export const STAFF_WRITE_ROUTES = [updateEmployeeRoute, sendPasswordResetLinkRoute, onboardingJobTypesRoute, audienceRulesRoute];
