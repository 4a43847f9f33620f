import { findAiTask } from '../../ai-tasks/registry';
import { readTaskInput } from '../../ai-tasks/task-input';
import { type Completion, type CompletionRequest, type LanguageEngine, LanguageEngineError } from '../../language-engine.port';
import { nextTurn } from './dialogue-policy';
import type { CallTypeDecider } from './offline-call-analysis';
import { answeringWith, isOfflineAnswerable, OFFLINE_ANSWERS } from './offline-task-answers';

const ENGINE = 'offline';
/** The model name each completion reports: the call type decided by the trained cue model, or by the rules alone. */
export const OFFLINE_MODELS = { model: 'offline-cue-model-1', rules: 'offline-rules-1' } as const;

/**
 * A language engine with no network and no model: structured AI tasks are answered by rules over the
 * task input (transcript phrases and recorded facts), conversations by a fixed dialogue policy. Every
 * interaction records this engine once (no line carries a marker). It uses no tokens and costs nothing.
 */
export class OfflineLanguageEngine implements LanguageEngine {
  readonly name = ENGINE;

  /**
   * `callType`: who decides a call's type once no evidence does: the trained call-type model (default) or the
   * hand-written rules. The model is the default because it carried over better to calls nobody tuning either had
   * read (README, "A trained call-type model beside the rules"); `npm run eval:calls -- --call-type rules` plays a set
   * with the rules.
   */
  private readonly decider: CallTypeDecider;

  constructor(options: { callType?: CallTypeDecider } = {}) {
    this.decider = options.callType ?? 'model';
  }

  async complete(request: CompletionRequest): Promise<Completion> {
    if (request.signal?.aborted) throw new LanguageEngineError('CANCELLED', 'The caller cancelled the completion', { engine: ENGINE });
    const message = request.responseSchema ? { content: this.answerTask(request), toolCalls: [] } : nextTurn(request.messages, request.tools);
    return { message, usage: { promptTokens: 0, completionTokens: 0 }, costUsd: 0, engine: ENGINE, model: OFFLINE_MODELS[this.decider] };
  }

  private answerTask(request: CompletionRequest): string {
    const name = request.responseSchema!.name;
    const task = findAiTask(name);
    if (!task || !isOfflineAnswerable(name)) {
      throw new LanguageEngineError('BAD_REQUEST', `The offline engine has no rules for the task "${name}"`, { engine: ENGINE });
    }
    const input = task.inputSchema.safeParse(readTaskInput(request.messages));
    if (!input.success) {
      throw new LanguageEngineError('BAD_REQUEST', `The offline engine could not read the input of "${name}": ${input.error.message}`, {
        engine: ENGINE,
      });
    }
    const answer = answeringWith(this.decider, () => (OFFLINE_ANSWERS[name] as (input: unknown) => unknown)(input.data));
    return JSON.stringify(answer);
  }
}
