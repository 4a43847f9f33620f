import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { isTelephonyError, type OutgoingCallerId } from '../../activities/telephony/caller-id-verification.port';
import type { VerifiedCallerIdRecord } from '../../events/projections/verified-caller-ids/verified-caller-ids.repository';
import type { VerifiedCallerId } from '../../domain/contracts/verified-caller-ids.contract';
import type { StaffIdentity } from '../repositories/staff.repository';
import type { ApiDeps } from '../deps';
import { ApiError, badRequest, notFound, serviceUnavailable } from '../http/errors';
import { commandOrigin, publishCommand, type CommandEvent } from '../http/publish-command';
import { awaitReadModel } from './await-read-model';

type Deps = Pick<ApiDeps, 'callerIds'>;
interface Caller {
  req: Pick<Request, 'correlationId'>;
  user: StaffIdentity | null;
}

export const toView = (r: VerifiedCallerIdRecord): VerifiedCallerId => ({
  id: r.id,
  org_id: r.orgId,
  phone_number: r.phoneNumber,
  friendly_name: r.friendlyName,
  provider_id: r.providerId,
  verified: r.verified,
  validation_code: r.validationCode,
  call_sid: r.callSid,
  provider: r.provider,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export const providerView = (c: OutgoingCallerId) => ({
  sid: c.sid,
  phone_number: c.phoneNumber,
  friendly_name: c.friendlyName,
  date_created: c.dateCreated,
  date_updated: c.dateUpdated,
});

/**
 * Runs one call to the telephony provider. Its refusals of the number are the caller's 400 (with the provider's
 * reason); outages and rate limits are 503s worth retrying; refused credentials are our setup's fault, a 500.
 */
export async function withTelephony<T>(deps: Deps, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isTelephonyError(error)) throw error;
    const provider = deps.callerIds.verification.providerName;
    if (error.code === 'UNAVAILABLE' || error.code === 'RATE_LIMITED')
      throw serviceUnavailable(`${provider} cannot be reached just now; try again shortly`, 30);
    if (error.code === 'INVALID_NUMBER') throw badRequest(`${provider} cannot call this number to verify it: ${error.message}`);
    if (error.code === 'REJECTED') throw badRequest(`${provider} refused the request: ${error.message}`);
    throw error;
  }
}

/** The org's live caller ID with this id; another org's is "not found" too, so ids cannot be probed. */
export async function findOwnCallerId(deps: Deps, orgId: string, id: string): Promise<VerifiedCallerIdRecord> {
  const found = await deps.callerIds.repository.findById(id);
  if (!found || found.orgId !== orgId) throw notFound('Verified caller ID not found');
  return found;
}

/** Publishes the command's events and answers the record once the read model shows `settled` (or as expected after 3 s). */
async function publishAndRead(
  deps: Deps,
  caller: Caller,
  id: string,
  events: CommandEvent[],
  expected: VerifiedCallerIdRecord,
  settled: (r: VerifiedCallerIdRecord | null) => boolean,
): Promise<VerifiedCallerIdRecord> {
  await publishCommand(deps.callerIds.events, commandOrigin(caller), events);
  let latest: VerifiedCallerIdRecord | null = null;
  await awaitReadModel(async () => settled((latest = await deps.callerIds.repository.findById(id))));
  return latest && settled(latest) ? latest : expected;
}

/**
 * Adds a number to the org's caller IDs and starts its verification at the provider (001 §2.17). A number the
 * org has already is a 400; one the provider has verified already (on this account) is recorded as verified.
 */
export async function addCallerId(
  deps: Deps,
  caller: Caller,
  input: { orgId: string; phoneNumber: string; friendlyName?: string },
): Promise<VerifiedCallerIdRecord> {
  const { orgId, phoneNumber } = input;
  const friendlyName = input.friendlyName ?? phoneNumber;
  if (await deps.callerIds.repository.findByOrgAndPhone(orgId, phoneNumber)) {
    throw badRequest(`${phoneNumber} is already one of this organization's caller IDs`);
  }
  const verification = deps.callerIds.verification;
  const id = randomUUID();
  const started = await withTelephony(deps, async () => {
    try {
      return await verification.requestValidation({ phoneNumber, friendlyName });
    } catch (error) {
      if (isTelephonyError(error) && error.code === 'ALREADY_VERIFIED') return null;
      throw error;
    }
  });
  const existing = started ? null : await withTelephony(deps, () => verification.findCallerIdByPhone(phoneNumber));
  if (!started && !existing) throw badRequest(`${verification.providerName} says ${phoneNumber} is verified already but does not list it`);
  const provider = verification.provider;
  const now = new Date();
  const expected: VerifiedCallerIdRecord = {
    id,
    orgId,
    phoneNumber,
    friendlyName,
    provider,
    providerId: existing?.sid ?? null,
    verified: existing !== null,
    validationCode: started?.validationCode ?? null,
    callSid: started?.callSid ?? null,
    createdAt: now,
    updatedAt: now,
  };
  const events: CommandEvent[] = [
    {
      type: 'VerifiedCallerIdAdded',
      aggregateId: id,
      orgId,
      data: { orgId, callerIdId: id, phoneNumber, friendlyName, provider, validationCode: expected.validationCode, callSid: expected.callSid },
    },
  ];
  if (existing) events.push({ type: 'VerifiedCallerIdVerified', aggregateId: id, orgId, data: { orgId, callerIdId: id, providerId: existing.sid } });
  return publishAndRead(deps, caller, id, events, expected, (r) => r !== null && r.verified === expected.verified);
}

