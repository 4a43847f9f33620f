import type { ChatMessage, ToolDefinition } from '../../language-engine.port';
import { classifyInteractionTask } from '../../ai-tasks/classify-interaction.prompt';
import { UNBOOKED_CALL } from '../../ai-tasks/interactions.fixtures';
import { outputJsonSchema } from '../../ai-tasks/run-ai-task';
import { OfflineLanguageEngine } from './offline.engine';
import { articleFor } from './offline-task-answers';

const engine = new OfflineLanguageEngine();
const SYSTEM: ChatMessage = { role: 'system', content: 'You are the after-hours CSR.\ncompany_name: Demo HVAC' };

const CALLBACK: ToolDefinition = {
  name: 'create_action_callback_request',
  description: 'Request a callback from the office',
  parameters: {
    type: 'object',
    properties: { is_emergency_callback: { type: 'boolean' }, phone_number: { type: 'string' } },
    required: ['is_emergency_callback', 'phone_number'],
  },
};
const END_CALL: ToolDefinition = { name: 'end_call', description: 'Hang up', parameters: { type: 'object', properties: {} } };

/** Plays the user's lines against the engine, answering tool calls with `toolResult`, and returns the whole conversation. */
async function converse(userLines: string[], tools: ToolDefinition[], toolResult = '{"success":true}'): Promise<ChatMessage[]> {
  const messages: ChatMessage[] = [SYSTEM];
  for (const line of userLines) {
    messages.push({ role: 'user', content: line });
    for (;;) {
      const { message } = await engine.complete({ model: 'default', messages, tools });
      messages.push({ role: 'assistant', content: message.content, toolCalls: message.toolCalls });
      if (message.toolCalls.length === 0 || message.toolCalls[0].name === 'end_call') break;
      for (const call of message.toolCalls) messages.push({ role: 'tool', toolCallId: call.id, content: toolResult });
    }
  }
  return messages;
}

const assistantSays = (messages: ChatMessage[]) => messages.filter((m) => m.role === 'assistant').map((m) => m.content);

