import { z } from 'zod';
import { notFound } from '../../http/errors';
import { IdNameSchema, LooseListSchema, RowsPageSchema } from './crm.schema';
import { IdParam, PagingQuery, crmRoute } from './crm-route';

export const listCampaignsRoute = crmRoute({
  method: 'get',
  path: '/crm/campaigns',
  summary: 'Marketing campaigns',
  response: LooseListSchema,
  description: '[{id, name, active, createdOn, modifiedOn, campaignPhoneNumbers, otherMedium}]',
  run: ({ crm }) => crm.listCampaigns(),
});

export const createCampaignRoute = crmRoute({
  method: 'post',
  path: '/crm/campaigns',
  summary: 'Create a campaign',
  body: z.object({
    name: z.string('name is required').trim().min(1, 'name is required'),
    businessUnitId: z.coerce.string('businessUnitId is required').min(1, 'businessUnitId is required'),
    categoryId: z.coerce.string('categoryId is required').min(1, 'categoryId is required'),
    active: z.boolean().default(true),
  }),
  response: z.looseObject({ id: z.string(), name: z.string(), active: z.boolean() }),
  status: 201,
  description: 'The campaign',
  run: ({ crm, body }) => crm.createCampaign(body),
});

export const campaignCategoriesRoute = crmRoute({
  method: 'get',
  path: '/crm/campaign-categories',
  summary: 'Campaign categories',
  response: z.array(z.looseObject({ id: z.string(), name: z.string(), active: z.boolean(), type: z.string(), createdOn: z.string() })),
  description: '[{id, name, active, type, createdOn}]',
  run: ({ crm }) => crm.listCampaignCategories(),
});

export const reportCategoriesRoute = crmRoute({
  method: 'get',
  path: '/crm/report-categories',
  summary: 'Report categories',
  response: z.array(IdNameSchema),
  description: '[{id, name}]',
  run: ({ crm }) => crm.listReportCategories(),
});

export const reportsRoute = crmRoute({
  method: 'get',
  path: '/crm/report-categories/:categoryId/reports',
  summary: 'Reports of a category',
  params: IdParam('categoryId'),
  response: z.array(z.object({ id: z.string(), name: z.string(), description: z.string() })),
  description: '[{id, name, description}]',
  run: async ({ crm, params }) => {
    const reports = await crm.listReports(params.categoryId);
    if (!reports) throw notFound(`Report category ${params.categoryId} not found`);
    return reports;
  },
});

const ReportParams = z.object({ categoryId: z.string().min(1), reportId: z.string().min(1) });
const DataTypeSchema = z.enum(['String', 'Number', 'Boolean', 'Date', 'Time']);

export const reportRoute = crmRoute({
  method: 'get',
  path: '/crm/report-categories/:categoryId/reports/:reportId',
  summary: 'A report with its parameters and fields',
  params: ReportParams,
  response: z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    modifiedOn: z.string(),
    parameters: z.array(
      z.object({
        name: z.string(),
        label: z.string(),
        dataType: DataTypeSchema,
        isArray: z.boolean(),
        isRequired: z.boolean(),
        acceptValues: z
          .object({
            fields: z.array(z.object({ name: z.string(), label: z.string() })),
            dynamicSetId: z.string().nullable(),
            values: z.array(z.array(z.unknown())),
          })
          .nullable(),
      }),
    ),
    fields: z.array(z.object({ name: z.string(), label: z.string(), dataType: DataTypeSchema })),
  }),
  description: '{id, name, description, modifiedOn, parameters[], fields[]}',
  run: async ({ crm, params }) => {
    const report = await crm.getReport(params.categoryId, params.reportId);
    if (!report) throw notFound(`Report ${params.reportId} not found`);
    return report;
  },
});

export const reportDataRoute = crmRoute({
  method: 'post',
  path: '/crm/report-categories/:categoryId/reports/:reportId/data',
  summary: 'Run a report',
  params: ReportParams,
  query: PagingQuery,
  body: z.object({
    parameters: z.array(
      z.object({ name: z.string('parameter name is required').min(1, 'parameter name is required'), value: z.unknown() }),
      'parameters is required',
    ),
  }),
  response: RowsPageSchema,
  description: '{page, pageSize, hasMore, totalCount, data[][], fields[]}',
  run: async ({ crm, params, query, body }) => {
    const rows = await crm.runReport(params.categoryId, params.reportId, body.parameters, query);
    if (!rows) throw notFound(`Report ${params.reportId} not found`);
    return rows;
  },
});

export const dynamicValueSetRoute = crmRoute({
  method: 'get',
  path: '/crm/dynamic-value-sets/:dynamicSetId',
  summary: 'The values a report parameter accepts',
  params: IdParam('dynamicSetId'),
  query: PagingQuery,
  response: RowsPageSchema,
  description: '{page, pageSize, hasMore, totalCount, data[][], fields[]}',
  run: async ({ crm, params, query }) => {
    const rows = await crm.getDynamicValueSet(params.dynamicSetId, query);
    if (!rows) throw notFound(`Dynamic value set ${params.dynamicSetId} not found`);
    return rows;
  },
});

export const CAMPAIGN_AND_REPORT_ROUTES = [
  listCampaignsRoute,
  createCampaignRoute,
  campaignCategoriesRoute,
  reportCategoriesRoute,
  reportsRoute,
  reportRoute,
  reportDataRoute,
  dynamicValueSetRoute,
];
