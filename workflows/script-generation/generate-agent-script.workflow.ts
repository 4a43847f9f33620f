import { proxyActivities, setHandler, upsertSearchAttributes, uuid4, workflowInfo } from '@temporalio/workflow';
import type { ScriptGenerationActivities } from '../../activities/script-generation/script-generation.activities';
import type { WebsiteActivities } from '../../activities/website/website.activities';
import { ORG_ID_ATTRIBUTE } from '../search-attributes';
import { getAgentScriptProgressQuery } from './script-generation.messages';
import type { AgentScriptProgress, GenerateAgentScriptInput, GenerateAgentScriptResult } from './script-generation.types';

const { prepareScriptGeneration, saveAgentScript } = proxyActivities<ScriptGenerationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', maximumInterval: '10 seconds', maximumAttempts: 5 },
});

// A site that is down is tried a few times; a refused address or a 404 fails the run at once (non-retryable).
const { readCompanyWebsite } = proxyActivities<WebsiteActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '2 seconds', maximumInterval: '20 seconds', maximumAttempts: 3 },
});

const { writeAgentScript } = proxyActivities<ScriptGenerationActivities>({
  startToCloseTimeout: '2 minutes',
  retry: { initialInterval: '2 seconds', maximumInterval: '30 seconds', maximumAttempts: 3 },
});

/** POST /script-generator (000 §7, §4 admin workflows): the agent's script variables from its company's website. */
export async function generateAgentScriptWorkflow(input: GenerateAgentScriptInput): Promise<GenerateAgentScriptResult> {
  const progress: AgentScriptProgress = { step: 'starting', orgId: input.orgId, agentId: input.agentId };
  setHandler(getAgentScriptProgressQuery, () => progress);
  upsertSearchAttributes([{ key: ORG_ID_ATTRIBUTE, value: input.orgId }]);
  const causationId = `workflow:${workflowInfo().workflowId}`;

  // Refuses an unknown agent or one marked never_generate_script before anything is read.
  const context = await prepareScriptGeneration({ orgId: input.orgId, agentId: input.agentId });

  progress.step = 'reading_website';
  const website = await readCompanyWebsite({ url: input.url });

  progress.step = 'writing_script';
  const generated = await writeAgentScript({ ...context, website });

  progress.step = 'saving';
  const { scriptConfig } = await saveAgentScript({
    eventId: uuid4(),
    meta: input.meta,
    causationId,
    orgId: input.orgId,
    agentId: input.agentId,
    generated,
  });

  progress.step = 'done';
  return { agentId: input.agentId, websiteUrl: website.url, websiteTitle: website.title, scriptConfig };
}
