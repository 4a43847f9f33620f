import { describe, expect, it } from '@jest/globals';
import { AI_TASKS } from '../../ai-tasks/registry';
import { runAiTask } from '../../ai-tasks/run-ai-task';
import { BOOKED_CALL, csrAssistantInputFor, UNBOOKED_CALL } from '../../ai-tasks/interactions.fixtures';
import type { CsrAssistantInput } from '../../ai-tasks/csr-assistant-reply.prompt';
import { OfflineLanguageEngine } from './offline.engine';

// The CSR assistant on the offline engine, through the language-engine port as the API calls it.
const engine = new OfflineLanguageEngine();

async function ask(input: CsrAssistantInput): Promise<string> {
  const result = await runAiTask(engine, AI_TASKS.csr_assistant_reply, input);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  expect(result).toMatchObject({ attempts: 1, engine: 'offline', costUsd: 0 });
  return result.output.answer;
}

const EARLIER: CsrAssistantInput['earlierCalls'] = [
  { id: 'int-0', startedAt: 'Jul 2, 2025, 4:40 PM CDT', status: 'UNBOOKED', summary: 'Asked for a furnace tune-up price.', tags: [] },
  { id: 'int-00', startedAt: 'Mar 3, 2025, 10:05 AM CST', status: 'BOOKED', summary: 'Booked a water heater install.', tags: ['booked'] },
];

describe('the CSR assistant on the offline engine', () => {
  it('says what was booked, with the job and the appointment the booking action asked for', async () => {
    const answer = await ask(csrAssistantInputFor(BOOKED_CALL, 'Was anything booked?'));
    expect(answer).toBe('Yes: job 1001 (scheduled), for Jul 16, 2025, 8:00 AM CDT.');
  });

  it('says nothing was booked on an unbooked call, and why, from the classification and the summary', async () => {
    expect(await ask(csrAssistantInputFor(UNBOOKED_CALL, 'Was anything booked?'))).toBe('No. Nothing was booked on this call (status: Not booked).');
    const why = await ask(csrAssistantInputFor(UNBOOKED_CALL, 'Why unbooked?'));
    expect(why).toContain('It is Not booked: the caller left before a window was accepted ("the noise just stopped", 00:36).');
    expect(why).toContain('Summary: The caller said the noise had stopped and hung up before booking.');
  });

  it('tells a booking the agent tried and the CRM dropped apart from no attempt at all', async () => {
    const dropped = {
      ...BOOKED_CALL,
      facts: { ...BOOKED_CALL.facts, actions: BOOKED_CALL.facts.actions.map((a) => ({ ...a, status: 'DROPPED' as const })) },
    };
    const answer = await ask(csrAssistantInputFor(dropped, 'Did it get booked?'));
    expect(answer).toBe('No. The agent tried to book (job booking) but it did not go through: the CRM refused the appointment window.');
  });

  it('answers what the customer wanted with the summary and their own words, cited by time', async () => {
    const answer = await ask(csrAssistantInputFor(UNBOOKED_CALL, 'What did the customer want?'));
    expect(answer).toBe(
      'John Carter called about a furnace banging when it starts. In their words: (00:04) “Hi, my furnace is making a loud banging noise when it starts.”',
    );
  });

  it("lists the customer's earlier calls from the same number, newest first, and says when there are none", async () => {
    const answer = await ask(csrAssistantInputFor(UNBOOKED_CALL, 'Previous calls?', EARLIER));
    expect(answer.split('\n')).toEqual([
      '2 other calls from +12175550177 (1 booked), newest first:',
      '- Jul 2, 2025, 4:40 PM CDT: Not booked, Asked for a furnace tune-up price.',
      '- Mar 3, 2025, 10:05 AM CST: Booked, Booked a water heater install.',
    ]);
    expect(await ask(csrAssistantInputFor(UNBOOKED_CALL, 'Has this customer called before?'))).toBe(
      'This is the only call from +12175550177 to Demo HVAC on record.',
    );
  });

  it('answers two topics of one question, and finds transcript lines for a question no topic covers', async () => {
    const both = await ask(csrAssistantInputFor(BOOKED_CALL, 'Was it booked and what did they need?'));
    expect(both.split('\n\n')).toHaveLength(2);
    expect(both).toContain('Yes: job 1001');
    expect(both).toContain('(00:05) “Hi, my AC stopped blowing cold air last night');
    const friday = await ask(csrAssistantInputFor(UNBOOKED_CALL, 'Did they talk about Friday?'));
    expect(friday).toBe('The transcript mentions it: (00:28) “Let me check our availability. I can offer Friday between 1 and 3 PM.” (agent)');
    const nothing = await ask(csrAssistantInputFor(UNBOOKED_CALL, 'Did they mention a warranty?'));
    expect(nothing).toMatch(/^I could not find that in this call\. I answer from this call’s summary/);
  });

  it('suggests the follow-up an unbooked call needs, and gives the same answer to the same question', async () => {
    const input = csrAssistantInputFor(UNBOOKED_CALL, 'What should I do next?');
    const first = await ask(input);
    expect(first).toMatch(/^Call the customer back at \+12175550177: John Carter called about a furnace banging when it starts\. It is Not booked/);
    expect(await ask(input)).toBe(first);
  });
});
