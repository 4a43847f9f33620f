import { OfflineLanguageEngine } from '../llm/adapters/offline/offline.engine';
import type { ChatMessage } from '../llm/language-engine.port';
import { defaultAgentsFor, type AgentProfile } from '../../domain/agents/agent-profile';
import type { AgentToolCall, AgentTools } from './agent-tools.port';
import { openConversation, runAgentTurn, type AgentTurn } from './conversation';
import { synthesiseTranscript, webCallRecord, type WebCallEntry } from '../../domain/call/web-call-record';

const org = { id: '00000000-0000-4000-8000-000000000001', name: 'Demo Heating & Air', timezone: 'America/Chicago', tradesOffered: ['HVAC'] };
const jobTypes = [
  { id: '101', name: 'AC Repair', description: '', businessUnitId: '1' },
  { id: '102', name: 'Furnace Tune-Up', description: '', businessUnitId: '1' },
  { id: '201', name: 'Drain Cleaning', description: '', businessUnitId: '2' },
];
const agents = defaultAgentsFor(org, jobTypes, (_orgId, type) => `agent-${type}`);
const agentOf = (type: AgentProfile['agentType']) => agents.find((a) => a.agentType === type)!;

/** The tool endpoint's answers, as a sandbox CRM with three open windows tomorrow would give them. */
function fakeTools(): AgentTools & { calls: AgentToolCall[] } {
  const calls: AgentToolCall[] = [];
  return {
    calls,
    async run(call) {
      calls.push(call);
      switch (call.tool) {
        case 'check_address':
          return call.args.zipcode === '78701'
            ? { result: 'Zip code 78701 is in our service area.', data: { inServiceArea: true } }
            : { result: `We don't serve zip code ${String(call.args.zipcode)}.`, data: { inServiceArea: false } };
        case 'get_capacity':
          return {
            result: 'That time is not available. The nearest openings are ...',
            data: {
              available: false,
              slots: [
                { start: '2026-03-04T08:00:00', end: '2026-03-04T10:00:00' },
                { start: '2026-03-04T10:00:00', end: '2026-03-04T12:00:00' },
                { start: '2026-03-04T13:00:00', end: '2026-03-04T15:00:00' },
              ],
            },
          };
        case 'create_action_job_booking':
          return { result: 'Booked.', data: { action_status: 'COMPLETED', jobNumber: 'J-2001' } };
        case 'create_action_callback_request':
          return { result: 'A callback is requested.', data: { action_status: 'COMPLETED' } };
        case 'end_call':
          return { result: 'Say goodbye.', end_call: true };
        default:
          return { result: '', error: `Template tool schema not found for tool type: ${call.tool}` };
      }
    },
  };
}

async function converse(agent: AgentProfile, callerLines: string[]) {
  const tools = fakeTools();
  const ctx = { engine: new OfflineLanguageEngine(), tools, agent, orgId: org.id, interactionId: 'interaction-1', correlationId: 'test' };
  let messages: ChatMessage[] = openConversation(agent, '2026-03-03T09:15');
  const turns: AgentTurn[] = [];
  const entries: WebCallEntry[] = [];
  const greeting = await runAgentTurn(ctx, messages, null);
  messages = greeting.messages;
  entries.push({ kind: 'turn', role: 'Agent', content: greeting.reply });
  for (const line of callerLines) {
    const turn = await runAgentTurn(ctx, messages, line);
    messages = turn.messages;
    turns.push(turn);
    entries.push({ kind: 'turn', role: 'Customer', content: line }, ...turn.toolCalls.map((use) => ({ kind: 'tool' as const, use })), {
      kind: 'turn',
      role: 'Agent',
      content: turn.reply,
    });
    if (turn.ended) break;
  }
  return { greeting, turns, tools, entries };
}

