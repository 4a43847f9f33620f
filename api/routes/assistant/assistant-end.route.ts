import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { endAssistantSession } from '../../use-cases/ai-assistant';
import { AssistantChatIdRequestSchema, AssistantEndResponseSchema } from './assistant.schema';
import { orgOfSession } from './assistant-session-access';

export const assistantEndRoute = defineRoute({
  method: 'post',
  path: '/ai-assistant/end-chat',
  summary: 'Ends the AI assistant session (spec 001 §2.15); ending an ended session changes nothing',
  tag: 'AI assistant',
  access: { kind: 'org', orgIdOf: orgOfSession },
  request: { body: AssistantChatIdRequestSchema },
  response: { status: 204, schema: AssistantEndResponseSchema, description: 'Ended' },
  errors: [404],
  handler: ({ body, deps, req, user }) => endAssistantSession(deps, body.chatId, user, commandOrigin({ req, user })),
});
