// The workflow bundle's entry point: every workflow the worker runs is exported here.
export { onboardingWorkflow } from './onboarding/onboarding.workflow';
export { crmActionWorkflow } from './crm-action/crm-action.workflow';
export { notifyInteractionWorkflow } from './notification/notify-interaction.workflow';
export { interactionWorkflow } from './interaction/interaction.workflow';
