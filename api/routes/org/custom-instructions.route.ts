import { defineRoute } from '../../http/route';
import { commandOrigin } from '../../http/publish-command';
import { saveCustomInstructions, showCustomInstructions } from '../../use-cases/org-profile';
import { CustomInstructionsQuerySchema, CustomInstructionsViewSchema, SaveCustomInstructionsBodySchema } from './custom-instructions.schema';

export const getCustomInstructionsRoute = defineRoute({
  method: 'get',
  path: '/org/custom-instructions',
  summary: "The instructions that steer the organization's agents and post-call AI (spec 001 §2.14), with regular_job_to_dispatch",
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ query }) => query.orgId },
  request: { query: CustomInstructionsQuerySchema },
  response: { schema: CustomInstructionsViewSchema, description: 'custom_instructions and regular_job_to_dispatch' },
  errors: [307, 401, 404],
  handler: ({ orgId, deps }) => showCustomInstructions(deps, orgId!),
});

export const saveCustomInstructionsRoute = defineRoute({
  method: 'put',
  path: '/org/custom-instructions',
  summary: 'Replaces the custom instructions; regular_job_to_dispatch is changed only when sent',
  tag: 'Organizations',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: SaveCustomInstructionsBodySchema },
  response: { schema: CustomInstructionsViewSchema, description: 'The instructions as saved; the read models follow the event' },
  errors: [307, 401, 404],
  handler: ({ body, orgId, user, deps, req }) =>
    saveCustomInstructions(
      deps,
      orgId!,
      { customInstructions: body.custom_instructions, regularJobToDispatch: body.regular_job_to_dispatch },
      commandOrigin({ req, user }),
    ),
});
