import type { ApiDeps } from '../../deps';
import { findAssistantSession } from '../../use-cases/ai-assistant';

/** The routes keyed by chatId belong to the session's organization; an unknown chatId is a 404. */
export const orgOfSession = async ({ body }: { body: { chatId: string } }, deps: ApiDeps) => (await findAssistantSession(deps, body.chatId)).orgId;
