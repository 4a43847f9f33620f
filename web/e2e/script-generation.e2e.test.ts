import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { type E2eBrowser, e2eStack, screenshotOnFailure, startOwnerSession } from './e2e-support';

// Script generation (issue 14 point 3) in the running product: an owner opens an agent's Generate script page from
// its editor, gives the company's website (offline: the stored contractor page), watches the steps and sees the
// variables the agent now has.

const { webUrl, artifactsDir, api } = e2eStack();
const STEP_TIMEOUT_MS = 20_000;

let browser: E2eBrowser | undefined;
let page: Page;
let orgId: string;
let agentId: string;

beforeAll(async () => {
  ({ browser, page, orgId } = await startOwnerSession('script-generation-e2e', { label: 'Script', timeoutMs: STEP_TIMEOUT_MS }));
  const created = await page.request.post(api('/agent'), { data: { org_id: orgId, agent_type: 'OFFICE_HOURS_CSR' } });
  expect(created.status()).toBe(201);
  agentId = ((await created.json()) as { id: string }).id;
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('Generate script', () => {
  it("fills the agent's script variables from the company's website", async () => {
    await screenshotOnFailure(page, artifactsDir, 'script-generation', async () => {
      await page.goto(new URL(`/agents/${agentId}?org=${orgId}`, webUrl).toString());
      await page.getByTestId('agent-script-link').click();
      await page.waitForURL((u) => u.pathname === `/agents/${agentId}/script`);
      await page.getByLabel('Website URL').fill('https://www.bluebonnet-hvac.example');
      await page.getByRole('button', { name: 'Generate' }).click();
      await page.getByText('✓ Saving to the agent').waitFor({ timeout: 60_000 });
      await page.getByRole('heading', { name: /^Script variables from Bluebonnet Heating/ }).waitFor();
      mkdirSync(artifactsDir, { recursive: true });
      await page.screenshot({ path: path.join(artifactsDir, 'script-generation.png'), fullPage: true });

      // The agent record carries what the page shows (the read model follows AgentUpdated).
      let phone: unknown;
      for (let attempt = 0; attempt < 20 && !phone; attempt += 1) {
        const agent = (await (await page.request.get(api(`/agent/${agentId}`))).json()) as { script_config: Record<string, unknown> };
        phone = agent.script_config.company_phone_number;
        if (!phone) await page.waitForTimeout(500);
      }
      expect(String(phone)).toContain('512');
    });
  }, 120_000);
});
