import { defineRoute } from '../../http/route';
import { listDemoAssistants } from '../../use-cases/demo-calls';
import { DemoAssistantsResponseSchema } from './demo-call.schema';

export const demoAssistantsRoute = defineRoute({
  method: 'get',
  path: '/call/new/assistants',
  summary: 'The assistants the landing page offers for a demo call: the demo organization’s inbound agents',
  tag: 'Demo',
  access: { kind: 'public' },
  response: { schema: DemoAssistantsResponseSchema, description: 'The assistants' },
  errors: [503],
  handler: ({ deps }) => listDemoAssistants(deps),
});
