import type { AnyRoute } from '../../http/route';
import { assistantChatRoute } from './assistant-chat.route';
import { assistantEndRoute } from './assistant-end.route';
import { assistantHistoryRoute } from './assistant-history.route';
import { assistantInitRoute } from './assistant-init.route';

/** The AI assistant for CSRs: spec 001 §7's four routes. */
export const ASSISTANT_ROUTES: AnyRoute[] = [assistantInitRoute, assistantChatRoute, assistantHistoryRoute, assistantEndRoute];
