import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { vapiToolRequests } from './vapi.tool-request';

const body = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'tool-calls.json'), 'utf8'));
const at = new Date('2026-01-05T15:00:00.000Z');

describe('Vapi tool-calls messages', () => {
  it('reads every tool call of the message and the call it belongs to', () => {
    const read = vapiToolRequests.read(body, at);
    expect(read).toMatchObject({
      provider: 'vapi',
      providerCallId: '2a7f1c4e-9b3d-4e8a-b6f2-5c1d0e9a8b7c',
      invocations: [{ toolCallId: 'call_Xk2pQ9', tool: 'get_capacity', args: { zip: '60614', job_type: 'furnace_repair' } }],
      call: { occurredAt: '2025-03-04T15:00:00.118Z', record: { status: 'in-progress', direction: 'inbound', receiverId: '+13125550142' } },
    });
  });

  it('reads toolWithToolCallList when the message has no toolCallList, and JSON-text arguments', () => {
    const { toolCallList: _unused, ...message } = body.message;
    const toolCall = { id: 'tc-2', type: 'function', function: { name: 'check_customer', arguments: '{"phoneNumber":"5125550101"}' } };
    const read = vapiToolRequests.read({ message: { ...message, toolWithToolCallList: [{ type: 'function', toolCall }] } }, at);
    expect(read?.invocations).toEqual([{ toolCallId: 'tc-2', tool: 'check_customer', args: { phoneNumber: '5125550101' } }]);
  });

  it('is not a tool request when the message is another kind, and answers {results: [{toolCallId, result}]}', () => {
    expect(vapiToolRequests.read({ message: { ...body.message, type: 'status-update' } }, at)).toBeNull();
    const read = vapiToolRequests.read(body, at)!;
    expect(vapiToolRequests.answer(read, [{ result: 'Yes, 10 AM is open.', data: { available: true } }])).toEqual({
      results: [{ toolCallId: 'call_Xk2pQ9', result: 'Yes, 10 AM is open.' }],
    });
  });
});
