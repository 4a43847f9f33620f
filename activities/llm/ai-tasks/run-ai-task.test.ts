import { type Completion, type CompletionRequest, type LanguageEngine, LanguageEngineError } from '../language-engine.port';
import { classifyInteractionTask } from './classify-interaction.prompt';
import { BOOKED_CALL, UNBOOKED_CALL } from './interactions.fixtures';
import { BOOKED_WITHOUT_BOOKINGS } from '../../../domain/interaction/interaction.schema';
import { reachedVoicemailTask } from './reached-voicemail.prompt';
import { runAiTask } from './run-ai-task';

/** An engine that answers from a script and keeps every request it was sent. */
class ScriptedEngine implements LanguageEngine {
  readonly name = 'scripted';
  readonly requests: CompletionRequest[] = [];
  constructor(private readonly replies: (string | Error)[]) {}

  async complete(request: CompletionRequest): Promise<Completion> {
    this.requests.push({ ...request, messages: [...request.messages] });
    const reply = this.replies.shift();
    if (reply === undefined) throw new Error('script exhausted');
    if (reply instanceof Error) throw reply;
    return { message: { content: reply, toolCalls: [] }, usage: { promptTokens: 100, completionTokens: 20 }, costUsd: 0.001, engine: 'scripted', model: 'm' };
  }
}

const VALID = JSON.stringify({ call_type: 'Unbooked', call_type_reason: 'The caller hung up after the offer.' });

describe('runAiTask', () => {
  it('sends the prompt with the strict output schema under the task name and returns the parsed output', async () => {
    const engine = new ScriptedEngine([VALID]);
    const result = await runAiTask(engine, classifyInteractionTask, UNBOOKED_CALL);
    expect(result).toEqual({
      ok: true,
      output: { call_type: 'Unbooked', call_type_reason: 'The caller hung up after the offer.' },
      attempts: 1,
      usage: { promptTokens: 100, completionTokens: 20 },
      costUsd: 0.001,
      engine: 'scripted',
    });
    const [request] = engine.requests;
    expect(request.model).toBe('default');
    expect(request.responseSchema?.name).toBe('classify_interaction');
    expect(request.responseSchema?.schema).toEqual({
      type: 'object',
      properties: {
        call_type: { type: 'string', enum: ['Abandoned', 'Unbooked', 'Excused', 'Booked', 'NotLead'] },
        call_type_reason: { type: 'string' },
      },
      required: ['call_type', 'call_type_reason'],
      additionalProperties: false,
    });
    expect(request.messages.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('uses the default model unless the caller asks for the cheaper one (useCheaperModel)', async () => {
    const engine = new ScriptedEngine(['{"reached_voicemail":false}', '{"reached_voicemail":false}']);
    await runAiTask(engine, reachedVoicemailTask, UNBOOKED_CALL);
    await runAiTask(engine, reachedVoicemailTask, UNBOOKED_CALL, { model: 'cheap' });
    expect(engine.requests.map((r) => r.model)).toEqual(['default', 'cheap']);
  });

  it('retries an answer that fails its schema, telling the model what was wrong', async () => {
    const engine = new ScriptedEngine([JSON.stringify({ call_type: 'Maybe', call_type_reason: 'x' }), VALID]);
    const result = await runAiTask(engine, classifyInteractionTask, UNBOOKED_CALL);
    expect(result).toMatchObject({ ok: true, attempts: 2, usage: { promptTokens: 200, completionTokens: 40 }, costUsd: 0.002 });
    const retry = engine.requests[1].messages;
    expect(retry.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(retry[2].content).toContain('"Maybe"');
    expect(retry[3].content).toContain('call_type: Invalid option');
  });

  it('ends as a recorded INVALID_OUTPUT error after maxAttempts, never with a half-valid output', async () => {
    const engine = new ScriptedEngine(['{"call_type":"Unbooked"}', 'not json', '{"call_type":"Unbooked"}']);
    const result = await runAiTask(engine, classifyInteractionTask, UNBOOKED_CALL);
    expect(result.ok).toBe(false);
    expect(result).not.toHaveProperty('output');
    if (result.ok) return;
    expect(result.error).toEqual({
      code: 'INVALID_OUTPUT',
      attempts: 3,
      issues: [{ path: 'call_type_reason', message: 'Invalid input: expected string, received undefined' }],
    });
    expect(engine.requests[2].messages[engine.requests[2].messages.length - 1].content).toContain('the answer is not JSON');
    expect(result.usage.promptTokens).toBe(300);
  });

  it('applies the spec rule "Call with status BOOKED must have bookings" to the answer', async () => {
    const booked = JSON.stringify({ call_type: 'Booked', call_type_reason: 'The caller agreed to Friday.' });
    const engine = new ScriptedEngine([booked, booked]);
    const result = await runAiTask(engine, classifyInteractionTask, UNBOOKED_CALL, { maxAttempts: 2 });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_OUTPUT', attempts: 2, issues: [{ path: '', message: BOOKED_WITHOUT_BOOKINGS }] } });
    expect(engine.requests[1].messages[3].content).toContain(BOOKED_WITHOUT_BOOKINGS);

    const withBooking = new ScriptedEngine([booked]);
    expect((await runAiTask(withBooking, classifyInteractionTask, BOOKED_CALL)).ok).toBe(true);
  });

  it('rejects invalid input without calling the engine', async () => {
    const engine = new ScriptedEngine([VALID]);
    const result = await runAiTask(engine, classifyInteractionTask, { agentType: 'NOT_AN_AGENT', org: { name: 'x' }, transcript: [] } as never);
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', attempts: 0 } });
    if (!result.ok) expect(result.error.issues.map((i) => i.path)).toContain('agentType');
    expect(engine.requests).toHaveLength(0);
  });

  it('lets engine failures through for the activity retry policy', async () => {
    const engine = new ScriptedEngine([new LanguageEngineError('UNAUTHORIZED', 'bad key')]);
    await expect(runAiTask(engine, classifyInteractionTask, UNBOOKED_CALL)).rejects.toMatchObject({ code: 'UNAUTHORIZED', retryable: false });
  });

  it('counts malformed engine output as a failed attempt', async () => {
    const engine = new ScriptedEngine([new LanguageEngineError('INVALID_OUTPUT', 'unreadable completion'), VALID]);
    const result = await runAiTask(engine, classifyInteractionTask, UNBOOKED_CALL);
    expect(result).toMatchObject({ ok: true, attempts: 2 });
  });
});
