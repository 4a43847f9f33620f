import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startFakeVendorServer, type FakeVendorServer } from '../../../activities/testing/fake-vendor-server';
import { eventually, uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

// Issue 14 point 2: an agent's transfer tools are written to its voice platform's own agent by a workflow, and the
// platform's answer shows on the agent. The platforms are the local fake vendor server, answering as Retell and Vapi do.

let h: ProductHarness;
let vendor: FakeVendorServer;
const run = uniqueName('').replace(/^_/, '');

const coldTransfer = {
  name: 'transfer_to_office',
  description: 'Transfer when the caller asks for a person',
  transfer_destination: { number: '+15125550100' },
  transfer_option: { type: 'cold_transfer' },
};
const warmTransfer = {
  name: 'transfer_to_dispatch',
  transfer_destination: { number: '+15125550101' },
  transfer_option: { type: 'warm_transfer', public_handoff_option: { type: 'static_message', message: 'A caller with a burst pipe.' } },
};

type Owner = ReturnType<typeof request.agent>;

async function orgWithAgent(name: string): Promise<{ orgId: string; owner: Owner; agentId: string }> {
  const { orgId, agent: owner } = await onboardAndLogIn(h, {
    name: `${name} ${run}`,
    adminEmail: `${name.toLowerCase().replace(/\W+/g, '-')}-${run}@platform.test`,
  });
  const created = await owner.post('/agent').send({ org_id: orgId, agent_type: 'OFFICE_HOURS_CSR' });
  expect(created.status).toBe(201);
  return { orgId, owner, agentId: created.body.id as string };
}

const syncOf = async (owner: Owner, agentId: string) => (await owner.get(`/agent/${agentId}`)).body.platform_sync as Record<string, unknown> | null;

beforeAll(async () => {
  [h, vendor] = await Promise.all([startProductHarness(), startFakeVendorServer()]);
}, 180_000);

afterAll(async () => {
  await Promise.all([h?.stop(), vendor?.close()]);
}, 60_000);

describe("an agent's transfer tools on its voice platform", () => {
  it("writes them to the Retell agent's LLM, keeping its other tools, and shows the agent synced", async () => {
    const { orgId, owner, agentId } = await orgWithAgent('Retell HVAC');
    const apiKey = `key_retell_${run}`;
    expect((await owner.put(`/org/${orgId}/voice-platforms/retell`).send({ apiKey, baseUrl: vendor.url })).status).toBe(200);
    const agentPath = `/get-agent/agent_${run}`;
    vendor.on('GET', agentPath, { status: 200, body: { agent_id: `agent_${run}`, response_engine: { type: 'retell-llm', llm_id: `llm_${run}` } } });
    const endCall = { type: 'end_call', name: 'end_call' };
    vendor.on('GET', `/get-retell-llm/llm_${run}`, { status: 200, body: { llm_id: `llm_${run}`, general_tools: [endCall] } });
    vendor.on('PATCH', `/update-retell-llm/llm_${run}`, { status: 200, body: { llm_id: `llm_${run}` } });

    const res = await owner.put('/agent').send({ agent_id: agentId, provider: 'retell', provider_agent_id: `agent_${run}`, transfer_tools: [coldTransfer] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: 'retell', provider_agent_id: `agent_${run}` });

    const sync = await eventually(async () => {
      const s = await syncOf(owner, agentId);
      return s?.status === 'synced' ? s : null;
    });
    expect(sync).toMatchObject({ provider: 'retell', provider_agent_id: `agent_${run}`, transfer_tool_names: ['transfer_to_office'], error: null });
    const [patch] = vendor.requestsTo('PATCH', `/update-retell-llm/llm_${run}`);
    expect(patch.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(patch.body).toEqual({
      general_tools: [
        endCall,
        {
          type: 'transfer_call',
          name: 'transfer_to_office',
          description: 'Transfer when the caller asks for a person',
          transfer_destination: { type: 'predefined', number: '+15125550100' },
          transfer_option: { type: 'cold_transfer', show_transferee_as_caller: false },
        },
      ],
    });

    // An edit elsewhere on the agent writes nothing to the platform.
    await owner.put('/agent').send({ agent_id: agentId, friendly_name: 'Front desk' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(vendor.requestsTo('PATCH', `/update-retell-llm/llm_${run}`)).toHaveLength(1);
  }, 60_000);

  it("records the platform's refusal on the agent, and a save of the same tools once the key is fixed syncs it", async () => {
    const { orgId, owner, agentId } = await orgWithAgent('Vapi Plumbing');
    const assistantPath = `/assistant/asst_${run}`;
    expect((await owner.put(`/org/${orgId}/voice-platforms/vapi`).send({ apiKey: `wrong_${run}`, baseUrl: vendor.url })).status).toBe(200);
    vendor.on('GET', assistantPath, (req) =>
      req.headers.authorization === `Bearer good_${run}`
        ? { status: 200, body: { id: `asst_${run}`, model: { provider: 'openai', model: 'gpt-4o', tools: [] } } }
        : {
            status: 401,
            body: {
              message: 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
              error: 'Unauthorized',
              statusCode: 401,
            },
          },
    );
    vendor.on('PATCH', assistantPath, { status: 200, body: { id: `asst_${run}` } });
    const edit = { agent_id: agentId, provider: 'vapi', provider_agent_id: `asst_${run}`, transfer_tools: [warmTransfer] };

    expect((await owner.put('/agent').send(edit)).status).toBe(200);
    const failed = await eventually(async () => {
      const s = await syncOf(owner, agentId);
      return s?.status === 'failed' ? s : null;
    });
    expect(failed).toMatchObject({ provider: 'vapi', provider_agent_id: `asst_${run}`, transfer_tool_names: ['transfer_to_dispatch'] });
    expect(failed.error).toContain('401');
    // A refused key is not retried: one read, no write.
    expect(vendor.requestsTo('GET', assistantPath)).toHaveLength(1);
    expect(vendor.requestsTo('PATCH', assistantPath)).toHaveLength(0);

    expect((await owner.put(`/org/${orgId}/voice-platforms/vapi`).send({ apiKey: `good_${run}` })).status).toBe(200);
    expect((await owner.put('/agent').send(edit)).status).toBe(200);
    await eventually(async () => (await syncOf(owner, agentId))?.status === 'synced');
    const [patch] = vendor.requestsTo('PATCH', assistantPath);
    expect((patch.body as { model: { tools: unknown[] } }).model.tools).toEqual([
      {
        type: 'transferCall',
        function: { name: 'transfer_to_dispatch' },
        destinations: [{ type: 'number', number: '+15125550101', transferPlan: { mode: 'warm-transfer-say-message', message: 'A caller with a burst pipe.' } }],
      },
    ]);
  }, 60_000);

  it('shows a sandbox agent synced offline, and says a platform without transfer-tool support does not support it', async () => {
    const { orgId, owner, agentId } = await orgWithAgent('Sandbox Electric');
    expect((await owner.put('/agent').send({ agent_id: agentId, transfer_tools: [coldTransfer] })).status).toBe(200);
    const synced = await eventually(async () => {
      const s = await syncOf(owner, agentId);
      return s?.status === 'synced' ? s : null;
    });
    expect(synced).toMatchObject({ provider: 'sandbox', provider_agent_id: agentId, transfer_tool_names: ['transfer_to_office'] });

    expect((await owner.put(`/org/${orgId}/voice-platforms/bland`).send({ apiKey: `bland_${run}`, baseUrl: vendor.url })).status).toBe(200);
    expect((await owner.put('/agent').send({ agent_id: agentId, provider: 'bland', provider_agent_id: `pathway_${run}` })).status).toBe(200);
    const refused = await eventually(async () => {
      const s = await syncOf(owner, agentId);
      return s?.status === 'failed' ? s : null;
    });
    expect(refused).toMatchObject({ provider: 'bland', error: 'Bland does not support configuring transfer tools on its agent from HomeAgent' });
  }, 60_000);
});
