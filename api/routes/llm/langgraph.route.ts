import { defineRoute } from '../../http/route';
import { runTaskOnMessage } from '../../use-cases/llm/langgraph';
import { LanggraphRequestSchema, LanggraphResponseSchema } from './llm.schema';

export const langgraphRoute = defineRoute({
  method: 'post',
  path: '/llm/langgraph',
  summary: 'Runs an AI task on one free-text message (guardrail, e-mail lead extraction, transcript tasks)',
  tag: 'LLM',
  access: { kind: 'operator' },
  request: { body: LanggraphRequestSchema },
  response: { schema: LanggraphResponseSchema, description: "The task's output" },
  errors: [401, 404],
  handler: ({ body, deps }) => runTaskOnMessage(deps, body),
});
