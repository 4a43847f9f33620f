import type { ApiDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { providerView, removeCallerId, requestValidationAgain, withTelephony } from '../../use-cases/verified-caller-ids';
import {
  DeletedSchema,
  OutgoingCallerIdSchema,
  ProviderSidParamsSchema,
  ValidationRequestAnswerSchema,
  ValidationRequestBodySchema,
} from './verified-caller-ids.schema';

// 001 §7 /integrations/{telephony-provider}/…: the provider's side of a caller ID. The path names Twilio as the
// spec's provider; with TELEPHONY_ADAPTER=offline the same routes answer from the offline provider.

export const validationRequestRoute = defineRoute({
  method: 'post',
  path: '/integrations/twilio/validation-request',
  summary: "Starts another verification call for one of the org's caller IDs that is not verified yet; the new code replaces the old",
  tag: 'Verified caller IDs',
  access: { kind: 'org', orgIdOf: ({ body }) => body.orgId },
  request: { body: ValidationRequestBodySchema },
  response: { schema: ValidationRequestAnswerSchema, description: "The provider's answer, with the validation code to enter on the call" },
  errors: [307, 401, 404, 503],
  async handler({ body, orgId, user, deps, req }) {
    const record = await deps.callerIds.repository.findByOrgAndPhone(orgId!, body.phoneNumber);
    if (!record) throw notFound(`${body.phoneNumber} is not one of this organization's caller IDs: add it first`);
    const { started } = await requestValidationAgain(deps, { req, user }, record, body.friendlyName);
    return { phone_number: started.phoneNumber, friendly_name: started.friendlyName, validation_code: started.validationCode, call_sid: started.callSid };
  },
});

/** The org of the caller ID with this provider sid; an unknown sid reads as no access, like another org's. */
const orgOfSid = async ({ params }: { params: { sid: string } }, deps: ApiDeps) =>
  (await deps.callerIds.repository.findByProviderId(params.sid))?.orgId ?? null;

export const getOutgoingCallerIdRoute = defineRoute({
  method: 'get',
  path: '/integrations/twilio/outgoing-caller-id/:sid',
  summary: "A verified caller ID's state at the telephony provider",
  tag: 'Verified caller IDs',
  access: { kind: 'org', orgIdOf: orgOfSid },
  request: { params: ProviderSidParamsSchema },
  response: { schema: OutgoingCallerIdSchema, description: 'As the provider holds it' },
  errors: [307, 401, 404, 503],
  async handler({ params, deps }) {
    const found = await withTelephony(deps, () => deps.callerIds.verification.getCallerId(params.sid));
    if (!found) throw notFound(`${deps.callerIds.verification.providerName} has no caller ID ${params.sid}`);
    return providerView(found);
  },
});

export const deleteOutgoingCallerIdRoute = defineRoute({
  method: 'delete',
  path: '/integrations/twilio/outgoing-caller-id/:sid',
  summary: 'Deletes a caller ID at the telephony provider, and so from the org',
  tag: 'Verified caller IDs',
  access: { kind: 'org', orgIdOf: orgOfSid },
  request: { params: ProviderSidParamsSchema },
  response: { schema: DeletedSchema, description: 'Deleted' },
  errors: [307, 401, 404, 503],
  async handler({ params, orgId, user, deps, req }) {
    const record = await deps.callerIds.repository.findByProviderId(params.sid);
    if (!record || record.orgId !== orgId) throw notFound('Verified caller ID not found');
    await removeCallerId(deps, { req, user }, record);
    return { success: true as const };
  },
});
