import type { TransferTool } from '../../../../domain/contracts/agents.contract';
import { vapiTransferPlan, vapiTransferTool, withVapiTransferTools } from './vapi.transfer-tools';

const tool = (transfer_option: TransferTool['transfer_option']): TransferTool => ({
  name: 'transfer_to_office',
  description: 'Transfer when the caller asks for a person',
  transfer_destination: { type: 'predefined', number: '+15125550100' },
  transfer_option,
  show_transferee_as_caller: false,
});

describe('Vapi transfer tools', () => {
  it('maps cold to a blind transfer and warm to the say-message or say-summary modes', () => {
    expect(vapiTransferPlan(tool({ type: 'cold_transfer', show_transferee_as_caller: false }))).toEqual({ mode: 'blind-transfer' });
    expect(vapiTransferPlan(tool({ type: 'warm_transfer', public_handoff_option: { type: 'static_message', message: 'A caller about a leak.' } }))).toEqual({
      mode: 'warm-transfer-say-message',
      message: 'A caller about a leak.',
    });
    expect(vapiTransferPlan(tool({ type: 'warm_transfer', public_handoff_option: { type: 'prompt', prompt: 'Summarise the problem.' } }))).toEqual({
      mode: 'warm-transfer-say-summary',
      summaryPlan: { enabled: true, messages: [{ role: 'system', content: 'Summarise the problem.' }] },
    });
  });

  it('writes one transferCall tool per transfer tool, named by its function, with its one number destination', () => {
    expect(vapiTransferTool(tool({ type: 'cold_transfer', show_transferee_as_caller: false }))).toEqual({
      type: 'transferCall',
      function: { name: 'transfer_to_office', description: 'Transfer when the caller asks for a person' },
      destinations: [
        { type: 'number', number: '+15125550100', description: 'Transfer when the caller asks for a person', transferPlan: { mode: 'blind-transfer' } },
      ],
    });
  });

  it('replaces only the transferCall tools, keeping the others in order', () => {
    const endCall = { type: 'endCall' };
    const fn = { type: 'function', function: { name: 'get_capacity' }, server: { url: 'https://example.test/tool' } };
    const old = { type: 'transferCall', destinations: [] };
    const next = withVapiTransferTools([endCall, old, fn], [tool({ type: 'cold_transfer', show_transferee_as_caller: false })]);
    expect(next.map((t) => t.type)).toEqual(['endCall', 'function', 'transferCall']);
    expect(withVapiTransferTools([endCall, old, fn], [])).toEqual([endCall, fn]);
  });
});
