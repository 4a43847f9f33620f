import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { CallerIdVerification, OutgoingCallerId } from '../../caller-id-verification.port';
import type { VerifiedCallerIdRecord, VerifiedCallerIdRepository } from '../../../../events/projections/verified-caller-ids/verified-caller-ids.repository';

/** What the offline provider knows: the caller IDs confirmed so far, as the verified caller IDs read model holds them. */
export interface ConfirmedCallerIds {
  bySid(sid: string): Promise<OutgoingCallerId | null>;
  byPhone(phoneNumber: string): Promise<OutgoingCallerId | null>;
}

function asProviderRecord(r: VerifiedCallerIdRecord | null): OutgoingCallerId | null {
  if (!r?.verified || !r.providerId) return null;
  return {
    sid: r.providerId,
    phoneNumber: r.phoneNumber,
    friendlyName: r.friendlyName,
    dateCreated: r.createdAt.toISOString(),
    dateUpdated: r.updatedAt.toISOString(),
  };
}

/** The offline provider's memory: the confirmed caller IDs of the verified caller IDs read model. */
export function confirmedCallerIds(repository: Pick<VerifiedCallerIdRepository, 'findByProviderId' | 'findVerifiedByPhone'>): ConfirmedCallerIds {
  return {
    bySid: async (sid) => asProviderRecord(await repository.findByProviderId(sid)),
    byPhone: async (phoneNumber) => asProviderRecord(await repository.findVerifiedByPhone(phoneNumber)),
  };
}

/**
 * The telephony provider without a network (TELEPHONY_ADAPTER=offline): no call is placed. It issues a 6-digit
 * code, the dashboard shows it, and the person confirms it there as they would on the provider's call; a match
 * gives the caller ID a sid (PN + 32 hex digits, Twilio's shape). Its state is the confirmations, recorded as
 * events in the read model, so nothing of its own is kept: renaming and deleting have nothing to do beyond the
 * events the routes publish.
 */
export function createOfflineCallerIdVerification(confirmed: ConfirmedCallerIds): CallerIdVerification {
  return {
    provider: 'offline',
    providerName: 'The offline telephony provider',

    async requestValidation({ phoneNumber, friendlyName }) {
      return { phoneNumber, friendlyName, validationCode: String(randomInt(0, 1_000_000)).padStart(6, '0'), callSid: null };
    },

    findCallerIdByPhone: (phoneNumber) => confirmed.byPhone(phoneNumber),
    getCallerId: (sid) => confirmed.bySid(sid),

    async renameCallerId(sid, friendlyName) {
      const known = await confirmed.bySid(sid);
      return known ? { ...known, friendlyName } : null;
    },

    async deleteCallerId(sid) {
      return (await confirmed.bySid(sid)) !== null;
    },

    confirmValidationCode({ issuedCode, enteredCode }) {
      const a = Buffer.from(issuedCode);
      const b = Buffer.from(enteredCode.trim());
      if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
      return { sid: `PN${randomBytes(16).toString('hex')}` };
    },
  };
}
