import { OfflineLanguageEngine } from '../llm/adapters/offline/offline.engine';
import type { ChatMessage } from '../llm/language-engine.port';
import { defaultAgentsFor, withTransferTool, type AgentProfile, type AgentTransfer } from '../../domain/agents/agent-profile';
import { agentProfileOf } from '../../domain/agents/agent-record';
import type { Agent } from '../../domain/contracts/agents.contract';
import type { AgentToolCall, AgentTools } from './agent-tools.port';
import { openConversation, runAgentTurn, type AgentTurn } from './conversation';
import { toolDefinitionsFor, systemPromptFor } from './agent-prompt';
import { webCallRecord, type WebCallEntry } from '../../domain/call/web-call-record';
import { callStatusFor } from '../../domain/interaction/interaction.schema';

const org = { id: '00000000-0000-4000-8000-000000000001', name: 'Demo Heating & Air', timezone: 'America/Chicago', tradesOffered: ['HVAC'] };
const jobTypes = [{ id: '101', name: 'AC Repair', description: '', businessUnitId: '1' }];
const csr = defaultAgentsFor(org, jobTypes, (_orgId, type) => `agent-${type}`).find((a) => a.agentType === 'OFFICE_HOURS_CSR')!;

const WARM: AgentTransfer = {
  name: 'transfer_to_office',
  description: 'The office manager',
  number: '+15125550100',
  kind: 'warm',
  handoff: { type: 'static_message', message: 'I have a caller who asked for the office manager.' },
  showTransfereeAsCaller: false,
};
const COLD: AgentTransfer = { ...WARM, name: 'transfer_cold', kind: 'cold', handoff: null, showTransfereeAsCaller: true };
const withTransfers = (agent: AgentProfile, transfers: AgentTransfer[]): AgentProfile => ({
  ...agent,
  tools: withTransferTool(agent.tools, transfers),
  transfers,
});

function recordingTools(): AgentTools & { calls: AgentToolCall[] } {
  const calls: AgentToolCall[] = [];
  return {
    calls,
    async run(call) {
      calls.push(call);
      if (call.tool === 'create_action_callback_request') return { result: 'A callback is requested.', data: { action_status: 'COMPLETED' } };
      if (call.tool === 'end_call') return { result: 'Say goodbye.', end_call: true };
      return { result: '', error: `unexpected tool ${call.tool}` };
    },
  };
}

async function converse(agent: AgentProfile, callerLines: string[]) {
  const tools = recordingTools();
  const ctx = { engine: new OfflineLanguageEngine(), tools, agent, orgId: org.id, interactionId: 'interaction-1', correlationId: 'test' };
  let messages: ChatMessage[] = openConversation(agent, '2026-03-03T09:15');
  const entries: WebCallEntry[] = [];
  const turns: AgentTurn[] = [];
  messages = (await runAgentTurn(ctx, messages, null)).messages;
  for (const line of callerLines) {
    const turn = await runAgentTurn(ctx, messages, line);
    messages = turn.messages;
    turns.push(turn);
    entries.push({ kind: 'turn', role: 'Customer', content: line }, ...turn.toolCalls.map((use) => ({ kind: 'tool' as const, use })));
    entries.push({ kind: 'turn', role: 'Agent', content: turn.reply });
    if (turn.ended) break;
  }
  return { turns, tools, entries };
}

