import { z } from 'zod';
import { timingSafeEqual } from 'node:crypto';
import { ApiError, validationError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { evaluateTrace } from '../../use-cases/llm/evaluate-trace';
import { EvaluationWebhookBodySchema, EvaluationWebhookQuerySchema, EvaluationWebhookResponseSchema } from './llm.schema';

function secretMatches(given: string | undefined, expected: string | null): boolean {
  if (!expected || !given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The evaluation service's webhook (spec 002 §3, §6): a rule's matching runs, each naming a trace to
 * evaluate. The secret comes in the query; a wrong one is answered 401 {message} (the spec's own body),
 * before the body is looked at. A run's trace is a call when one has that id, a chat session otherwise.
 */
export const evaluationWebhookRoute = defineRoute({
  method: 'post',
  path: '/llm/evaluation/webhook',
  summary: 'Evaluation-service webhook: evaluates each run of the rule (secret in the query)',
  tag: 'LLM',
  access: { kind: 'public' },
  // Documented with its shape; read leniently here so a wrong secret is refused before the body is judged.
  request: { query: EvaluationWebhookQuerySchema, body: z.union([EvaluationWebhookBodySchema, z.unknown()]) },
  response: { schema: EvaluationWebhookResponseSchema, description: "Each run's evaluation status" },
  errors: [{ status: 401, schema: z.object({ message: z.string() }), description: "Wrong or missing secret (the spec's own body)" }],
  async handler({ query, deps, req, res }) {
    if (!secretMatches(query.secret, deps.llm.evaluationWebhookSecret)) {
      res.status(401).json({ message: 'Invalid secret' });
      return undefined as never;
    }
    const parsed = EvaluationWebhookBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) throw validationError(parsed.error);
    const results = [];
    for (const run of parsed.data.runs) {
      const { traceId, orgId, agentType } = run.inputs;
      const traceType = (await deps.llm.traces.findCallTrace(traceId)) ? 'call' : 'chat';
      try {
        const evaluation = await evaluateTrace(
          deps,
          { traceId, orgId, agentType, traceType, ruleId: parsed.data.rule_id, runId: run.id },
          commandOrigin({ req, user: null }, `evaluation-run:${run.id}`),
        );
        results.push({ runId: run.id, traceId, status: evaluation.status, evaluationId: evaluation.evaluationId });
      } catch (err) {
        // One run that cannot be evaluated does not hold up the others of the delivery.
        if (!(err instanceof ApiError) || (err.status !== 404 && err.status !== 400)) throw err;
        results.push({ runId: run.id, traceId, status: err.status === 404 ? ('not_found' as const) : ('not_evaluable' as const), evaluationId: null });
      }
    }
    return { success: true as const, results };
  },
});
