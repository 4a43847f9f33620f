import type { AnyRoute } from '../http/route';
import { listOrganizationsRoute } from './admin/organizations.route';
import { listAgentsAdminRoute } from './admin/agents-list.route';
import { createAgentRoute } from './agents/agent-create.route';
import { updateAgentRoute } from './agents/agent-update.route';
import { updateAgentJobTypesRoute } from './agents/agent-job-types.route';
import { getAgentRoute } from './agents/agent-get.route';
import { listOrgAgentsRoute } from './agents/org-agents.route';
import { listBillingRoute } from './admin/billing-list.route';
import { setBillingRoute } from './admin/billing-set.route';
import { listOfficeEmailsRoute } from './admin/office-email-list.route';
import { setOfficeEmailRoute } from './admin/office-email-set.route';
import { onboardingRoute } from './admin/onboarding.route';
import { terminateWorkflowRoute } from './admin/terminate-workflow.route';
import { workflowStatusRoute } from './admin/workflow-status.route';
import { scriptGeneratorRoute } from './script-generation/script-generator.route';
import { scriptGenerationStatusRoute } from './script-generation/script-generation-status.route';
import { jobTypeSheetStatusRoute } from './script-generation/job-type-sheet-status.route';
import { generateJobTypeSheetRoute } from './script-generation/generate-job-type-sheet.route';
import { createJobSheetRoute } from './script-generation/create-job-sheet.route';
import { discardDeadLetterRoute, getDeadLetterRoute, listDeadLettersRoute, retryDeadLetterRoute } from './admin/dead-letters.route';
import { loginRoute } from './auth/login.route';
import { logoutRoute } from './auth/logout.route';
import { sessionRoute } from './auth/session.route';
import { acceptInviteRoute } from './auth/accept-invite.route';
import { forgotPasswordRoute } from './auth/forgot-password.route';
import { invitationPreviewRoute } from './auth/invitation-preview.route';
import { resetPasswordRoute } from './auth/reset-password.route';
import { listTeamRoute } from './team/list-team.route';
import { inviteMemberRoute } from './team/invite-member.route';
import { resendInvitationRoute } from './team/resend-invitation.route';
import { cancelInvitationRoute } from './team/cancel-invitation.route';
import { changeRoleRoute } from './team/change-role.route';
import { removeMemberRoute } from './team/remove-member.route';
import { getOrgRoute } from './org/get-org.route';
import { goLiveChecklistRoute } from './org/go-live-checklist.route';
import { goLiveRoute } from './org/go-live.route';
import { saveNotificationSettingsRoute } from './notifications/notification-settings.route';
import { oncallRetrieveRoute } from './notifications/oncall-retrieve.route';
import { oncallUpdateRoute } from './notifications/oncall-update.route';
import { listOutboxRoute } from './notifications/outbox.route';
import { crmEmployeesRoute, crmTechniciansRoute } from './crm/crm-workers.route';
import { CRM_ROUTES } from './crm';
import { getHeartbeatRoute, getRootRoute, postHeartbeatRoute, postRootRoute } from './root/heartbeat.route';
import { callLogsRoute } from './calls/call-logs.route';
import { callLogsExportRoute } from './calls/call-logs-export.route';
import { liveCallsStreamRoute } from './live/live-calls-stream.route';
import { callRetrieveRoute } from './calls/call-retrieve.route';
import { reclassifyCallRoute } from './calls/reclassify-call.route';
import { reviewInteractionRoute } from './calls/review-interaction.route';
import { chatRegisterRoute } from './chat/chat-register.route';
import { chatScheduleRoute } from './chat/chat-schedule.route';
import { chatAddressRoute } from './chat/chat-address.route';
import { chatActionRoute } from './chat/chat-action.route';
import { chatLogsRoute } from './chat/chat-logs.route';
import { chatDetailsRoute } from './chat/chat-details.route';
import { getChatConfigRoute, updateChatConfigRoute } from './chat-llm/chat-config.route';
import { llmChatAgentRoute, loadLlmChatRoute, newLlmChatRoute, sendLlmChatRoute } from './chat-llm/llm-chat.route';
import { chatSessionLogsRoute, chatSessionRoute } from './chat-llm/chat-sessions.route';
import { providerWebhookRoute, webhookRoute } from './voice-agent/webhook.route';

