import { agentTypeOf, summaryTaskFor, tagTaskFor } from './post-call-rules';

describe('post-call rules', () => {
  it('summarises by status, except for agents with a summary of their own', () => {
    expect(summaryTaskFor('EXCUSED', 'RECEPTIONIST')).toBe('summary_excused');
    expect(summaryTaskFor('UNBOOKED', 'OFFICE_HOURS_CSR')).toBe('summary_unbooked');
    expect(summaryTaskFor('ABANDONED', 'RECEPTIONIST')).toBe('summary_generic');
    expect(summaryTaskFor('UNBOOKED', 'DEMO_AGENT')).toBe('summary_demo');
    expect(summaryTaskFor('COMPLETED', 'APPOINTMENT_REMINDER_AGENT')).toBe('summary_appointment_reminder');
  });

  it('tags outbound calls with the outbound tags and inbound ones by status', () => {
    expect(tagTaskFor('UNBOOKED', 'outbound')?.task).toBe('tags_outbound_text');
    expect(tagTaskFor('EXCUSED', 'inbound')?.task).toBe('tags_excused');
    expect(tagTaskFor('ABANDONED', 'inbound')).toBeNull();
  });

  it('reads the agent type the call was created with, and nothing else', () => {
    expect(agentTypeOf({ metadata: { agent_type: 'after_hours_csr' }, callVariables: {} })).toBe('AFTER_HOURS_CSR');
    expect(agentTypeOf({ metadata: {}, callVariables: { agent_type: 'DEMO_AGENT' } })).toBe('DEMO_AGENT');
    expect(agentTypeOf({ metadata: { agent_type: 'janitor' }, callVariables: {} })).toBeNull();
  });
});
