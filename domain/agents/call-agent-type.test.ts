import { emptyCallRecord, type CanonicalCallRecord } from '../call/call-record.schema';
import type { AgentType } from '../interaction/interaction.schema';
import { callAgentType, type OrgAgent } from './call-agent-type';

const CHICAGO = { timezone: 'America/Chicago' };
// 2026-01-05 is a Monday: 15:00Z is 9 AM in Chicago, 23:30Z is 5:30 PM.
const MONDAY_9AM = '2026-01-05T15:00:00.000Z';
const MONDAY_530PM = '2026-01-05T23:30:00.000Z';
const NOW = new Date('2026-01-06T12:00:00.000Z');

const call = (over: Partial<CanonicalCallRecord> = {}) => ({
  ...emptyCallRecord('retell', 'call-1'),
  direction: 'inbound' as const,
  startedAt: MONDAY_9AM,
  ...over,
});
const agent = (agentType: AgentType, providerAgentId: string | null = null): OrgAgent => ({ id: `agent-${agentType}`, agentType, providerAgentId });
const defaults = (['RECEPTIONIST', 'OFFICE_HOURS_CSR', 'AFTER_HOURS_CSR', 'SALES_AGENT'] as AgentType[]).map((t) => agent(t));

describe('callAgentType', () => {
  it('takes the agent type the call names, in metadata or call variables', () => {
    expect(callAgentType(call({ metadata: { agent_type: 'sales_agent' } }), defaults, CHICAGO, NOW)).toBe('SALES_AGENT');
    expect(callAgentType(call({ callVariables: { agent_type: 'RECEPTIONIST' } }), defaults, CHICAGO, NOW)).toBe('RECEPTIONIST');
  });

  it("then the type of the org's agent the call's voice agent is, by our id or the platform's", () => {
    expect(callAgentType(call({ voiceAgentId: 'agent-RECEPTIONIST' }), defaults, CHICAGO, NOW)).toBe('RECEPTIONIST');
    const agents = [...defaults, { id: 'ours', providerAgentId: 'agent_oBeD', agentType: 'AFTER_HOURS_CSR' as const }];
    expect(callAgentType(call({ voiceAgentId: 'agent_oBeD' }), agents, CHICAGO, NOW)).toBe('AFTER_HOURS_CSR');
  });

  it("then, for an inbound call, the org's inbound agent for the office hours at the call's start", () => {
    expect(callAgentType(call({ voiceAgentId: 'agent_unknown' }), defaults, CHICAGO, NOW)).toBe('OFFICE_HOURS_CSR');
    expect(callAgentType(call({ startedAt: MONDAY_530PM }), defaults, CHICAGO, NOW)).toBe('AFTER_HOURS_CSR');
    // Saturday is outside the default Monday–Friday hours.
    expect(callAgentType(call({ startedAt: '2026-01-10T16:00:00.000Z' }), defaults, CHICAGO, NOW)).toBe('AFTER_HOURS_CSR');
  });

  it("reads the org's own hours and holidays, in its time zone", () => {
    const evenings = { timezone: 'America/Chicago', regularHours: { Monday: [{ start: '17:00', end: '22:00' }] } };
    expect(callAgentType(call({ startedAt: MONDAY_530PM }), defaults, evenings, NOW)).toBe('OFFICE_HOURS_CSR');
    expect(callAgentType(call(), defaults, { ...CHICAGO, holidays: ['2026-01-05'] }, NOW)).toBe('AFTER_HOURS_CSR');
    // 9 AM in Chicago is 7 AM in Los Angeles, before its office opens.
    expect(callAgentType(call(), defaults, { timezone: 'America/Los_Angeles' }, NOW)).toBe('AFTER_HOURS_CSR');
  });

  it('uses the time given when the record has no start yet, and reads an unknown direction as inbound', () => {
    expect(callAgentType(call({ startedAt: null, direction: null }), defaults, CHICAGO, new Date(MONDAY_9AM))).toBe('OFFICE_HOURS_CSR');
    expect(callAgentType(call({ startedAt: null, createdAt: MONDAY_530PM }), defaults, CHICAGO, new Date(MONDAY_9AM))).toBe('AFTER_HOURS_CSR');
  });

  it("falls back to the org's other inbound agent when it has no agent for that window", () => {
    expect(callAgentType(call({ startedAt: MONDAY_530PM }), [agent('OFFICE_HOURS_CSR')], CHICAGO, NOW)).toBe('OFFICE_HOURS_CSR');
    expect(callAgentType(call(), [agent('RECEPTIONIST')], CHICAGO, NOW)).toBe('RECEPTIONIST');
  });

  it('leaves an outbound call without a named or known agent as it was', () => {
    expect(callAgentType(call({ direction: 'outbound' }), defaults, CHICAGO, NOW)).toBeNull();
  });
});
