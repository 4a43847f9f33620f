import type { AnyRoute } from '../../http/route';
import { chatRoute } from './chat.route';
import { evaluationWebhookRoute } from './evaluation-webhook.route';
import { evaluationRoute } from './evaluation.route';
import { langgraphRoute } from './langgraph.route';
import { promptUsingHubRoute } from './prompt-using-hub.route';
import { pushToHubRoute } from './push-to-hub.route';

/** Spec 000 §7 /llm, and the evaluation service's webhook (002 §3). */
export const LLM_ROUTES: AnyRoute[] = [evaluationRoute, evaluationWebhookRoute, pushToHubRoute, promptUsingHubRoute, langgraphRoute, chatRoute];