describe('offline engine: conversation turns', () => {
  it('greets first, as the agent its script names, and the answer says it is the offline engine', async () => {
    const completion = await engine.complete({ model: 'default', messages: [SYSTEM] });
    expect(completion).toMatchObject({ engine: 'offline', costUsd: 0, usage: { promptTokens: 0, completionTokens: 0 } });
    expect(completion.message.content).toBe('Thanks for calling Demo HVAC. How can I help you today?');
    const named = await engine.complete({ model: 'default', messages: [{ role: 'system', content: `${SYSTEM.content}\nagent_name: Riley` }] });
    expect(named.message.content).toBe('Thanks for calling Demo HVAC, this is Riley. How can I help you today?');
    const scripted = await engine.complete({
      model: 'default',
      messages: [{ role: 'system', content: `${SYSTEM.content}\nregular_greeting: Demo HVAC after hours, Riley speaking.` }],
    });
    expect(scripted.message.content).toBe('Demo HVAC after hours, Riley speaking.');
  });

  it('collects the facts, requests an emergency callback through the tool, and ends the call', async () => {
    const messages = await converse(
      [
        'Hi, my basement is flooding from the water heater!',
        'My name is Sam Reed.',
        "It's 217-555-3344.",
        'I live at 12 Maple Ave, Springfield, IL 62704.',
        "No, that's all, thanks.",
      ],
      [CALLBACK, END_CALL],
    );
    const says = assistantSays(messages);
    expect(says[0]).toContain('May I have your full name?');
    expect(says[0]).toContain("I'm sorry to hear that.");
    expect(says[1]).toContain('phone number');
    expect(says[2]).toContain('address');
    // The session, not each line, is marked as the offline engine's.
    for (const text of says) expect(text).not.toMatch(/^\(offline engine\)/);

    const toolTurn = messages.find((m) => m.toolCalls?.some((c) => c.name === 'create_action_callback_request'));
    expect(toolTurn?.toolCalls).toEqual([
      { id: 'offline_call_1', name: 'create_action_callback_request', arguments: { is_emergency_callback: true, phone_number: '+12175553344' } },
    ]);
    const afterTool = messages[messages.indexOf(toolTurn!) + 2];
    expect(afterTool.content).toContain('call you back at +12175553344 as soon as possible');
    const last = messages[messages.length - 1];
    expect(last.toolCalls).toEqual([{ id: 'offline_end', name: 'end_call', arguments: {} }]);
    expect(last.content).toContain('goodbye');
    expect(says.join(' ')).not.toMatch(/\bbooked\b/i);
  });

  it('asks what the problem is when the caller opens with a greeting, and does not take "No heat" for a goodbye', async () => {
    const messages = await converse(['Hello?', 'No heat since this morning', 'This is Ana Diaz.'], [CALLBACK]);
    const says = assistantSays(messages);
    expect(says[0]).toContain('What can we help you with today?');
    expect(says[1]).toContain('May I have your full name?');
    expect(says[2]).toContain('phone number');
  });

  it('opens a conversation the caller started as the agent its script names, not as an "offline assistant"', async () => {
    const named: ChatMessage = { role: 'system', content: `${SYSTEM.content}\nagent_name: Riley` };
    const { message } = await engine.complete({ model: 'default', messages: [named, { role: 'user', content: 'My furnace is making a loud bang' }] });
    expect(message.content).toBe('Thanks for contacting Demo HVAC, this is Riley. May I have your full name?');
    const anonymous = await engine.complete({ model: 'default', messages: [SYSTEM, { role: 'user', content: 'My furnace is making a loud bang' }] });
    expect(anonymous.message.content).toBe('Thanks for contacting Demo HVAC. May I have your full name?');
  });

  it('notes the request without a callback tool, and closes without claiming a booking', async () => {
    const messages = await converse(['My AC is not cooling', 'My name is Lee Park', '217 555 0100', 'We are at 5 Hill Rd, Springfield, IL 62701', 'bye'], []);
    const says = assistantSays(messages);
    expect(says[3]).toBe("Thank you, Lee. I've noted your request: My AC is not cooling. Our office will contact you at +12175550100. Is there anything else?");
    expect(says[4]).toContain('goodbye');
    expect(messages.some((m) => (m.toolCalls ?? []).length > 0)).toBe(false);
  });

  it('does not call a tool whose required parameters it cannot fill', async () => {
    const booking: ToolDefinition = {
      name: 'create_action_job_booking',
      description: 'Book a job',
      parameters: {
        type: 'object',
        properties: { appointment_time: { type: 'string' }, job_type_id: { type: 'string' } },
        required: ['appointment_time', 'job_type_id'],
      },
    };
    const messages = await converse(['My AC is not cooling', 'My name is Lee Park', '217 555 0100', 'We are at 5 Hill Rd, Springfield, IL 62701'], [booking]);
    expect(messages.some((m) => (m.toolCalls ?? []).length > 0)).toBe(false);
    expect(assistantSays(messages).pop()).toContain("I've noted your request");
  });

  it('tells the caller when the callback tool failed', async () => {
    const messages = await converse(
      ['My AC is not cooling', 'My name is Lee Park', '217 555 0100', 'We are at 5 Hill Rd, Springfield, IL 62701'],
      [CALLBACK],
      '{"success":false,"error":"CRM down"}',
    );
    expect(assistantSays(messages).pop()).toContain("I couldn't record your request. Please call Demo HVAC directly.");
  });

  it('answers the same conversation the same way every time', async () => {
    const first = await converse(['My AC is not cooling', 'My name is Lee Park'], [CALLBACK]);
    const second = await converse(['My AC is not cooling', 'My name is Lee Park'], [CALLBACK]);
    expect(second).toEqual(first);
  });
});

describe('offline engine: structured tasks', () => {
  it('answers a task it knows with JSON for that task', async () => {
    const completion = await engine.complete({
      model: 'cheap',
      messages: classifyInteractionTask.prompt(UNBOOKED_CALL),
      responseSchema: { name: 'classify_interaction', schema: outputJsonSchema(classifyInteractionTask) },
    });
    expect(JSON.parse(completion.message.content)).toMatchObject({ call_type: 'Unbooked' });
    expect(completion.model).toBe('offline-cue-model-1');
  });

  it('refuses a task it has no rules for, and input it cannot read', async () => {
    await expect(
      engine.complete({ model: 'default', messages: [{ role: 'user', content: 'x' }], responseSchema: { name: 'write_poem', schema: {} } }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', retryable: false, message: expect.stringContaining('write_poem') });
    await expect(
      engine.complete({
        model: 'default',
        messages: [{ role: 'user', content: 'classify this call please' }],
        responseSchema: { name: 'classify_interaction', schema: {} },
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(engine.complete({ model: 'default', messages: [SYSTEM], signal: controller.signal })).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});

describe('articleFor', () => {
  it.each([
    ['Electrical', 'an'],
    ['HVAC', 'an'],
    ['Plumbing', 'a'],
    ['home-service', 'a'],
    ['Roofing', 'a'],
    ['UV', 'a'],
  ])('%s takes "%s"', (word, article) => {
    expect(articleFor(word)).toBe(article);
  });
});
