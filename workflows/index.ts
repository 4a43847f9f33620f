// The workflow bundle's entry point: every workflow the worker runs is exported here.
export { onboardingWorkflow } from './onboarding/onboarding.workflow';
