import { defineRoute } from '../../http/route';
import { runTaskUsingHub } from '../../use-cases/llm/prompt-hub';
import { PromptUsingHubRequestSchema, TaskOutputSchema } from './llm.schema';

export const promptUsingHubRoute = defineRoute({
  method: 'post',
  path: '/llm/prompt-using-hub',
  summary: "Runs an AI task on an input with the hub's latest prompt for it; useCheaperModel picks the cheaper model",
  tag: 'LLM',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: PromptUsingHubRequestSchema },
  response: { schema: TaskOutputSchema, description: "The task's output (spec 000 §3 AI task output shapes); X-Hub-Prompt-Version names the hub prompt used" },
  errors: [307, 401, 404],
  async handler({ body, deps, res }) {
    const { output, hubVersion } = await runTaskUsingHub(deps, body);
    res.setHeader('X-Hub-Prompt-Version', hubVersion === null ? 'none' : String(hubVersion));
    return output;
  },
});
