import { defineRoute } from '../../http/route';
import { addCallerId, toView } from '../../use-cases/verified-caller-ids';
import { AddVerifiedCallerIdRequestSchema, VerifiedCallerIdSchema } from './verified-caller-ids.schema';

export const addVerifiedCallerIdRoute = defineRoute({
  method: 'post',
  path: '/verified-caller-ids',
  summary:
    'Adds a caller ID and starts its verification with the telephony provider (spec 001 §2.17): the answer holds the validation code to enter on the call',
  tag: 'Verified caller IDs',
  access: { kind: 'org', orgIdOf: ({ body }) => body.org_id },
  request: { body: AddVerifiedCallerIdRequestSchema },
  response: { status: 201, schema: VerifiedCallerIdSchema, description: 'The caller ID, not verified yet unless the provider had it verified already' },
  errors: [307, 401, 503],
  async handler({ body, orgId, user, deps, req }) {
    const record = await addCallerId(deps, { req, user }, { orgId: orgId!, phoneNumber: body.phone_number, friendlyName: body.friendly_name });
    return toView(record);
  },
});
