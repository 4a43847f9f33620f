import { z } from 'zod';
import { EquipmentSchema, EstimateSchema } from './crm.schema';
import { IdParam, PagingQuery, crmRoute, pageSchema, queryList, requireSomeFilter } from './crm-route';

export const listEstimatesRoute = crmRoute({
  method: 'get',
  path: '/crm/estimates',
  summary: 'Estimates of a customer or job',
  query: {
    ids: queryList,
    customerId: z.string().trim().min(1).optional(),
    jobId: z.string().trim().min(1).optional(),
    status: z.enum(['Open', 'Sold', 'Dismissed'], 'status must be Open, Sold or Dismissed').optional(),
    ...PagingQuery,
  },
  response: pageSchema(EstimateSchema),
  description: 'A page of estimates',
  run: ({ crm, query }) => {
    requireSomeFilter(query);
    return crm.listEstimates(query);
  },
});

export const sellEstimateRoute = crmRoute({
  method: 'put',
  path: '/crm/estimates/:estimateId/sell',
  summary: 'Mark an estimate sold (selling a sold estimate changes nothing)',
  params: IdParam('estimateId'),
  body: z.object({ soldBy: z.coerce.number('soldBy must be an employee id').int('soldBy must be an employee id').positive('soldBy must be an employee id') }),
  response: EstimateSchema,
  description: 'The estimate',
  run: ({ crm, params, body }) => crm.sellEstimate(params.estimateId, String(body.soldBy)),
});

export const unsellEstimateRoute = crmRoute({
  method: 'put',
  path: '/crm/estimates/:estimateId/unsell',
  summary: 'Mark a sold estimate unsold again',
  params: IdParam('estimateId'),
  body: z.object({}),
  response: EstimateSchema,
  description: 'The estimate',
  run: ({ crm, params }) => crm.unsellEstimate(params.estimateId),
});

export const installedEquipmentRoute = crmRoute({
  method: 'get',
  path: '/crm/installed-equipment',
  summary: "Equipment installed at a customer's locations",
  query: { customerId: z.string().trim().min(1).optional(), locationId: z.string().trim().min(1).optional(), ...PagingQuery },
  response: pageSchema(EquipmentSchema),
  description: 'A page of equipment',
  run: ({ crm, query }) => {
    requireSomeFilter(query);
    return crm.listInstalledEquipment(query);
  },
});

export const ESTIMATE_ROUTES = [listEstimatesRoute, sellEstimateRoute, unsellEstimateRoute, installedEquipmentRoute];
