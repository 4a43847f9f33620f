import { describe, expect, it } from '@jest/globals';
import { isClassified, linesOfTurn, WebCallTurnSchema } from './web-call.schema';

describe('web call lines', () => {
  it('shows the caller, then the tools in the order called, then the agent', () => {
    const turn = WebCallTurnSchema.parse({
      call_id: 'c1',
      reply: 'I have Monday at 8 AM.',
      tool_calls: [
        { name: 'check_address', arguments: { zipcode: '78701' }, result: 'In the service area.' },
        { name: 'get_capacity', arguments: {}, result: 'Openings.' },
      ],
      ended: false,
    });
    expect(linesOfTurn('120 Oak Street 78701', turn).map((l) => (l.kind === 'tool' ? `tool:${l.tool.name}` : l.kind))).toEqual(['caller', 'tool:check_address', 'tool:get_capacity', 'agent']);
  });

  it('leaves out an empty agent reply', () => {
    expect(linesOfTurn('bye', { call_id: 'c1', reply: '', tool_calls: [], ended: true })).toEqual([{ kind: 'caller', text: 'bye' }]);
  });

  it('waits while the interaction is unknown or still processing', () => {
    expect(isClassified(undefined)).toBe(false);
    expect(isClassified('PROCESSING')).toBe(false);
    expect(isClassified('UNBOOKED')).toBe(true);
  });
});