/** Asks the provider for the number's state; once it lists the number, the caller ID is verified (an event). */
export async function refreshCallerId(deps: Deps, caller: Caller, record: VerifiedCallerIdRecord): Promise<VerifiedCallerIdRecord> {
  if (record.verified) return record;
  const found = await withTelephony(deps, () => deps.callerIds.verification.findCallerIdByPhone(record.phoneNumber));
  if (!found) return record;
  return markVerified(deps, caller, record, found.sid);
}

export async function markVerified(deps: Deps, caller: Caller, record: VerifiedCallerIdRecord, providerId: string): Promise<VerifiedCallerIdRecord> {
  const { id, orgId } = record;
  return publishAndRead(
    deps,
    caller,
    id,
    [{ type: 'VerifiedCallerIdVerified', aggregateId: id, orgId, data: { orgId, callerIdId: id, providerId } }],
    { ...record, verified: true, providerId, updatedAt: new Date() },
    (r) => r?.verified === true,
  );
}

/** Starts another verification call for a number of the org's that is not verified yet; the new code replaces the old. */
export async function requestValidationAgain(
  deps: Deps,
  caller: Caller,
  record: VerifiedCallerIdRecord,
  friendlyName: string | undefined,
): Promise<{ record: VerifiedCallerIdRecord; started: { phoneNumber: string; friendlyName: string; validationCode: string; callSid: string | null } }> {
  if (record.verified) throw badRequest(`${record.phoneNumber} is verified already`);
  const name = friendlyName ?? record.friendlyName;
  const started = await withTelephony(deps, () => deps.callerIds.verification.requestValidation({ phoneNumber: record.phoneNumber, friendlyName: name }));
  const { id, orgId } = record;
  const updated = await publishAndRead(
    deps,
    caller,
    id,
    [
      {
        type: 'VerifiedCallerIdValidationRequested',
        aggregateId: id,
        orgId,
        data: { orgId, callerIdId: id, validationCode: started.validationCode, callSid: started.callSid },
      },
    ],
    { ...record, validationCode: started.validationCode, callSid: started.callSid, updatedAt: new Date() },
    (r) => r?.validationCode === started.validationCode,
  );
  return { record: updated, started };
}

/** Renames the caller ID here and, once verified, at the provider too. */
export async function renameCallerId(deps: Deps, caller: Caller, record: VerifiedCallerIdRecord, friendlyName: string): Promise<VerifiedCallerIdRecord> {
  if (record.friendlyName === friendlyName) return record;
  const providerId = record.providerId;
  if (providerId) await withTelephony(deps, () => deps.callerIds.verification.renameCallerId(providerId, friendlyName));
  const { id, orgId } = record;
  return publishAndRead(
    deps,
    caller,
    id,
    [{ type: 'VerifiedCallerIdEdited', aggregateId: id, orgId, data: { orgId, callerIdId: id, friendlyName } }],
    { ...record, friendlyName, updatedAt: new Date() },
    (r) => r?.friendlyName === friendlyName,
  );
}

/** Removes the caller ID from the org, and from the provider first when it was verified there (one it no longer knows is fine). */
export async function removeCallerId(deps: Deps, caller: Caller, record: VerifiedCallerIdRecord): Promise<void> {
  const providerId = record.providerId;
  if (providerId) await withTelephony(deps, () => deps.callerIds.verification.deleteCallerId(providerId));
  const { id, orgId } = record;
  await publishCommand(deps.callerIds.events, commandOrigin(caller), [
    { type: 'VerifiedCallerIdRemoved', aggregateId: id, orgId, data: { orgId, callerIdId: id } },
  ]);
  await awaitReadModel(async () => (await deps.callerIds.repository.findById(id)) === null);
}

export const notConfirmableHere = (providerName: string) =>
  new ApiError(400, `${providerName} verifies a number on its own call: answer it, enter the code there, then check the status`);
