import { defineRoute } from '../../http/route';
import { requestDemoComms } from '../../use-cases/demo-calls';
import { DemoCommsParamsSchema, DemoCommsRequestSchema, DemoCommsResponseSchema } from './demo-call.schema';

export const demoCommsRoute = defineRoute({
  method: 'post',
  path: '/expo/:callId/comms',
  summary: 'After a demo call (spec 000 §7 "demo flow"), the visitor asks for follow-up: recorded on the call, and they get a short e-mail',
  tag: 'Demo',
  access: { kind: 'public' },
  request: { params: DemoCommsParamsSchema, body: DemoCommsRequestSchema },
  response: { schema: DemoCommsResponseSchema, description: 'The e-mail is on its way' },
  errors: [404, 503],
  handler: ({ params, body, deps, req }) => requestDemoComms(deps, params.callId, body, req.correlationId),
});
