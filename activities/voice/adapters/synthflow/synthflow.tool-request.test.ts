import { synthflowToolRequests } from './synthflow.tool-request';

const at = new Date('2026-01-05T15:00:00.000Z');

describe('Synthflow custom action requests (the body the README asks for)', () => {
  it('reads the tool, {call_id}, the customer number and the variables, dropping unfilled ones', () => {
    const read = synthflowToolRequests.read(
      {
        tool: 'create_action_callback_request',
        call_id: '1711646262471x7683',
        user_phone_number: '+13125550177',
        args: { is_emergency_callback: false, phone_number: '{phone_number}' },
      },
      at,
    );
    expect(read).toEqual({
      provider: 'synthflow',
      providerCallId: '1711646262471x7683',
      interactionId: null,
      invocations: [{ toolCallId: null, tool: 'create_action_callback_request', args: { is_emergency_callback: false } }],
      call: { occurredAt: at.toISOString(), record: { status: 'in-progress', receiverId: '+13125550177' } },
    });
    expect(synthflowToolRequests.answer(read!, [{ result: 'A callback is requested.' }])).toEqual({ result: 'A callback is requested.' });
  });
});