describe('the in-house agent with the offline engine', () => {
  it('books a job: greets, collects the details, checks the address and capacity, offers windows, books, confirms and ends', async () => {
    const { greeting, turns, tools, entries } = await converse(agentOf('OFFICE_HOURS_CSR'), [
      'Hi, my AC is blowing warm air.',
      'My name is Jane Cooper.',
      "It's 512-555-0199.",
      'The address is 120 Oak Street, Austin, TX 78701.',
      'The second one, please.',
      "No, that's all, thanks.",
    ]);
    expect(greeting.reply).toContain('Thanks for calling Demo Heating & Air, this is Olivia');
    expect(turns[0].reply).toMatch(/full name/);
    expect(turns[1].reply).toMatch(/phone number/);
    expect(turns[2].reply).toMatch(/address/);
    expect(turns[3].toolCalls.map((t) => t.name)).toEqual(['check_address', 'get_capacity']);
    expect(turns[3].reply).toContain(
      'Wednesday, March 4 between 8 AM and 10 AM, Wednesday, March 4 between 10 AM and 12 PM or Wednesday, March 4 between 1 PM and 3 PM',
    );
    expect(turns[4].toolCalls.map((t) => t.name)).toEqual(['create_action_job_booking']);
    expect(turns[4].reply).toMatch(/all set, Jane.*Wednesday at 10 AM.*J-2001/);
    expect(turns[5].toolCalls.map((t) => t.name)).toEqual(['end_call']);
    expect(turns[5].ended).toBe(true);

    const byTool = Object.fromEntries(tools.calls.map((c) => [c.tool, c.args]));
    expect(byTool.check_address).toEqual({ previouslyCalled: false, zipcode: '78701', streetNumber: '120', streetName: 'Oak Street' });
    expect(byTool.get_capacity).toMatchObject({ time_to_check: '2026-03-04T08:00:00', job_type_id: '101', business_unit: '1' });
    expect(byTool.create_action_job_booking).toEqual({
      appointment_time: '2026-03-04T10:00:00',
      job_type_id: '101',
      business_unit_id: '1',
      address: '120 Oak Street, Austin, TX 78701',
      zip: '78701',
      is_emergency_slot: false,
      full_name: 'Jane Cooper',
      phone_number: '+15125550199',
    });
    expect(tools.calls.every((c) => c.interactionId === 'interaction-1' && c.orgId === org.id)).toBe(true);

    const record = webCallRecord({
      providerCallId: 'call-1',
      agent: agentOf('OFFICE_HOURS_CSR'),
      entries,
      dynamicVariables: {},
      startedAt: '2026-03-03T15:15:00.000Z',
      endedAt: '2026-03-03T15:18:30.000Z',
      endedReason: 'agent_hangup',
      providerEndedReason: 'agent_ended',
    });
    expect(record).toMatchObject({
      provider: 'in_house',
      providerCallId: 'call-1',
      type: 'webCall',
      direction: 'inbound',
      status: 'ended',
      durationSeconds: 210,
    });
    expect(record.metadata.agent_type).toBe('OFFICE_HOURS_CSR');
    expect(record.transcriptObject.map((t) => t.role)).toEqual([
      'Agent',
      'Customer',
      'Agent',
      'Customer',
      'Agent',
      'Customer',
      'Agent',
      'Customer',
      'Agent',
      'Customer',
      'Agent',
      'Customer',
      'Agent',
    ]);
    expect(record.readableTranscriptWithToolCalls).toContain('Tool call: create_action_job_booking(');
  });

  it('takes a callback request from a caller who only wants a call back', async () => {
    const { turns, tools } = await converse(agentOf('OFFICE_HOURS_CSR'), [
      'Can someone call me back about my furnace? My number is 512-555-0123.',
      'No, that is all. Bye.',
    ]);
    expect(turns[0].toolCalls).toEqual([
      expect.objectContaining({ name: 'create_action_callback_request', arguments: { is_emergency_callback: false, phone_number: '+15125550123' } }),
    ]);
    expect(turns[0].reply).toMatch(/call you back at \+15125550123/);
    expect(turns[1].ended).toBe(true);
    expect(tools.calls.map((c) => c.tool)).toEqual(['create_action_callback_request', 'end_call']);
  });

  it('ends the call politely with a caller who is not a customer, calling no business tools', async () => {
    const { turns, tools } = await converse(agentOf('OFFICE_HOURS_CSR'), ["Hi, I think I have the wrong number, I'm looking for Pizza Palace."]);
    expect(turns[0].ended).toBe(true);
    expect(turns[0].reply).toMatch(/Goodbye/);
    expect(tools.calls.map((c) => c.tool)).toEqual(['end_call']);
  });

  it('offers a callback when the address is outside the service area', async () => {
    const { turns, tools } = await converse(agentOf('OFFICE_HOURS_CSR'), [
      'My furnace is broken.',
      'My name is Sam Lee.',
      '512-555-0100',
      'I live at 9 Birch Lane, Dallas, TX 75001.',
      'Yes please.',
    ]);
    expect(turns[3].reply).toMatch(/don't serve zip code 75001.*call you back\?/);
    expect(turns[4].toolCalls.map((t) => t.name)).toEqual(['create_action_callback_request']);
    expect(tools.calls.map((c) => c.tool)).not.toContain('get_capacity');
  });

  it('runs a receptionist, who cannot book, through the callback dialogue', async () => {
    const receptionist = agentOf('RECEPTIONIST');
    expect(receptionist.tools).toEqual(['create_action_callback_request', 'end_call']);
    const { greeting } = await converse(receptionist, []);
    expect(greeting.reply).toContain('Demo Heating & Air');
  });
});

describe('synthesised word timings', () => {
  it('times every word from the speaking-rate model, turn after turn, never going backwards', () => {
    const { turns, spokenSeconds } = synthesiseTranscript([
      { kind: 'turn', role: 'Agent', content: 'Hello there' },
      { kind: 'tool', use: { name: 'end_call', arguments: {}, result: '' } },
      { kind: 'turn', role: 'Customer', content: 'Hi' },
    ]);
    expect(turns[0].words).toEqual([
      { word: 'Hello', start: 0, end: 0.364 },
      { word: 'there', start: 0.364, end: 0.727 },
    ]);
    expect(turns[1].words).toEqual([{ word: 'Hi', start: 1.527, end: 1.927 }]);
    expect(spokenSeconds).toBe(1.927);
  });
});