import { voiceAgentToolRoute } from './voice-agent/tool.route';
import { createCallRoute } from './voice-agent/create-call.route';
import { batchCallsRoute } from './voice-agent/batch-calls.route';
import { listCallsRoute } from './voice-agent/list-calls.route';
import { getCallRoute } from './voice-agent/get-call.route';
import { updateVoicemailRoute } from './voice-agent/voicemail.route';
import { getPhoneRoute, updatePhoneRoute } from './voice-agent/phones.route';
import { incomingCallRoute } from './voice-agent/incoming-call.route';
import { summarizeRoute } from './voice-agent/summarize.route';
import { callRecordingRoute } from './calls/call-recording.route';
import { interactionLinkRoute } from './calls/interaction-link.route';
import { getCapacityRoute } from './org/get-capacity.route';
import { getAvailabilityRoute } from './org/get-availability.route';
import { saveAvailabilityRoute } from './org/save-availability.route';
import { availabilityWeekRoute } from './org/availability-week.route';
import { listSchedulingRulesRoute } from './org/scheduling-rules-list.route';
import { createSchedulingRulesRoute } from './org/scheduling-rules-create.route';
import { updateSchedulingRuleRoute } from './org/scheduling-rule-update.route';
import { deleteSchedulingRuleRoute } from './org/scheduling-rule-delete.route';
import { listEmergencyStrategiesRoute } from './admin/emergency-strategy-list.route';
import { setEmergencyStrategyRoute } from './admin/emergency-strategy-set.route';
import { createWebCallRoute } from './voice-agent/create-web-call.route';
import { webCallAgentsRoute } from './voice-agent/web-call-agents.route';
import { demoAssistantsRoute } from './demo/demo-assistants.route';
import { demoCallRoute } from './demo/demo-call.route';
import { demoCommsRoute } from './demo/demo-comms.route';
import { demoWebhookRoute } from './demo/demo-webhook.route';
import { agentToolsRoute, toolSchemasRoute } from './voice-agent/agent-tools.route';
import { webCallTurnRoute } from './voice-agent/web-call-turn.route';
import { endWebCallRoute } from './voice-agent/web-call-end.route';
import { smsWebhookRoute } from './sms/sms-webhook.route';
import { emailWebhookRoute, getEmailRoute, sendEmailRoute, sendSmsRoute } from './messaging/messaging.route';
import { updateOrgRoute } from './org/update-org.route';
import { getCrmConnectionRoute } from './org/crm-connection-get.route';
import { saveCrmConnectionRoute } from './org/crm-connection-save.route';
import { getVoicePlatformsRoute } from './org/voice-platforms-get.route';
import { saveVoicePlatformRoute } from './org/voice-platform-save.route';
import { getCompanyProfileRoute, updateCompanyProfileRoute } from './org/company-profile.route';
import { getCustomInstructionsRoute, saveCustomInstructionsRoute } from './org/custom-instructions.route';
import { getWebhookSetupRoute, listWebhookAttemptsRoute, setUpWebhookDeliveryRoute } from './webhooks/webhook-delivery.route';
import { LLM_ROUTES } from './llm';
import { ASSISTANT_ROUTES } from './assistant';
import { ENTERPRISE_ROUTES } from './enterprise';
import { callAnalyticsRoute } from './analytics/call-analytics.route';
import { dailyCountsRoute } from './analytics/daily-counts.route';
import { chatStatsRoute } from './analytics/chat-stats.route';
import { listAvgJobRevenueRoute } from './analytics/avg-job-revenue-list.route';
import { setAvgJobRevenueRoute } from './analytics/avg-job-revenue-set.route';
import { listVerifiedCallerIdsRoute } from './verified-caller-ids/verified-caller-ids-list.route';
import { addVerifiedCallerIdRoute } from './verified-caller-ids/verified-caller-id-add.route';
import { updateVerifiedCallerIdRoute } from './verified-caller-ids/verified-caller-id-update.route';
import { deleteVerifiedCallerIdRoute } from './verified-caller-ids/verified-caller-id-delete.route';
import { confirmVerifiedCallerIdRoute, refreshVerifiedCallerIdRoute } from './verified-caller-ids/verified-caller-id-status.route';
import { deleteOutgoingCallerIdRoute, getOutgoingCallerIdRoute, validationRequestRoute } from './verified-caller-ids/telephony-caller-ids.route';
import { createWidgetRoute } from './widgets/widget-create.route';
import { widgetConfigRoute } from './widgets/widget-config.route';
import { listWidgetsRoute } from './widgets/widgets-list.route';
import { publicWidgetRoute } from './widgets/widget-public.route';
import { updateWidgetConfigRoute } from './widgets/widget-update-config.route';
import { widgetUploadFileRoute } from './widgets/widget-upload-file.route';
import { fileUploadRoute } from './storage/file-upload.route';
import { fileDownloadRoute } from './storage/file-download.route';
/** Every route of the API: the router and the OpenAPI document are both built from this list. */
export const ROUTES: AnyRoute[] = [
  getRootRoute,
  postRootRoute,
  getHeartbeatRoute,
  postHeartbeatRoute,
  loginRoute,
  logoutRoute,
  sessionRoute,
  invitationPreviewRoute,
  acceptInviteRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  listTeamRoute,
  inviteMemberRoute,
  resendInvitationRoute,
  cancelInvitationRoute,
  changeRoleRoute,
  removeMemberRoute,
  getOrgRoute,
  goLiveChecklistRoute,
  goLiveRoute,
  callAnalyticsRoute,
  dailyCountsRoute,
  chatStatsRoute,
  listAvgJobRevenueRoute,
  setAvgJobRevenueRoute,
  listOutboxRoute,
  oncallRetrieveRoute,
  oncallUpdateRoute,
  saveNotificationSettingsRoute,
  crmEmployeesRoute,
  crmTechniciansRoute,
  listOrganizationsRoute,
  listAgentsAdminRoute,
  listBillingRoute,
  setBillingRoute,
  listOfficeEmailsRoute,
  setOfficeEmailRoute,
  onboardingRoute,
  workflowStatusRoute,
  terminateWorkflowRoute,
  listDeadLettersRoute,
  getDeadLetterRoute,
  retryDeadLetterRoute,
  discardDeadLetterRoute,
  providerWebhookRoute,
  webhookRoute,
  callLogsRoute,
  callLogsExportRoute,
  liveCallsStreamRoute,
  callRetrieveRoute,
  reviewInteractionRoute,
  chatRegisterRoute,
  chatScheduleRoute,
  chatAddressRoute,
  chatActionRoute,
  chatLogsRoute,
  chatDetailsRoute,
  getChatConfigRoute,
  updateChatConfigRoute,
  newLlmChatRoute,
  llmChatAgentRoute,
  loadLlmChatRoute,
  sendLlmChatRoute,
  chatSessionLogsRoute,
  chatSessionRoute,
  reclassifyCallRoute,
  voiceAgentToolRoute,
  createCallRoute,
  batchCallsRoute,
  listCallsRoute,
  getCallRoute,
  updateVoicemailRoute,
  getPhoneRoute,
  updatePhoneRoute,
  incomingCallRoute,
  summarizeRoute,
  callRecordingRoute,
  interactionLinkRoute,
  getCapacityRoute,
  getAvailabilityRoute,
  saveAvailabilityRoute,
  availabilityWeekRoute,
  listSchedulingRulesRoute,
  createSchedulingRulesRoute,
  updateSchedulingRuleRoute,
  createAgentRoute,
  updateAgentRoute,
  updateAgentJobTypesRoute,
  getAgentRoute,
  listOrgAgentsRoute,
  deleteSchedulingRuleRoute,
  listEmergencyStrategiesRoute,
  setEmergencyStrategyRoute,
  webCallAgentsRoute,
  demoAssistantsRoute,
  demoCallRoute,
  demoCommsRoute,
  demoWebhookRoute,
  agentToolsRoute,
  toolSchemasRoute,
  createWebCallRoute,
  webCallTurnRoute,
  endWebCallRoute,
  smsWebhookRoute,
  sendSmsRoute,
  sendEmailRoute,
  getEmailRoute,
  emailWebhookRoute,
  updateOrgRoute,
  getCrmConnectionRoute,
  saveCrmConnectionRoute,
  getVoicePlatformsRoute,
  saveVoicePlatformRoute,
  getCompanyProfileRoute,
  updateCompanyProfileRoute,
  getCustomInstructionsRoute,
  saveCustomInstructionsRoute,
  getWebhookSetupRoute,
  setUpWebhookDeliveryRoute,
  listWebhookAttemptsRoute,
  scriptGeneratorRoute,
  scriptGenerationStatusRoute,
  jobTypeSheetStatusRoute,
  generateJobTypeSheetRoute,
  createJobSheetRoute,
  ...CRM_ROUTES,
  ...LLM_ROUTES,
  ...ASSISTANT_ROUTES,
  listVerifiedCallerIdsRoute,
  addVerifiedCallerIdRoute,
  updateVerifiedCallerIdRoute,
  deleteVerifiedCallerIdRoute,
  refreshVerifiedCallerIdRoute,
  confirmVerifiedCallerIdRoute,
  validationRequestRoute,
  getOutgoingCallerIdRoute,
  deleteOutgoingCallerIdRoute,
  ...ENTERPRISE_ROUTES,
  listWidgetsRoute,
  widgetConfigRoute,
  createWidgetRoute,
  updateWidgetConfigRoute,
  widgetUploadFileRoute,
  publicWidgetRoute,
  fileUploadRoute,
  fileDownloadRoute,
];
