import { describe, expect, it } from '@jest/globals';
import { WebCallTurnResponseSchema } from '@contracts/web-call.contract';
import { isClassified, linesOfTurn } from './web-call.schema';

const CALL_ID = '6f1c2a0e-8d4b-4c1e-9a57-2b3f4d5e6a7b';

describe('web call lines', () => {
  it('shows the caller, then the tools in the order called, then the agent', () => {
    const turn = WebCallTurnResponseSchema.parse({
      call_id: CALL_ID,
      reply: 'I have Monday at 8 AM.',
      tool_calls: [
        { name: 'check_address', arguments: { zipcode: '78701' }, result: 'In the service area.' },
        { name: 'get_capacity', arguments: {}, result: 'Openings.' },
      ],
      ended: false,
    });
    expect(linesOfTurn('120 Oak Street 78701', turn).map((l) => (l.kind === 'tool' ? `tool:${l.tool.name}` : l.kind))).toEqual([
      'caller',
      'tool:check_address',
      'tool:get_capacity',
      'agent',
    ]);
  });

  it('leaves out an empty agent reply', () => {
    expect(linesOfTurn('bye', { call_id: CALL_ID, reply: '', tool_calls: [], ended: true })).toEqual([{ kind: 'caller', text: 'bye' }]);
  });

  it('waits while the interaction is unknown or still processing', () => {
    expect(isClassified(undefined)).toBe(false);
    expect(isClassified('PROCESSING')).toBe(false);
    expect(isClassified('UNBOOKED')).toBe(true);
  });
});
