import { DEFAULT_REGULAR_HOURS, type Timezone, type CrmName, type WeeklyHours } from '../../../lib/domain';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { runVoiceAgentTool } from '../../use-cases/voice-agent-tools/run-voice-agent-tool';
import { AvailabilityQuerySchema, AvailabilityViewSchema, GetCapacityBodySchema, GetCapacityResponseSchema } from './capacity.schema';

export const getCapacityRoute = defineRoute({
  method: 'post',
  path: '/org/get-capacity',
  summary: "Check the org's capacity for a time, as the agent's get_capacity would (spec 001 §2.12)",
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: GetCapacityBodySchema },
  response: { schema: GetCapacityResponseSchema, description: 'What the agent would be told, and the slots' },
  errors: [307, 401, 404],
  async handler({ orgId, body, deps, req }) {
    const org = await deps.organizations.findById(orgId!);
    if (!org) throw notFound('Organization not found');
    const { orgId: _org, agent_id: _agent, ...args } = body;
    const tool = args.zipcode === undefined || args.zipcode === '' ? 'get_capacity' : 'get_capacity_zones';
    const answer = await runVoiceAgentTool(deps, org, { tool, args: { execution_message: '', priority: 0, ...args }, interactionId: null, toolCallId: null }, req.correlationId);
    return { result: answer.result, data: answer.data };
  },
});

export const getAvailabilityRoute = defineRoute({
  method: 'get',
  path: '/org/availability',
  summary: 'The availability view used by capacity checks (spec 000 §3, 001 §2.10)',
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: AvailabilityQuerySchema },
  response: { schema: AvailabilityViewSchema, description: 'Regular and emergency hours, holidays, timezone and CRM' },
  errors: [307, 401, 404],
  async handler({ orgId, deps }) {
    const org = await deps.organizations.findById(orgId!);
    if (!org) throw notFound('Organization not found');
    const config = (org.availabilityConfig ?? {}) as { regularHours?: WeeklyHours; emergencyHours?: WeeklyHours; holidays?: string[]; availabilityMessage?: string; lastUpdatedAt?: string };
    return {
      availability: {
        regularHours: config.regularHours ?? DEFAULT_REGULAR_HOURS,
        emergencyHours: config.emergencyHours ?? {},
        holidays: config.holidays ?? [],
        availabilityMessage: config.availabilityMessage ?? null,
        lastUpdatedAt: config.lastUpdatedAt ?? null,
      },
      timezone: org.timezone as Timezone,
      crm_name: org.crmName as CrmName,
    };
  },
});
