import type { ApiDeps } from '../../deps';
import { badRequest } from '../../http/errors';
import { requireAiTask, runTaskForApi } from './prompt-hub';

// Who wrote a free message is not known: it is read as the customer's words to the chat agent.
const ORG_NAME = 'the contractor';

/**
 * The inputs a single free-text message can become, most specific first: the message as a guarded
 * chat message, as an e-mail body, or as a one-line chat transcript.
 */
export function messageInputs(message: string): unknown[] {
  return [
    { agentType: 'CHAT_CSR_AGENT', orgName: ORG_NAME, message, history: [] },
    { from: '', subject: '', body: message },
    {
      source: 'chat',
      direction: 'inbound',
      agentType: 'CHAT_CSR_AGENT',
      org: { name: ORG_NAME },
      transcript: [{ role: 'Customer', message, timestamp: '0:00', seconds: 0 }],
    },
  ];
}

/**
 * POST /llm/langgraph {task, message} (spec 000 §7): runs the named AI task on one free-text message,
 * for the tasks whose input a message can make (guardrail, e-mail lead extraction, and the transcript
 * tasks that need no recorded facts). Answers {task, output}.
 */
export async function runTaskOnMessage(deps: ApiDeps, body: { task: string; message: string }) {
  const task = requireAiTask(body.task);
  const input = messageInputs(body.message).find((candidate) => task.inputSchema.safeParse(candidate).success);
  if (input === undefined) throw badRequest(`The ${task.name} task cannot run on a single message`);
  const result = await runTaskForApi(deps.llm.engine, task, input, false);
  return { task: task.name, output: result.output as Record<string, unknown> };
}
