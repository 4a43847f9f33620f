import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { evaluateTrace } from '../../use-cases/llm/evaluate-trace';
import { EvaluationRequestSchema, EvaluationResponseSchema } from './llm.schema';

export const evaluationRoute = defineRoute({
  method: 'post',
  path: '/llm/evaluation',
  summary: "Evaluates a call's or chat session's transcript with the call scorer and records the verdict (TraceEvaluated)",
  tag: 'LLM',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: EvaluationRequestSchema },
  response: { schema: EvaluationResponseSchema, description: 'The evaluation: success or failed, with the flags it rests on' },
  errors: [307, 401, 404],
  handler: ({ body, deps, req, user }) => evaluateTrace(deps, body, commandOrigin({ req, user })),
});
