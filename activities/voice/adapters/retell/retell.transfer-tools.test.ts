import type { TransferTool } from '../../../../domain/contracts/agents.contract';
import { retellTransferTool, withRetellTransferTools } from './retell.transfer-tools';

const cold: TransferTool = {
  name: 'transfer_to_office',
  description: 'Transfer when the caller asks for a person',
  transfer_destination: { type: 'predefined', number: '+15125550100' },
  transfer_option: { type: 'cold_transfer', show_transferee_as_caller: false },
  show_transferee_as_caller: true,
};
const warm: TransferTool = {
  name: 'transfer_to_dispatch',
  description: '',
  transfer_destination: { type: 'predefined', number: '+15125550101' },
  transfer_option: { type: 'warm_transfer', public_handoff_option: { type: 'static_message', message: 'Connecting you to dispatch.' } },
  warm_transfer_option: { type: 'prompt', prompt: 'Tell dispatch what the caller needs.' },
  show_transferee_as_caller: false,
};

describe('Retell transfer tools', () => {
  it('writes a cold transfer with the caller shown as the transferee when either flag asks for it', () => {
    expect(retellTransferTool(cold)).toEqual({
      type: 'transfer_call',
      name: 'transfer_to_office',
      description: 'Transfer when the caller asks for a person',
      transfer_destination: { type: 'predefined', number: '+15125550100' },
      transfer_option: { type: 'cold_transfer', show_transferee_as_caller: true },
    });
  });

  it('writes a warm transfer with its public handoff and the private handoff prompt, without an empty description', () => {
    expect(retellTransferTool(warm)).toEqual({
      type: 'transfer_call',
      name: 'transfer_to_dispatch',
      transfer_destination: { type: 'predefined', number: '+15125550101' },
      transfer_option: {
        type: 'warm_transfer',
        public_handoff_option: { type: 'static_message', message: 'Connecting you to dispatch.' },
        private_handoff_option: { type: 'prompt', prompt: 'Tell dispatch what the caller needs.' },
        show_transferee_as_caller: false,
      },
    });
  });

  it('replaces only the transfer_call tools, keeping the others in order', () => {
    const endCall = { type: 'end_call', name: 'end_call', description: 'Hang up' };
    const custom = { type: 'custom', name: 'get_capacity', url: 'https://example.test/tool', speak_after_execution: true };
    const old = { type: 'transfer_call', name: 'old_transfer', transfer_destination: { type: 'predefined', number: '+15125550199' } };
    expect(withRetellTransferTools([endCall, old, custom], [warm]).map((t) => t.name)).toEqual(['end_call', 'get_capacity', 'transfer_to_dispatch']);
    expect(withRetellTransferTools([endCall, old, custom], [])).toEqual([endCall, custom]);
  });
});
