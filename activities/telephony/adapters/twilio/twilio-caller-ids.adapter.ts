import { sendVendorRequest, type HttpMethod, type VendorResponse } from '../../../http/vendor-http-client';
import { TelephonyError, type CallerIdVerification, type OutgoingCallerId } from '../../caller-id-verification.port';

export interface TwilioCallerIdConfig {
  accountSid: string;
  authToken: string;
  /** https://api.twilio.com unless a test points it at a fake. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Twilio's error body: {code, message, more_info, status}. */
interface TwilioErrorBody {
  code?: number;
  message?: string;
  more_info?: string;
  status?: number;
}

/** The OutgoingCallerId resource as Twilio's 2010-04-01 API answers it (snake_case JSON). */
interface TwilioCallerIdResource {
  sid: string;
  phone_number: string;
  friendly_name: string | null;
  date_created?: string | null;
  date_updated?: string | null;
}

// Twilio error codes that mean the number itself cannot be verified, and the one for a number already verified.
const INVALID_NUMBER_CODES = new Set([21211, 21214, 21217]);
const ALREADY_VERIFIED_CODE = 21450;
const NOT_FOUND_CODE = 20404;

function errorBody(body: unknown): TwilioErrorBody {
  return body && typeof body === 'object' && !Buffer.isBuffer(body) ? (body as TwilioErrorBody) : {};
}

/** 429 (or Twilio's 20429) and 5xx may be retried; refused credentials and the other 4xx are final. */
function twilioError(response: VendorResponse): TelephonyError {
  const body = errorBody(response.body);
  const detail = `Twilio answered ${response.status}${body.code ? ` (error ${body.code})` : ''}: ${body.message ?? response.text.slice(0, 200)}`;
  const err = (code: ConstructorParameters<typeof TelephonyError>[0]) => new TelephonyError(code, detail, response.status, body.code);
  if (response.status === 429 || body.code === 20429) return err('RATE_LIMITED');
  if (response.status >= 500) return err('UNAVAILABLE');
  if (response.status === 401 || response.status === 403) return err('UNAUTHORIZED');
  if (body.code === ALREADY_VERIFIED_CODE) return err('ALREADY_VERIFIED');
  if (body.code !== undefined && INVALID_NUMBER_CODES.has(body.code)) return err('INVALID_NUMBER');
  return err('REJECTED');
}

function toCallerId(r: TwilioCallerIdResource): OutgoingCallerId {
  return {
    sid: r.sid,
    phoneNumber: r.phone_number,
    friendlyName: r.friendly_name ?? r.phone_number,
    dateCreated: r.date_created ?? null,
    dateUpdated: r.date_updated ?? null,
  };
}

function isResource(body: unknown): body is TwilioCallerIdResource {
  const b = body as Partial<TwilioCallerIdResource> | null;
  return !!b && typeof b === 'object' && typeof b.sid === 'string' && typeof b.phone_number === 'string';
}

/**
 * Twilio's Outgoing Caller IDs (REST API 2010-04-01, Basic auth AccountSid:AuthToken, form bodies, JSON answers):
 * POST /OutgoingCallerIds.json {PhoneNumber, FriendlyName} starts the verification call and answers its
 * validation_code; the list filtered by PhoneNumber shows the caller ID once it is verified; GET, POST (rename)
 * and DELETE /OutgoingCallerIds/{Sid}.json act on one.
 */
export function createTwilioCallerIdVerification(config: TwilioCallerIdConfig): CallerIdVerification {
  const base = `${(config.baseUrl ?? 'https://api.twilio.com').replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;

  /** Sends one request; a 404 is answered as null so "unknown sid" is not an error. */
  async function send(method: HttpMethod, path: string, form?: URLSearchParams): Promise<VendorResponse | null> {
    const response = await sendVendorRequest(
      {
        fetch: config.fetch,
        timeoutMs: config.timeoutMs ?? 15_000,
        errors: {
          forNetwork: (cause, timedOut) =>
            new TelephonyError('UNAVAILABLE', timedOut ? 'Twilio did not answer in time' : `Twilio unreachable: ${(cause as Error).message}`),
          forResponse: twilioError,
        },
      },
      { method, url: `${base}${path}`, headers: { authorization }, body: form },
    );
    if (response.status === 404 || errorBody(response.body).code === NOT_FOUND_CODE) return null;
    if (response.status < 200 || response.status >= 300) throw twilioError(response);
    return response;
  }

  const sidPath = (sid: string) => `/OutgoingCallerIds/${encodeURIComponent(sid)}.json`;

  function resourceOf(response: VendorResponse): OutgoingCallerId {
    if (!isResource(response.body)) throw new TelephonyError('UNAVAILABLE', `Twilio answered ${response.status} without a caller ID`, response.status);
    return toCallerId(response.body);
  }

  return {
    provider: 'twilio',
    providerName: 'Twilio',

    async requestValidation({ phoneNumber, friendlyName }) {
      const response = await send('POST', '/OutgoingCallerIds.json', new URLSearchParams({ PhoneNumber: phoneNumber, FriendlyName: friendlyName }));
      const body = (response?.body ?? null) as { validation_code?: unknown; call_sid?: unknown; phone_number?: unknown; friendly_name?: unknown } | null;
      if (!response || typeof body?.validation_code !== 'string') {
        throw new TelephonyError('UNAVAILABLE', `Twilio answered ${response?.status ?? 404} without a validation code`, response?.status);
      }
      return {
        phoneNumber: typeof body.phone_number === 'string' ? body.phone_number : phoneNumber,
        friendlyName: typeof body.friendly_name === 'string' ? body.friendly_name : friendlyName,
        validationCode: body.validation_code,
        callSid: typeof body.call_sid === 'string' ? body.call_sid : null,
      };
    },

    async findCallerIdByPhone(phoneNumber) {
      const response = await send('GET', `/OutgoingCallerIds.json?${new URLSearchParams({ PhoneNumber: phoneNumber, PageSize: '20' })}`);
      const list = (response?.body as { outgoing_caller_ids?: unknown[] } | null)?.outgoing_caller_ids ?? [];
      // The filter is an exact match; the check keeps a lenient server from handing back another number.
      const found = list.filter(isResource).find((r) => r.phone_number === phoneNumber);
      return found ? toCallerId(found) : null;
    },

    async getCallerId(sid) {
      const response = await send('GET', sidPath(sid));
      return response ? resourceOf(response) : null;
    },

    async renameCallerId(sid, friendlyName) {
      const response = await send('POST', sidPath(sid), new URLSearchParams({ FriendlyName: friendlyName }));
      return response ? resourceOf(response) : null;
    },

    async deleteCallerId(sid) {
      return (await send('DELETE', sidPath(sid))) !== null;
    },
  };
}
