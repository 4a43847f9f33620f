// The workflow bundle's entry point: every workflow the worker runs is exported here.
export { onboardingWorkflow } from './onboarding/onboarding.workflow';
export { crmActionWorkflow } from './crm-action/crm-action.workflow';
export { notifyInteractionWorkflow } from './notification/notify-interaction.workflow';
export { deliverWebhooksWorkflow } from './webhook-delivery/deliver-webhooks.workflow';
export { interactionWorkflow } from './interaction/interaction.workflow';
export { webCallWorkflow } from './web-call/web-call.workflow';
export { chatSessionWorkflow } from './chat-session/chat-session.workflow';
export { buildAudienceWorkflow } from './audience-build/build-audience.workflow';
export { generateAgentScriptWorkflow } from './script-generation/generate-agent-script.workflow';
export { generateJobTypeSheetWorkflow } from './script-generation/generate-job-type-sheet.workflow';
export { widgetChatWorkflow } from './widget-chat/widget-chat.workflow';
export { configureAgentPlatformWorkflow } from './agent-platform/configure-agent-platform.workflow';
