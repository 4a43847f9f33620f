import type { Projection } from './projection';
import { interactionsProjection } from './interactions/interactions.projection';
import { organizationsProjection } from './organizations/organizations.projection';
import { staffDirectoryProjection } from './staff-directory/staff-directory.projection';
import { staffInvitationsProjection } from './staff-invitations/staff-invitations.projection';
import { smsMessagesProjection } from './sms-messages/sms-messages.projection';
import { webhookDeliveriesProjection } from './webhook-deliveries/webhook-deliveries.projection';
import { capacitySettingsProjection } from './capacity-settings/capacity-settings.projection';
import { schedulingRulesProjection } from './scheduling-rules/scheduling-rules.projection';
import { interactionActionsProjection } from './interaction-actions/interaction-actions.projection';
import { audiencesProjection } from './audiences/audiences.projection';
import { companyProfilesProjection } from './company-profiles/company-profiles.projection';
import { deadLettersProjection } from './dead-letters/dead-letters.projection';
import { callAnalyticsProjection } from './call-analytics/call-analytics.projection';
import { traceEvaluationsProjection } from './trace-evaluations/trace-evaluations.projection';
import { verifiedCallerIdsProjection } from './verified-caller-ids/verified-caller-ids.projection';
import { agentsProjection } from './agents/agents.projection';
import { assistantSessionsProjection } from './assistant-sessions/assistant-sessions.projection';
import { enterprisesProjection } from './enterprises/enterprises.projection';
import { widgetsProjection } from './widgets/widgets.projection';
import { widgetChatsProjection } from './widget-chats/widget-chats.projection';
import { chatSessionsProjection } from './chat-sessions/chat-sessions.projection';
import { chatConfigsProjection } from './chat-configs/chat-configs.projection';

/** Every read model the projector process keeps and the rebuild command recreates. */
export const PROJECTIONS: Projection[] = [
  organizationsProjection,
  enterprisesProjection,
  staffDirectoryProjection,
  staffInvitationsProjection,
  interactionsProjection,
  callAnalyticsProjection,
  smsMessagesProjection,
  webhookDeliveriesProjection,
  capacitySettingsProjection,
  schedulingRulesProjection,
  interactionActionsProjection,
  audiencesProjection,
  traceEvaluationsProjection,
  assistantSessionsProjection,
  companyProfilesProjection,
  deadLettersProjection,
  verifiedCallerIdsProjection,
  agentsProjection,
  widgetsProjection,
  widgetChatsProjection,
  chatSessionsProjection,
  chatConfigsProjection,
];
