import type { z } from 'zod';
import type { AiTask } from '../../../activities/llm/ai-tasks/ai-task';
import { findAiTask } from '../../../activities/llm/ai-tasks/registry';
import { runAiTask, type AiTaskIssue } from '../../../activities/llm/ai-tasks/run-ai-task';
import type { LanguageEngine } from '../../../activities/llm/language-engine.port';
import type { ApiDeps } from '../../deps';
import { ApiError, badRequest, notFound } from '../../http/errors';
import type { HubPromptModel } from '../../repositories/prompt-hub.repository';

/** `{name}` placeholders of a hub prompt filled from the task input's top-level values. */
export function fillPromptTemplate(template: string, input: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!Object.prototype.hasOwnProperty.call(input, key)) return whole;
    const value = input[key];
    return typeof value === 'string' ? value : JSON.stringify(value);
  });
}

/**
 * The task with a hub prompt as its instructions. The input still travels as the task's JSON block
 * and the answer is still checked against the task's schema: a pushed prompt changes what the model is
 * told, never what counts as a valid answer.
 */
export function withHubPrompt<I extends z.ZodType, O extends z.ZodType>(task: AiTask<I, O>, template: string): AiTask<I, O> {
  return {
    ...task,
    prompt(input) {
      const messages = task.prompt(input);
      const instructions = fillPromptTemplate(template, (input ?? {}) as Record<string, unknown>);
      return messages.map((m, i) => (i === 0 && m.role === 'system' ? { ...m, content: instructions } : m));
    },
  };
}

const describeIssues = (issues: AiTaskIssue[]) => issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');

export function requireAiTask(name: string): AiTask {
  const task = findAiTask(name);
  if (!task) throw notFound(`AI task not found: ${name}`);
  return task;
}

/** Runs a registry task on an input, mapping its refusals onto the API's errors. */
export async function runTaskForApi(engine: LanguageEngine, task: AiTask, input: unknown, useCheaperModel: boolean) {
  const result = await runAiTask(engine, task, input, { model: useCheaperModel ? 'cheap' : 'default' });
  if (result.ok) return result;
  if (result.error.code === 'INVALID_INPUT') throw badRequest(`Invalid input for ${task.name}: ${describeIssues(result.error.issues)}`);
  throw new ApiError(500, `The ${task.name} task gave no valid answer`);
}

/** POST /llm/push-to-hub: stores the prompt as the next version of its name. */
export async function pushPromptToHub(deps: ApiDeps, body: { promptName: string; promptStr: string; model: HubPromptModel }) {
  const stored = await deps.llm.prompts.push(body.promptName, body.promptStr, body.model);
  return { success: true as const, promptName: stored.name, version: stored.version };
}

/**
 * POST /llm/prompt-using-hub (spec 000 §7): runs the named AI task on the input, with the latest hub
 * prompt of the task's name as its instructions when one was pushed (the task's own prompt otherwise);
 * useCheaperModel picks the engine's cheaper model. Answers the task's output (§3 shapes).
 */
export async function runTaskUsingHub(
  deps: ApiDeps,
  body: { traceId: string; task: string; input: Record<string, unknown>; orgId: string; useCheaperModel: boolean },
) {
  const task = requireAiTask(body.task);
  if (!(await deps.organizations.findById(body.orgId))) throw notFound('Organization not found');
  const hub = await deps.llm.prompts.latest(task.name);
  const result = await runTaskForApi(deps.llm.engine, hub ? withHubPrompt(task, hub.prompt) : task, body.input, body.useCheaperModel);
  deps.logger.info(
    { traceId: body.traceId, task: task.name, hubVersion: hub?.version ?? null, engine: result.engine, attempts: result.attempts },
    'AI task run through the hub',
  );
  return { output: result.output as Record<string, unknown>, hubVersion: hub?.version ?? null };
}
