import { z } from 'zod';
import { AgentTypeSchema, InteractionInputSchema } from '../../../domain/interaction/interaction.schema';
import { AI_TASKS } from '../../../activities/llm/ai-tasks/registry';
import { runAiTask } from '../../../activities/llm/ai-tasks/run-ai-task';
import { SummarySectionSchema } from '../../../domain/interaction/summary.schema';
import { TranscriptTurnSchema } from '../../../domain/call/call-record.schema';
import { toTranscriptLines } from '../../../domain/call/transcript';
import { ApiError, notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';

const QuerySchema = z.object({ type: z.enum(['inbound', 'outbound'], 'type must be inbound or outbound') });
const BodySchema = z.object({
  orgId: z.uuid('orgId must be a UUID'),
  transcript: z.array(TranscriptTurnSchema, 'transcript must be a list of {role, content} turns').min(1, 'transcript must have at least one turn'),
  agentType: AgentTypeSchema.optional(),
});
const ResponseSchema = z.object({ summary: z.array(SummarySectionSchema), engine: z.string() });

/**
 * Spec 000 §7 POST /summarize?type=inbound|outbound: a call's summary from its transcript, by the generic
 * summary task (the post-call pipeline picks the kind-specific ones once a call is classified).
 */
export const summarizeRoute = defineRoute({
  method: 'post',
  path: '/voice-agent/summarize',
  summary: 'Summarize a call transcript (inbound or outbound) with the generic summary AI task',
  tag: 'Voice agent',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { query: QuerySchema, body: BodySchema },
  response: { schema: ResponseSchema, description: 'The summary as titled sections' },
  errors: [307, 401, 404],
  async handler({ query, body, orgId, deps }) {
    const org = await deps.organizations.findById(orgId!);
    if (!org) throw notFound('Organization not found');
    const input = InteractionInputSchema.parse({
      direction: query.type,
      agentType: body.agentType ?? (query.type === 'outbound' ? 'SALES_AGENT' : 'RECEPTIONIST'),
      org: { name: org.name, timezone: org.timezone, tradesOffered: org.tradesOffered },
      transcript: toTranscriptLines(body.transcript),
    });
    const result = await runAiTask(deps.voice.engine, AI_TASKS.summary_generic, input);
    if (!result.ok) throw new ApiError(500, 'The summary could not be produced');
    return { summary: result.output.summary, engine: result.engine };
  },
});
