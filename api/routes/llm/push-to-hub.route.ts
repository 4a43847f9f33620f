import { defineRoute } from '../../http/route';
import { pushPromptToHub } from '../../use-cases/llm/prompt-hub';
import { PushToHubRequestSchema, PushToHubResponseSchema } from './llm.schema';

export const pushToHubRoute = defineRoute({
  method: 'post',
  path: '/llm/push-to-hub',
  summary: "Stores a prompt in the prompt hub as the next version of its name (an AI task name makes it that task's instructions)",
  tag: 'LLM',
  access: { kind: 'operator' },
  request: { body: PushToHubRequestSchema },
  response: { schema: PushToHubResponseSchema, description: 'The stored version' },
  errors: [401],
  handler: ({ body, deps }) => pushPromptToHub(deps, body),
});
