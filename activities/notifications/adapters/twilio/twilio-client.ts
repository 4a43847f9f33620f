import { MessagingError } from '../../messaging.port';
import { requireOk } from '../../../http/vendor-http-client';

/** The account both Twilio adapters (Messaging and Programmable Voice) speak for. */
export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
  baseUrl?: string;
}

export interface TwilioRequest {
  method: 'GET' | 'POST';
  /** Below /2010-04-01/Accounts/{AccountSid}, e.g. `/Calls.json`. */
  path: string;
  form?: URLSearchParams;
  timeoutMs?: number;
  /** Twilio error codes that mean this recipient cannot be reached, whatever we retry. */
  recipientCodes?: ReadonlySet<number>;
  /** Twilio error codes that mean our own setup is wrong (a sender the account may not use). */
  setupCodes?: ReadonlySet<number>;
}

export type TwilioResource = Record<string, unknown> & { sid: string };

type TwilioBody = (Record<string, unknown> & { sid?: unknown; code?: number; message?: string }) | null;

/** Refused credentials and 4xx are final, 429 (or Twilio's 20429) and 5xx retryable. */
function twilioError(status: number, body: TwilioBody, req: TwilioRequest): MessagingError {
  const detail = `Twilio answered ${status}: ${body?.code ?? ''} ${body?.message ?? ''}`.trim();
  const ok = status >= 200 && status < 300;
  if (status === 429 || body?.code === 20429) return new MessagingError('RATE_LIMITED', detail);
  if (status >= 500 || ok) return new MessagingError('UNAVAILABLE', detail);
  if (status === 401 || status === 403) return new MessagingError('NOT_CONFIGURED', detail, false);
  if (body?.code !== undefined && req.recipientCodes?.has(body.code)) return new MessagingError('INVALID_RECIPIENT', detail, false);
  if (body?.code !== undefined && req.setupCodes?.has(body.code)) return new MessagingError('NOT_CONFIGURED', detail, false);
  return new MessagingError('REJECTED', detail, false);
}

/** Only a JSON object is a Twilio answer; anything else reads as no body. */
function twilioBody(body: unknown): TwilioBody {
  return body && typeof body === 'object' && !Buffer.isBuffer(body) ? (body as TwilioBody) : null;
}

/**
 * One call to Twilio's 2010-04-01 REST API (Basic auth AccountSid:AuthToken, form-encoded bodies, JSON
 * answers) over the shared vendor transport, its failures mapped into MessagingError.
 */
export async function twilioRequest(creds: TwilioCredentials, req: TwilioRequest): Promise<TwilioResource> {
  const baseUrl = creds.baseUrl ?? 'https://api.twilio.com';
  const auth = Buffer.from(`${creds.accountSid}:${creds.authToken}`).toString('base64');
  const response = await requireOk(
    {
      timeoutMs: req.timeoutMs ?? 15_000,
      errors: {
        forNetwork: (cause) => new MessagingError('UNAVAILABLE', `Twilio unreachable: ${(cause as Error).message}`),
        forResponse: (answer) => twilioError(answer.status, twilioBody(answer.body), req),
      },
    },
    {
      method: req.method,
      url: `${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(creds.accountSid)}${req.path}`,
      headers: { authorization: `Basic ${auth}` },
      body: req.form,
    },
  );
  const body = twilioBody(response.body);
  if (typeof body?.sid === 'string') return body as TwilioResource;
  throw twilioError(response.status, body, req);
}
