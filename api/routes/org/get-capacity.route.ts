import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { runVoiceAgentTool } from '../../use-cases/agent-tools';
import { GetCapacityBodySchema, GetCapacityResponseSchema } from './capacity.schema';

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

export const getCapacityRoute = defineRoute({
  method: 'post',
  path: '/org/get-capacity',
  summary: "Check the org's capacity for a time, as the agent's get_capacity would (spec 001 §2.12)",
  tag: 'Capacity',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: GetCapacityBodySchema },
  response: { schema: GetCapacityResponseSchema, description: 'What the agent would be told, and the slots' },
  errors: [307, 401, 404],
  async handler({ orgId, body, deps, req }) {
    const org = await deps.organizations.findById(orgId!);
    if (!org) throw notFound('Organization not found');
    const args = {
      execution_message: '',
      time_to_check: body.timeToCheck ?? body.time_to_check,
      job_type_id: body.jobTypeId ?? body.job_type_id,
      business_unit: body.businessUnit ?? body.business_unit,
      priority: body.priority ?? 0,
      ...(given(body.zipcode) ? { zipcode: body.zipcode } : {}),
      ...(given(body.trade) ? { trade: body.trade } : {}),
    };
    const tool = given(body.zipcode) ? 'get_capacity_zones' : given(body.trade) ? 'get_capacity_trades' : 'get_capacity';
    const now = body.currentTime ? new Date(body.currentTime) : new Date();
    const answer = await runVoiceAgentTool(deps, org, { tool, args, interactionId: null, toolCallId: null }, req.correlationId, now);
    return { result: answer.result, data: answer.data };
  },
});
