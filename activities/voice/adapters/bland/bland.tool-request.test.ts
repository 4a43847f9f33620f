import { blandToolRequests } from './bland.tool-request';

const at = new Date('2026-01-05T15:00:00.000Z');

describe('Bland custom tool requests (the body the README asks for)', () => {
  it('reads the tool, {{call_id}}, the numbers and the input, dropping placeholders Bland left unfilled', () => {
    const read = blandToolRequests.read(
      { tool: 'check_address', call_id: 'd9cce3f3', from: '+17735550108', to: '{{to}}', args: { zipcode: '{{input.zipcode}}', previouslyCalled: false } },
      at,
    );
    expect(read).toEqual({
      provider: 'bland',
      providerCallId: 'd9cce3f3',
      interactionId: null,
      invocations: [{ toolCallId: null, tool: 'check_address', args: { previouslyCalled: false } }],
      call: { occurredAt: at.toISOString(), record: { status: 'in-progress', fromNumber: '+17735550108', toNumber: undefined } },
    });
  });

  it('names no call when {{call_id}} was left out or unfilled, and answers JSON for the response mapping', () => {
    const read = blandToolRequests.read({ tool: 'end_call', call_id: '{{call_id}}' }, at)!;
    expect(read).toMatchObject({ providerCallId: null, call: null });
    expect(blandToolRequests.answer(read, [{ result: 'Say goodbye.', end_call: true }])).toEqual({ result: 'Say goodbye.', end_call: true });
    expect(blandToolRequests.read({ call_id: 'x' }, at)).toBeNull();
  });
});
