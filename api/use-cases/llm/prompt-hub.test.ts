import { guardrailTask } from '../../../activities/llm/ai-tasks/guardrail.prompt';
import { readTaskInput } from '../../../activities/llm/ai-tasks/task-input';
import { OfflineLanguageEngine } from '../../../activities/llm/adapters/offline/offline.engine';
import type { CompletionRequest, LanguageEngine } from '../../../activities/llm/language-engine.port';
import { fillPromptTemplate, runTaskForApi, withHubPrompt } from './prompt-hub';
import { messageInputs } from './langgraph';

const input = { agentType: 'CHAT_CSR_AGENT' as const, orgName: 'Acme Air', message: 'Is tomorrow free?', history: [] };

/** The offline engine, recording what it was asked. */
function recordingEngine(): LanguageEngine & { requests: CompletionRequest[] } {
  const inner = new OfflineLanguageEngine();
  const requests: CompletionRequest[] = [];
  return { name: 'recording', requests, complete: (r) => (requests.push(r), inner.complete(r)) };
}

describe('hub prompts', () => {
  it('fills {placeholders} from the input and leaves unknown ones', () => {
    expect(fillPromptTemplate('Guard {orgName} ({agentType}); {missing}', input)).toBe('Guard Acme Air (CHAT_CSR_AGENT); {missing}');
  });

  it("replaces the task's instructions but keeps its input block, so the answer is still checked against the task", async () => {
    const engine = recordingEngine();
    const result = await runTaskForApi(engine, withHubPrompt(guardrailTask, 'You guard {orgName}.'), input, true);
    expect(result.ok).toBe(true);
    const [request] = engine.requests;
    expect(request.messages[0]).toEqual({ role: 'system', content: 'You guard Acme Air.' });
    expect(readTaskInput(request.messages)).toEqual(input);
    expect(request.responseSchema?.name).toBe('guardrail');
  });

  it('asks for the cheap model only with useCheaperModel', async () => {
    const engine = recordingEngine();
    await runTaskForApi(engine, guardrailTask, input, false);
    await runTaskForApi(engine, guardrailTask, input, true);
    expect(engine.requests.map((r) => r.model)).toEqual(['default', 'cheap']);
  });
});

describe('langgraph message inputs', () => {
  it('feed the guardrail as a chat message', () => {
    const fitting = messageInputs('hello').filter((i) => guardrailTask.inputSchema.safeParse(i).success);
    expect(fitting).toHaveLength(1);
    expect(fitting[0]).toMatchObject({ message: 'hello' });
  });
});
