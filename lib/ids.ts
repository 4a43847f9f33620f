import { createHash } from 'node:crypto';

/** RFC 4122 version-5 (name-based) UUID: the same name always gives the same id. */
export function uuidV5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1')
    .update(Buffer.concat([ns, Buffer.from(name, 'utf8')]))
    .digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const h = hash.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

const STAFF_USER_NAMESPACE = '5b0c6f52-8f1e-4b7e-9d7a-3f3c2a1e9b10';

/** One staff user per e-mail address, whichever process registers it first. */
export function staffUserIdFor(email: string): string {
  return uuidV5(email.trim().toLowerCase(), STAFF_USER_NAMESPACE);
}

const PROVIDER_CALL_NAMESPACE = 'b3a7d1e2-4c5f-4e8a-9b6d-2f1c0e9d8a71';

/**
 * The interaction id of a voice platform's call: the same org, platform and platform call id always give
 * the same id, so the webhooks (which start the call's interaction) and the tool calls made during it (which
 * tie their CRM actions to it) agree on the call without looking it up.
 */
export function interactionIdForProviderCall(orgId: string, provider: string, providerCallId: string): string {
  return uuidV5(`${orgId}/${provider}/${providerCallId}`, PROVIDER_CALL_NAMESPACE);
}
