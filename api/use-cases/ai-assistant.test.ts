import { describe, expect, it } from '@jest/globals';
import pino from 'pino';
import { csrAssistantInputFor, UNBOOKED_CALL } from '../../activities/llm/ai-tasks/interactions.fixtures';
import { OfflineLanguageEngine } from '../../activities/llm/adapters/offline/offline.engine';
import { type LanguageEngine, LanguageEngineError } from '../../activities/llm/language-engine.port';
import { answerQuestion, ASSISTANT_FALLBACK_ANSWER } from './ai-assistant';

const logLines: string[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => void logLines.push(line) });
const input = csrAssistantInputFor(UNBOOKED_CALL, 'Was anything booked?');

describe('answering a CSR question through the language-engine port', () => {
  it("gives the engine's answer and names the engine", async () => {
    expect(await answerQuestion(new OfflineLanguageEngine(), input, logger)).toEqual({
      answer: 'No. Nothing was booked on this call (status: Not booked).',
      engine: 'offline',
      fallback: false,
    });
  });

  it('falls back to a stock reply, marked as such, when the engine is down or keeps answering badly', async () => {
    const down: LanguageEngine = {
      name: 'openai',
      complete: async () => {
        throw new LanguageEngineError('UNAVAILABLE', 'connection refused', { engine: 'openai' });
      },
    };
    const garbled: LanguageEngine = {
      name: 'openai',
      complete: async () => ({
        message: { content: '{"reply": 1}', toolCalls: [] },
        usage: { promptTokens: 1, completionTokens: 1 },
        costUsd: 0,
        engine: 'openai',
        model: 'm',
      }),
    };
    for (const engine of [down, garbled]) {
      expect(await answerQuestion(engine, input, logger)).toEqual({ answer: ASSISTANT_FALLBACK_ANSWER, engine: null, fallback: true });
    }
    expect(logLines.join('\n')).toContain('connection refused');
  });

  it('lets a failure that is not the engine’s surface as an error', async () => {
    const broken: LanguageEngine = {
      name: 'x',
      complete: async () => {
        throw new TypeError('a bug');
      },
    };
    await expect(answerQuestion(broken, input, logger)).rejects.toThrow('a bug');
  });
});
