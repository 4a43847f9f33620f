import { MessagingError } from '../../messaging.port';

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

/**
 * One call to Twilio's 2010-04-01 REST API (Basic auth AccountSid:AuthToken, form-encoded bodies, JSON
 * answers), its failures mapped into MessagingError: refused credentials and 4xx are final, 429 (or
 * Twilio's 20429) and 5xx retryable.
 */
export async function twilioRequest(creds: TwilioCredentials, req: TwilioRequest): Promise<TwilioResource> {
  const baseUrl = creds.baseUrl ?? 'https://api.twilio.com';
  const auth = Buffer.from(`${creds.accountSid}:${creds.authToken}`).toString('base64');
  let res: Response;
  try {
    res = await fetch(`${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(creds.accountSid)}${req.path}`, {
      method: req.method,
      headers: { Authorization: `Basic ${auth}`, ...(req.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
      ...(req.form ? { body: req.form.toString() } : {}),
      signal: AbortSignal.timeout(req.timeoutMs ?? 15_000),
    });
  } catch (err) {
    throw new MessagingError('UNAVAILABLE', `Twilio unreachable: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as (Record<string, unknown> & { sid?: unknown; code?: number; message?: string }) | null;
  if (res.ok && typeof body?.sid === 'string') return body as TwilioResource;
  const detail = `Twilio answered ${res.status}: ${body?.code ?? ''} ${body?.message ?? ''}`.trim();
  if (res.status === 429 || body?.code === 20429) throw new MessagingError('RATE_LIMITED', detail);
  if (res.status >= 500 || res.ok) throw new MessagingError('UNAVAILABLE', detail);
  if (res.status === 401 || res.status === 403) throw new MessagingError('NOT_CONFIGURED', detail, false);
  if (body?.code !== undefined && req.recipientCodes?.has(body.code)) throw new MessagingError('INVALID_RECIPIENT', detail, false);
  if (body?.code !== undefined && req.setupCodes?.has(body.code)) throw new MessagingError('NOT_CONFIGURED', detail, false);
  throw new MessagingError('REJECTED', detail, false);
}
