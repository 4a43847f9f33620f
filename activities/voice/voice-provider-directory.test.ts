import { describe, expect, it, jest } from '@jest/globals';
import type { Db } from '../../prisma/client';
import { createVoiceProviderDirectory } from './voice-provider-directory';
import type { VoiceCallTokenStore } from './voice-call-tokens.repository';
import type { VoicePlatformAccount } from './voice-platform-accounts.repository';

const ORG = '6f1c2b9e-0d3a-4c55-9e1f-2a7b8c9d0e1f';
const account: VoicePlatformAccount = {
  provider: 'synthflow',
  webhookSecret: 'secret',
  toolSecret: null,
  apiKey: 'key',
  baseUrl: 'https://synthflow.test/v2',
  active: true,
  updatedAt: new Date(0),
};

describe('a placed call whose webhook token cannot be kept', () => {
  it('still answers the call id (a 500 would make a retry dial again) and logs the lost token', async () => {
    const placed: string[] = [];
    const fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
      placed.push(`${init?.method} ${String(url)}`);
      return new Response(JSON.stringify({ status: 'ok', response: { call_id: 'call_1' } }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof globalThis.fetch;
    const store: VoiceCallTokenStore = {
      issue: () => 'token',
      bind: () => Promise.reject(new Error('database is down')),
      matches: () => Promise.resolve(false),
    };
    const warn = jest.fn();
    const directory = createVoiceProviderDirectory({
      db: {} as Db,
      accounts: { find: async () => account, findActive: async () => account },
      deliver: async () => undefined,
      fetch,
      callTokens: { store, apiBaseUrl: 'https://api.homeagent.test' },
      logger: { warn } as never,
    });
    const synthflow = await directory.named(ORG, 'synthflow', 'corr');
    await expect(synthflow!.createCall({ assistantId: 'model_1', callVariables: {}, customerPhone: '+13035550177' })).resolves.toEqual({ callId: 'call_1' });
    expect(placed).toEqual(['POST https://synthflow.test/v2/calls']);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ orgId: ORG, provider: 'synthflow', providerCallId: 'call_1', error: 'database is down' }),
      expect.any(String),
    );
  });
});