describe('transfer_call on the in-house agent', () => {
  it('is offered only to an agent with transfer tools, described by the tools’ names and descriptions', () => {
    expect(toolDefinitionsFor(csr).map((t) => t.name)).not.toContain('transfer_call');
    const agent = withTransfers(csr, [WARM, COLD]);
    const def = toolDefinitionsFor(agent).find((t) => t.name === 'transfer_call')!;
    expect(def.description).toContain('- transfer_to_office: The office manager (warm transfer)');
    expect(def.description).toContain('- transfer_cold: The office manager (cold transfer)');
    expect(def.parameters).toMatchObject({ properties: { tool_name: { enum: ['transfer_to_office', 'transfer_cold'] } }, required: ['tool_name'] });
    expect(systemPromptFor(agent, '2026-03-03T09:15')).toMatch(/asks for a person .* call transfer_call/);
    expect(systemPromptFor(csr, '2026-03-03T09:15')).not.toMatch(/transfer_call/);
  });

  it('warm: tells the caller, records the handoff said to the person, and the call ends transferred', async () => {
    const { turns, tools, entries } = await converse(withTransfers(csr, [WARM]), ['My AC is broken.', 'Can I speak to a manager please?']);
    const last = turns[turns.length - 1];
    expect(last.ended).toBe(true);
    expect(last.reply).toMatch(/connect you with someone at the office; I'll tell them what you need first/);
    expect(last.toolCalls).toEqual([
      expect.objectContaining({
        name: 'transfer_call',
        arguments: { tool_name: 'transfer_to_office' },
        data: {
          tool_name: 'transfer_to_office',
          destination: '+15125550100',
          kind: 'warm',
          handoff_message: 'I have a caller who asked for the office manager.',
          show_transferee_as_caller: false,
        },
      }),
    ]);
    // The transfer is the runtime's own: nothing went to the tool endpoint.
    expect(tools.calls).toEqual([]);
    const record = webCallRecord({
      providerCallId: 'call-1',
      agent: csr,
      entries,
      dynamicVariables: {},
      startedAt: '2026-03-03T15:15:00.000Z',
      endedAt: '2026-03-03T15:16:00.000Z',
      endedReason: 'agent_hangup',
      providerEndedReason: 'agent_ended',
    });
    expect(record.endedReason).toBe('transferred');
    expect(record.forwardedPhoneNumber).toBe('+15125550100');
    expect(record.readableTranscriptWithToolCalls).toContain('transfer_call');
  });

  it('warm with a prompt: the handoff is the prompt with what the caller said (offline)', async () => {
    const prompted: AgentTransfer = { ...WARM, handoff: { type: 'prompt', prompt: 'Brief the manager on the caller.' } };
    const { turns } = await converse(withTransfers(csr, [prompted]), ['I want to talk to a real person.']);
    expect(turns[0].toolCalls[0].data?.handoff_message).toBe('Brief the manager on the caller. Caller said: "I want to talk to a real person."');
  });

  it('cold: transfers at once with no handoff', async () => {
    const { turns } = await converse(withTransfers(csr, [COLD]), ['Transfer me to the office.']);
    expect(turns[0].ended).toBe(true);
    expect(turns[0].reply).toMatch(/transferring you to someone at the office now/);
    expect(turns[0].toolCalls[0].data).toMatchObject({ kind: 'cold', handoff_message: null, show_transferee_as_caller: true });
  });

  it('without a transfer tool, a caller asking for a person is offered a callback and it is requested', async () => {
    const { turns, tools, entries } = await converse(csr, ['Can I speak to a manager?', "It's 512-555-0199."]);
    expect(turns[0].reply).toMatch(/can't transfer you right now, but I can have the office call you back/);
    expect(turns[0].toolCalls).toEqual([]);
    expect(tools.calls.map((c) => c.tool)).toEqual(['create_action_callback_request']);
    const record = webCallRecord({
      providerCallId: 'call-2',
      agent: csr,
      entries,
      dynamicVariables: {},
      startedAt: '2026-03-03T15:15:00.000Z',
      endedAt: '2026-03-03T15:16:00.000Z',
      endedReason: 'agent_hangup',
      providerEndedReason: 'agent_ended',
    });
    expect(record.endedReason).toBe('agent_hangup');
    expect(record.forwardedPhoneNumber).toBeNull();
  });

  it('an unknown transfer tool name is refused and the call goes on', async () => {
    const agent = withTransfers(csr, [WARM, COLD]);
    const engine = {
      async complete() {
        return {
          message: { content: 'Connecting you.', toolCalls: [{ id: 'c1', name: 'transfer_call', arguments: { tool_name: 'nope' } }] },
          usage: undefined,
        };
      },
    } as unknown as OfflineLanguageEngine;
    const ctx = { engine, tools: recordingTools(), agent, orgId: org.id, interactionId: 'i', correlationId: 't' };
    const turn = await runAgentTurn(ctx, openConversation(agent, '2026-03-03T09:15'), 'a person please');
    expect(turn.ended).toBe(false);
    expect(turn.toolCalls[0].error).toBe('Unknown transfer tool: nope');
  });
});

describe('agent records with transfer tools', () => {
  const base = {
    id: '00000000-0000-4000-8000-0000000000aa',
    org_id: org.id,
    agent_type: 'OFFICE_HOURS_CSR',
    friendly_name: 'CSR',
    script_config: {},
    job_types: [],
  } as unknown as Agent;
  it('gives the agent transfer_call and its transfers from transfer_tools', () => {
    const agent = agentProfileOf(
      {
        ...base,
        transfer_tools: [
          {
            name: 'to_office',
            description: 'Office',
            transfer_destination: { number: '+15125550100', type: 'predefined' },
            transfer_option: { type: 'warm_transfer', public_handoff_option: { type: 'static_message', message: 'Caller for you.' } },
            show_transferee_as_caller: false,
          },
        ],
      },
      org,
    );
    expect(agent.tools).toContain('transfer_call');
    expect(agent.transfers).toEqual([
      {
        name: 'to_office',
        description: 'Office',
        number: '+15125550100',
        kind: 'warm',
        handoff: { type: 'static_message', message: 'Caller for you.' },
        showTransfereeAsCaller: false,
      },
    ]);
    expect(agentProfileOf({ ...base, transfer_tools: [] }, org).tools).not.toContain('transfer_call');
  });
});

describe('call status of a transferred call (000 §4)', () => {
  it('is TRANSFERRED whatever the call type, else the call type’s status', () => {
    expect(callStatusFor('Excused', 'transferred')).toBe('TRANSFERRED');
    expect(callStatusFor('Booked', 'transferred')).toBe('TRANSFERRED');
    expect(callStatusFor('Excused', 'user_hangup')).toBe('EXCUSED');
    expect(callStatusFor('Booked', null)).toBe('BOOKED');
  });
});
