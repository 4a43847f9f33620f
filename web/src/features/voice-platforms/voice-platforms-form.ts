import type { SaveVoicePlatformBody, VoicePlatform, VoicePlatformView } from '@contracts/voice-platforms.contract';

export const SECRET_FIELDS = [
  {
    key: 'webhookSecret',
    label: 'Webhook signing secret',
    noun: 'webhook signing secret',
    help: 'Once any platform has one, every webhook and incoming-call request must be signed by a platform that has one; with none at all, unsigned ones are accepted.',
  },
  {
    key: 'toolSecret',
    label: 'Tool secret',
    noun: 'tool secret',
    help: 'Any long random string: put the same value in the X-Tool-Secret header of every tool in the platform.',
  },
  { key: 'apiKey', label: 'API key', noun: 'API key', help: 'Used to place outbound calls and read calls, numbers and recordings.' },
] as const;
/** Where each vendor's webhook secret comes from (the adapters in activities/voice/adapters/ check it this way). */
export const WEBHOOK_SECRET_HELP: Record<VoicePlatform, string> = {
  retell: 'Retell signs its webhooks (x-retell-signature) with the API key that has the webhook badge in its dashboard: paste that key.',
  vapi: "The secret of the assistant's server URL (X-Vapi-Secret: a call placed here is bound by the per-call token of its URL, any other call is read from Vapi with the API key), or of a Vapi HMAC credential (x-signature over the body, any call).",
  bland: "The Bland account's webhook signing secret (X-Webhook-Signature).",
  synthflow:
    'The secret Synthflow signs its webhooks with. It signs only the call id: a call placed here is bound by the per-call token of its webhook URL, any other call (an inbound one) is read from Synthflow with the API key, so set the API key too.',
};

export type SecretKey = (typeof SECRET_FIELDS)[number]['key'];

/** What the admin typed on one platform's card: secrets are never shown, only replaced or cleared. */
export interface PlatformForm {
  secrets: Record<SecretKey, string>;
  clear: Record<SecretKey, boolean>;
  baseUrl: string;
}

export function formFrom(platform: Pick<VoicePlatformView, 'baseUrl'>): PlatformForm {
  return {
    secrets: { webhookSecret: '', toolSecret: '', apiKey: '' },
    clear: { webhookSecret: false, toolSecret: false, apiKey: false },
    baseUrl: platform.baseUrl ?? '',
  };
}

/** The PUT body: typed secrets replace, cleared ones are null, an unchanged field is left out. Null: nothing to save. */
export function buildChange(form: PlatformForm, platform: Pick<VoicePlatformView, 'baseUrl'>): SaveVoicePlatformBody | null {
  const body: SaveVoicePlatformBody = {};
  for (const { key } of SECRET_FIELDS) {
    const typed = form.secrets[key].trim();
    if (typed !== '') body[key] = typed;
    else if (form.clear[key]) body[key] = null;
  }
  const baseUrl = form.baseUrl.trim();
  if (baseUrl !== (platform.baseUrl ?? '')) body.baseUrl = baseUrl === '' ? null : baseUrl;
  return Object.keys(body).length > 0 ? body : null;
}

/** A tool secret to paste into the platform's tool definitions: 32 random bytes, URL-safe. */
export function generateToolSecret(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(32));
  return `ts_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** What a save did, in words for the success notice. */
export function describeChange(name: string, body: SaveVoicePlatformBody): string {
  const set = SECRET_FIELDS.filter((f) => typeof body[f.key] === 'string').map((f) => f.noun);
  const cleared = SECRET_FIELDS.filter((f) => body[f.key] === null).map((f) => f.noun);
  const parts = [
    set.length ? `set the ${set.join(', ')}` : null,
    cleared.length ? `cleared the ${cleared.join(', ')}` : null,
    body.baseUrl !== undefined ? (body.baseUrl === null ? 'cleared the base URL' : 'set the base URL') : null,
  ].filter((p): p is string => p !== null);
  return `${name}: ${parts.join('; ')}.`;
}
