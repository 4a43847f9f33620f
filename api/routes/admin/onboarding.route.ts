import { defineRoute } from '../../http/route';
import { startOnboarding } from '../../use-cases/start-onboarding';
import { OnboardingRequestSchema, WorkflowStartedResponseSchema } from './admin.schema';

export const onboardingRoute = defineRoute({
  method: 'post',
  path: '/onboarding',
  summary: 'Starts the onboarding workflow for a new organization (admin)',
  tag: 'Admin',
  access: { kind: 'operator' },
  request: { body: OnboardingRequestSchema },
  response: { schema: WorkflowStartedResponseSchema, description: 'The onboarding run (a repeat joins the run already going)' },
  errors: [401],
  handler: ({ body, deps, req }) => startOnboarding(deps, body, req.correlationId),
});
