import { z } from 'zod';
import { notFound } from '../../http/errors';
import { TelecomCallSchema } from './crm.schema';
import { IdParam, PagingQuery, SuccessSchema, crmRoute, pageSchema, queryDate } from './crm-route';

export const listTelecomCallsRoute = crmRoute({
  method: 'get',
  path: '/crm/telecom/calls',
  summary: "The CRM's phone calls, newest first",
  query: {
    createdOnOrAfter: queryDate('createdOnOrAfter'),
    createdBefore: queryDate('createdBefore'),
    from: z.string().trim().min(1).optional(),
    customerId: z.string().trim().min(1).optional(),
    ...PagingQuery,
  },
  response: pageSchema(TelecomCallSchema),
  description: 'A page of calls',
  run: ({ crm, query }) => crm.listTelecomCalls(query),
});

/** Spec 000 §3 "Update call". */
export const UpdateTelecomCallBodySchema = z.object({
  callType: z.string().optional(),
  agentId: z.coerce.string().optional(),
  jobId: z.coerce.string().optional(),
  campaignId: z.coerce.string().optional(),
  reason: z.object({ lead: z.boolean().optional(), name: z.string().optional() }).optional(),
  excuseMemo: z.string().optional(),
});

export const updateTelecomCallRoute = crmRoute({
  method: 'put',
  path: '/crm/telecom/calls/:callId',
  summary: 'Update a call (type, agent, job, campaign, reason, excuse memo)',
  params: IdParam('callId'),
  body: UpdateTelecomCallBodySchema,
  response: SuccessSchema,
  description: '{success}',
  run: async ({ crm, params, body }) => {
    if (!(await crm.updateTelecomCall(params.callId, body))) throw notFound(`Call ${params.callId} not found`);
    return { success: true };
  },
});

export const callRecordingRoute = crmRoute({
  method: 'get',
  path: '/crm/calls/:callId/recording',
  summary: "A call's recording (audio/mpeg)",
  params: IdParam('callId'),
  response: z.unknown(),
  description: 'audio/mpeg',
  run: async ({ crm, params, res }) => {
    const recording = await crm.getCallRecording(params.callId);
    if (!recording) throw notFound(`No recording for call ${params.callId}`);
    res.status(200).type(recording.contentType).send(recording.data);
    return undefined;
  },
});

export const TELECOM_ROUTES = [listTelecomCallsRoute, updateTelecomCallRoute, callRecordingRoute];
