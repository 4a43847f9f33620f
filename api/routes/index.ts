import type { AnyRoute } from '../http/route';
import { listOrganizationsRoute } from './admin/organizations.route';
import { onboardingRoute } from './admin/onboarding.route';
import { terminateWorkflowRoute } from './admin/terminate-workflow.route';
import { workflowStatusRoute } from './admin/workflow-status.route';
import { loginRoute } from './auth/login.route';
import { logoutRoute } from './auth/logout.route';
import { sessionRoute } from './auth/session.route';
import { getOrgRoute } from './org/get-org.route';
import { saveNotificationSettingsRoute } from './notifications/notification-settings.route';
import { oncallRetrieveRoute } from './notifications/oncall-retrieve.route';
import { oncallUpdateRoute } from './notifications/oncall-update.route';
import { listOutboxRoute } from './notifications/outbox.route';
import { getHeartbeatRoute, getRootRoute, postHeartbeatRoute, postRootRoute } from './root/heartbeat.route';
import { callLogsRoute } from './calls/call-logs.route';
import { callRetrieveRoute } from './calls/call-retrieve.route';
import { reclassifyCallRoute } from './calls/reclassify-call.route';
import { reviewInteractionRoute } from './calls/review-interaction.route';
import { providerWebhookRoute, webhookRoute } from './voice-agent/webhook.route';

import { voiceAgentToolRoute } from './voice-agent/tool.route';
import { getAvailabilityRoute, getCapacityRoute } from './org/capacity.route';
/** Every route of the API: the router and the OpenAPI document are both built from this list. */
export const ROUTES: AnyRoute[] = [
  getRootRoute,
  postRootRoute,
  getHeartbeatRoute,
  postHeartbeatRoute,
  loginRoute,
  logoutRoute,
  sessionRoute,
  getOrgRoute,
  listOutboxRoute,
  oncallRetrieveRoute,
  oncallUpdateRoute,
  saveNotificationSettingsRoute,
  listOrganizationsRoute,
  onboardingRoute,
  workflowStatusRoute,
  terminateWorkflowRoute,
  providerWebhookRoute,
  webhookRoute,
  callLogsRoute,
  callRetrieveRoute,
  reviewInteractionRoute,
  reclassifyCallRoute,
  voiceAgentToolRoute,
  getCapacityRoute,
  getAvailabilityRoute,
];
