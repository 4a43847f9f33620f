import { z } from 'zod';
import { CrmError } from '../../crm.port';
import { crmErrorForStatus } from '../http/vendor-http';
import { systemClock, type Clock } from '../../../http/token-bucket';
import { requireOk } from '../../../http/vendor-http-client';
import type { ServiceTitanConfig } from './servicetitan.config';

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().positive(),
  token_type: z.string().optional(),
});

/** Refresh this long before the token's end, so a request never leaves with a token about to expire. */
const EXPIRY_SKEW_MS = 60_000;

/**
 * OAuth 2.0 client-credentials tokens from ServiceTitan's auth host (POST /connect/token, form-encoded) over
 * the shared vendor transport, cached until shortly before expires_in runs out. Concurrent callers share one token request.
 */
export class ServiceTitanTokenSource {
  private token: { value: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly config: Pick<ServiceTitanConfig, 'authUrl' | 'clientId' | 'clientSecret' | 'timeoutMs'>,
    private readonly clock: Clock = systemClock,
    private readonly doFetch: typeof fetch = fetch,
  ) {}

  async accessToken(): Promise<string> {
    if (this.token && this.clock.now() < this.token.expiresAt - EXPIRY_SKEW_MS) return this.token.value;
    this.pending ??= this.requestToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** After a 401 the cached token is no longer trusted (revoked, or the clock drifted). */
  invalidate(rejected: string): void {
    if (this.token?.value === rejected) this.token = null;
  }

  private async requestToken(): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
    });
    const response = await requireOk(
      {
        fetch: this.doFetch,
        timeoutMs: this.config.timeoutMs ?? 10_000,
        errors: {
          forNetwork: () => new CrmError('UNAVAILABLE', 'ServiceTitan auth could not be reached'),
          // The token endpoint answers 400 invalid_client for wrong credentials: that will not heal on retry.
          forResponse: ({ status, body }) =>
            status === 400 || status === 401
              ? new CrmError('UNAUTHORIZED', 'ServiceTitan refused the client credentials')
              : crmErrorForStatus('ServiceTitan auth', status, body),
        },
      },
      { method: 'POST', url: `${this.config.authUrl.replace(/\/$/, '')}/connect/token`, body: form },
    );
    const parsed = TokenResponseSchema.safeParse(response.body);
    if (!parsed.success) throw new CrmError('UNAVAILABLE', 'ServiceTitan auth answered without an access token');
    this.token = { value: parsed.data.access_token, expiresAt: this.clock.now() + parsed.data.expires_in * 1000 };
    return this.token.value;
  }
}
