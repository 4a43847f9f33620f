import type { z } from 'zod';
import { type ChatMessage, type LanguageEngine, LanguageEngineError, type ModelTier, type TokenUsage } from '../language-engine.port';
import type { AiTask } from './ai-task';
import { toStrictJsonSchema } from './strict-json-schema';

export interface AiTaskIssue {
  path: string;
  message: string;
}

interface Spend {
  usage: TokenUsage;
  costUsd: number;
  engine: string | null;
}

export type AiTaskResult<O> =
  | ({ ok: true; output: O; attempts: number } & Spend & { engine: string })
  | ({ ok: false; error: { code: 'INVALID_OUTPUT' | 'INVALID_INPUT'; attempts: number; issues: AiTaskIssue[] } } & Spend);

export interface RunAiTaskOptions {
  /** Answers tried before the task ends as INVALID_OUTPUT. */
  maxAttempts?: number;
  /** `cheap` when the caller set useCheaperModel (spec 000 §9: default false). */
  model?: ModelTier;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const schemaCache = new WeakMap<z.ZodType, Record<string, unknown>>();

export function outputJsonSchema(task: AiTask): Record<string, unknown> {
  let schema = schemaCache.get(task.outputSchema);
  if (!schema) {
    schema = toStrictJsonSchema(task.outputSchema);
    schemaCache.set(task.outputSchema, schema);
  }
  return schema;
}

/**
 * Runs one AI task: prompt, structured answer, validation. An answer that fails its schema or the
 * task's own checks is sent back with what was wrong; after maxAttempts the run ends as a recorded
 * INVALID_OUTPUT error, so no half-valid output is ever returned. Engine failures are thrown as
 * LanguageEngineError for the activity's retry policy, except invalid engine output, which counts
 * as a failed attempt.
 */
export async function runAiTask<I extends z.ZodType, O extends z.ZodType>(
  engine: LanguageEngine,
  task: AiTask<I, O>,
  input: z.input<I>,
  options: RunAiTaskOptions = {},
): Promise<AiTaskResult<z.output<O>>> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const spend: Spend = { usage: { promptTokens: 0, completionTokens: 0 }, costUsd: 0, engine: null };

  const parsedInput = task.inputSchema.safeParse(input);
  if (!parsedInput.success) {
    return { ok: false, error: { code: 'INVALID_INPUT', attempts: 0, issues: toIssues(parsedInput.error) }, ...spend };
  }
  const taskInput = parsedInput.data as z.output<I>;
  const responseSchema = { name: task.name, schema: outputJsonSchema(task) };
  const messages: ChatMessage[] = task.prompt(taskInput);

  let issues: AiTaskIssue[] = [];
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    let content: string;
    try {
      const completion = await engine.complete({
        model: options.model ?? 'default',
        messages,
        responseSchema,
        timeoutMs: options.timeoutMs,
        signal: options.signal,
      });
      spend.usage.promptTokens += completion.usage.promptTokens;
      spend.usage.completionTokens += completion.usage.completionTokens;
      spend.costUsd = Math.round((spend.costUsd + completion.costUsd) * 1e8) / 1e8;
      spend.engine = completion.engine;
      content = completion.message.content;
    } catch (error) {
      if (!(error instanceof LanguageEngineError) || error.code !== 'INVALID_OUTPUT') throw error;
      issues = [{ path: '', message: error.message }];
      continue;
    }

    issues = validate(task, taskInput, content);
    if (issues.length === 0) {
      return { ok: true, output: task.outputSchema.parse(JSON.parse(content)), attempts: attempt, ...spend, engine: spend.engine ?? engine.name };
    }
    messages.push(
      { role: 'assistant', content },
      {
        role: 'user',
        content: `That answer is not valid:\n${issues.map((i) => `- ${i.path ? `${i.path}: ` : ''}${i.message}`).join('\n')}\nAnswer again with one JSON object that matches the schema and fixes these problems.`,
      },
    );
  }
  return { ok: false, error: { code: 'INVALID_OUTPUT', attempts: maxAttempts, issues }, ...spend };
}

function validate<I extends z.ZodType, O extends z.ZodType>(task: AiTask<I, O>, input: z.output<I>, content: string): AiTaskIssue[] {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return [{ path: '', message: 'the answer is not JSON' }];
  }
  const parsed = task.outputSchema.safeParse(json);
  if (!parsed.success) return toIssues(parsed.error);
  return (task.checkOutput?.(parsed.data, input) ?? []).map((message) => ({ path: '', message }));
}

function toIssues(error: z.ZodError): AiTaskIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}
