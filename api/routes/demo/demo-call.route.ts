import { defineRoute } from '../../http/route';
import { placeDemoCall } from '../../use-cases/demo-calls';
import { DemoCallRequestSchema, DemoCallResponseSchema } from './demo-call.schema';

export const demoCallRoute = defineRoute({
  method: 'post',
  path: '/call/new',
  summary:
    'The landing page\'s "call me now" form (spec 001 §2.16, §3 Demo call): the demo organization\'s agent calls the visitor. 3 calls per number a day; the same number again within a minute answers with the call already placed',
  tag: 'Demo',
  access: { kind: 'public' },
  request: { body: DemoCallRequestSchema },
  response: { schema: DemoCallResponseSchema, description: 'The demo call' },
  errors: [503],
  handler: ({ body, deps, req }) => placeDemoCall(deps, body, req.correlationId),
});
