import { badRequest } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { findOwnCallerId, markVerified, notConfirmableHere, refreshCallerId, toView } from '../../use-cases/verified-caller-ids';
import { CallerIdParamsSchema, ConfirmVerifiedCallerIdRequestSchema, VerifiedCallerIdSchema } from './verified-caller-ids.schema';
import { z } from 'zod';

const OrgBody = z.object({ org_id: z.uuid('org_id must be a UUID') });

export const refreshVerifiedCallerIdRoute = defineRoute({
  method: 'post',
  path: '/verified-caller-ids/:id/refresh',
  summary: 'Looks the number up at the telephony provider: once the provider lists it, the caller ID is verified',
  tag: 'Verified caller IDs',
  access: { kind: 'org', orgIdOf: ({ body }) => body.org_id },
  request: { params: CallerIdParamsSchema, body: OrgBody },
  response: { schema: VerifiedCallerIdSchema, description: 'The caller ID with what the provider said' },
  errors: [307, 401, 404, 503],
  async handler({ params, orgId, user, deps, req }) {
    return toView(await refreshCallerId(deps, { req, user }, await findOwnCallerId(deps, orgId!, params.id)));
  },
});

export const confirmVerifiedCallerIdRoute = defineRoute({
  method: 'post',
  path: '/verified-caller-ids/:id/confirm',
  summary: 'Offline telephony only: the validation code entered on the dashboard instead of on a call verifies the number',
  tag: 'Verified caller IDs',
  access: { kind: 'org', orgIdOf: ({ body }) => body.org_id },
  request: { params: CallerIdParamsSchema, body: ConfirmVerifiedCallerIdRequestSchema },
  response: { schema: VerifiedCallerIdSchema, description: 'The caller ID, verified' },
  errors: [307, 401, 404],
  async handler({ params, body, orgId, user, deps, req }) {
    const verification = deps.callerIds.verification;
    if (!verification.confirmValidationCode) throw notConfirmableHere(verification.providerName);
    const record = await findOwnCallerId(deps, orgId!, params.id);
    if (record.verified) return toView(record);
    const confirmed = record.validationCode
      ? verification.confirmValidationCode({ phoneNumber: record.phoneNumber, issuedCode: record.validationCode, enteredCode: body.validation_code })
      : null;
    if (!confirmed) throw badRequest('That is not the validation code issued for this number', [{ path: 'validation_code', message: 'Not the code issued' }]);
    return toView(await markVerified(deps, { req, user }, record, confirmed.sid));
  },
});
