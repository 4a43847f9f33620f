import { z } from 'zod';
import { badRequest, notFound } from '../../http/errors';
import { IdNameSchema, LooseListSchema } from './crm.schema';
import { IdParam, SuccessSchema, crmRoute } from './crm-route';

/** Spec 000 §5 "CRM query filters". */
export const BUSINESS_UNIT_OR_JOB_TYPE_MESSAGE = 'At least one of businessUnitId or jobTypeId must be provided';

const list = (path: string, summary: string, read: Parameters<typeof crmRoute>[0]['run']) =>
  crmRoute({ method: 'get', path, summary, response: LooseListSchema, description: summary, run: read });

export const rolesRoute = list('/crm/roles', 'Staff roles', ({ crm }) => crm.listRoles());
export const membershipTypesRoute = crmRoute({
  method: 'get',
  path: '/crm/membership-types',
  summary: 'Membership types',
  response: z.array(IdNameSchema),
  description: '[{id, name}]',
  run: ({ crm }) => crm.listMembershipTypes(),
});
export const pricebookRoute = list('/crm/pricebook-list', 'Price book services, materials and equipment', ({ crm }) => crm.listPricebook());
export const businessUnitsRoute = list('/crm/business-units', 'Business units', ({ crm }) => crm.listBusinessUnits());
export const jobTypesRoute = list('/crm/job-types', 'Job types with durations', ({ crm }) => crm.listJobTypes());
export const tagTypesRoute = list('/crm/tag-types', 'Tag types', ({ crm }) => crm.listTagTypes());
export const callReasonsRoute = list('/crm/call-reasons', 'Call reasons', ({ crm }) => crm.listCallReasons());
export const recurringServiceTypesRoute = list('/crm/recurring-services-type', 'Recurring service types', ({ crm }) => crm.listRecurringServiceTypes());

export const jobTypeRoute = crmRoute({
  method: 'get',
  path: '/crm/job-types/:jobTypeId',
  summary: 'One job type',
  params: IdParam('jobTypeId'),
  response: z.looseObject({ id: z.string(), name: z.string() }),
  description: 'The job type',
  run: async ({ crm, params }) => {
    const jobType = (await crm.listJobTypes()).find((t) => t.id === params.jobTypeId);
    if (!jobType) throw notFound(`Job type ${params.jobTypeId} not found`);
    return jobType;
  },
});

export const businessUnitAndJobTypeRoute = crmRoute({
  method: 'post',
  path: '/crm/business-unit-and-job-type',
  summary: 'Names of a business unit and a job type',
  body: z.object({ businessUnitId: z.coerce.string().optional(), jobTypeId: z.coerce.string().optional() }),
  response: z.object({ businessUnit: IdNameSchema.nullable(), jobType: IdNameSchema.nullable() }),
  description: '{businessUnit {id, name}, jobType {id, name}}',
  run: async ({ crm, body }) => {
    if (!body.businessUnitId && !body.jobTypeId) throw badRequest(BUSINESS_UNIT_OR_JOB_TYPE_MESSAGE);
    const [units, types] = await Promise.all([body.businessUnitId ? crm.listBusinessUnits() : [], body.jobTypeId ? crm.listJobTypes() : []]);
    const unit = units.find((u) => u.id === body.businessUnitId);
    const type = types.find((t) => t.id === body.jobTypeId);
    if (body.businessUnitId && !unit) throw notFound(`Business unit ${body.businessUnitId} not found`);
    if (body.jobTypeId && !type) throw notFound(`Job type ${body.jobTypeId} not found`);
    return { businessUnit: unit ? { id: unit.id, name: unit.name } : null, jobType: type ? { id: type.id, name: type.name } : null };
  },
});

const markRecurring = (complete: boolean) =>
  crmRoute({
    method: 'post',
    path: `/crm/recurring-service-events/:eventId/mark-${complete ? 'complete' : 'incomplete'}`,
    summary: `Mark a recurring service event ${complete ? 'complete' : 'incomplete'}`,
    params: IdParam('eventId'),
    body: z.object({ jobId: z.coerce.string('jobId is required').min(1, 'jobId is required') }),
    response: SuccessSchema,
    description: '{success}',
    run: async ({ crm, params, body }) => {
      if (!(await crm.markRecurringServiceEvent(params.eventId, body.jobId, complete))) throw notFound(`Recurring service event ${params.eventId} not found`);
      return { success: true };
    },
  });
export const markRecurringCompleteRoute = markRecurring(true);
export const markRecurringIncompleteRoute = markRecurring(false);

export const LOOKUP_ROUTES = [
  rolesRoute,
  membershipTypesRoute,
  pricebookRoute,
  businessUnitsRoute,
  jobTypesRoute,
  jobTypeRoute,
  tagTypesRoute,
  callReasonsRoute,
  recurringServiceTypesRoute,
  businessUnitAndJobTypeRoute,
  markRecurringCompleteRoute,
  markRecurringIncompleteRoute,
];
