import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { retellToolRequests } from './retell.tool-request';

const started = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'call_started.json'), 'utf8')).call;
const at = new Date('2026-01-05T15:00:00.000Z');

describe('Retell custom function requests', () => {
  it('reads {name, args, call}: the tool, its arguments and the call it belongs to, without the live transcript', () => {
    const call = { ...started, call_status: 'ongoing', transcript_object: [{ role: 'user', content: 'Hi' }] };
    const read = retellToolRequests.read({ name: 'check_address', args: { zipcode: '60614' }, call }, at);
    expect(read).toMatchObject({
      provider: 'retell',
      providerCallId: 'call_a4441234567890777c4a4a123e6',
      interactionId: null,
      invocations: [{ toolCallId: null, tool: 'check_address', args: { zipcode: '60614' } }],
      call: {
        occurredAt: '2024-05-02T00:07:55.945Z',
        record: { status: 'in-progress', direction: 'inbound', fromNumber: '+13125550142', voiceAgentId: started.agent_id },
      },
    });
    expect(read!.call!.record.transcriptObject).toBeUndefined();
  });

  it('is not a Retell request without its call object (the "args only" payload)', () => {
    expect(retellToolRequests.read({ zipcode: '60614' }, at)).toBeNull();
    expect(retellToolRequests.read({ name: 'check_address', args: {} }, at)).toBeNull();
  });

  it('answers with the answer itself, which Retell hands to its LLM', () => {
    const read = retellToolRequests.read({ name: 'end_call', args: {}, call: started }, at)!;
    expect(retellToolRequests.answer(read, [{ result: 'Say goodbye.', end_call: true }])).toEqual({ result: 'Say goodbye.', end_call: true });
  });
});
