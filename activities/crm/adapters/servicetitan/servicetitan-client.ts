import { z } from 'zod';
import { CrmError } from '../../crm.port';
import { TokenBucket, systemClock, type Clock } from '../../../http/token-bucket';
import {
  crmErrorForStatus,
  parseVendorShape,
  sendVendorRequest,
  withQuery,
  type HttpMethod,
  type QueryValue,
  type VendorHttpOptions,
} from '../http/vendor-http';
import { ServiceTitanTokenSource } from './servicetitan-auth';
import type { ServiceTitanConfig } from './servicetitan.config';

/** API v2 modules the adapter reads (jbce: job booking and call experience, where call reasons live). */
export type ServiceTitanModule =
  'crm' | 'jpm' | 'dispatch' | 'settings' | 'sales' | 'telecom' | 'marketing' | 'reporting' | 'equipmentsystems' | 'memberships' | 'pricebook' | 'jbce';
type Query = Record<string, QueryValue | QueryValue[]>;

const PageSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
  totalCount: z.number().nullish(),
  data: z.array(z.unknown()),
});

export interface ServiceTitanClientDeps {
  clock?: Clock;
  fetch?: typeof fetch;
  /** Shared by every client of one tenant: the rate limit is per app per tenant. */
  budget?: TokenBucket;
  maxRateLimitRetries?: number;
  maxRetryAfterMs?: number;
}

/**
 * ServiceTitan API v2: tenant-scoped module paths (/{module}/v2/tenant/{tenant}/…), a bearer token from the
 * auth host plus the ST-App-Key header, and page/pageSize paging answered with {page, pageSize, hasMore, data}.
 */
export class ServiceTitanClient {
  readonly tokens: ServiceTitanTokenSource;
  private readonly http: VendorHttpOptions;

  constructor(
    private readonly config: ServiceTitanConfig,
    deps: ServiceTitanClientDeps = {},
  ) {
    const clock = deps.clock ?? systemClock;
    this.tokens = new ServiceTitanTokenSource(config, clock, deps.fetch);
    this.http = {
      vendor: 'ServiceTitan',
      budget: deps.budget ?? new TokenBucket({ capacity: config.requestsPerSecond, refillPerSecond: config.requestsPerSecond }, clock),
      clock,
      fetch: deps.fetch,
      timeoutMs: config.timeoutMs,
      maxRateLimitRetries: deps.maxRateLimitRetries,
      maxRetryAfterMs: deps.maxRetryAfterMs,
    };
  }

  url(module: ServiceTitanModule, path: string): string {
    return `${this.config.apiUrl.replace(/\/$/, '')}/${module}/v2/tenant/${encodeURIComponent(this.config.tenantId)}/${path.replace(/^\//, '')}`;
  }

  /** One call; a 404 gives null so callers can tell "no such thing" from a failure. */
  async send(method: HttpMethod, module: ServiceTitanModule, path: string, options: { query?: Query; body?: unknown } = {}): Promise<unknown | null> {
    return (await this.exchange(method, module, path, { ...options, binary: false }))?.body ?? null;
  }

  /** A file (a call recording): its bytes and content type, or null on a 404. */
  async download(module: ServiceTitanModule, path: string): Promise<{ contentType: string | null; data: Buffer } | null> {
    const answer = await this.exchange('GET', module, path, { binary: true });
    return answer && Buffer.isBuffer(answer.body) ? { contentType: answer.contentType, data: answer.body } : null;
  }

  private async exchange(method: HttpMethod, module: ServiceTitanModule, path: string, options: { query?: Query; body?: unknown; binary: boolean }) {
    const url = withQuery(this.url(module, path), options.query);
    for (let attempt = 0; ; attempt += 1) {
      const token = await this.tokens.accessToken();
      const response = await sendVendorRequest(this.http, {
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'ST-App-Key': this.config.appKey },
        body: options.body,
        binary: options.binary,
      });
      if (response.status === 401 && attempt === 0) {
        this.tokens.invalidate(token);
        continue;
      }
      if (response.status === 404) return null;
      if (response.status >= 400) throw crmErrorForStatus('ServiceTitan', response.status, response.body);
      return response;
    }
  }

  async get(module: ServiceTitanModule, path: string, query?: Query): Promise<unknown | null> {
    return this.send('GET', module, path, { query });
  }

  /**
   * A write whose target must exist: a 404 is an error here, not an empty answer. Many writes (cancel,
   * confirmation, hold) answer 200 with an empty body, which reads as null.
   */
  async write(method: Exclude<HttpMethod, 'GET'>, module: ServiceTitanModule, path: string, body?: unknown): Promise<unknown> {
    const answer = await this.exchange(method, module, path, { body, binary: false });
    if (answer === null && method !== 'DELETE') throw new CrmError('NOT_FOUND', `ServiceTitan has no ${path}`);
    return answer?.body ?? null;
  }

  /** A write that tells "done" from "no such thing" (false on a 404). */
  async writeIfFound(method: Exclude<HttpMethod, 'GET'>, module: ServiceTitanModule, path: string, body?: unknown): Promise<boolean> {
    return (await this.exchange(method, module, path, { body, binary: false })) !== null;
  }

  /** One page of a list endpoint, as the port pages (ServiceTitan's own paging, passed through). */
  async page<T>(
    module: ServiceTitanModule,
    path: string,
    schema: z.ZodType<T>,
    query: Query,
    request: { page?: number; pageSize?: number },
  ): Promise<{ page: number; pageSize: number; hasMore: boolean; totalCount: number; data: T[] }> {
    const found = await this.pageIfFound(module, path, schema, query, request);
    if (found === null) throw new CrmError('NOT_FOUND', `ServiceTitan has no ${module}/${path}`);
    return found;
  }

  /** page(), but null when the list's owner does not exist (an unknown report category). */
  async pageIfFound<T>(
    module: ServiceTitanModule,
    path: string,
    schema: z.ZodType<T>,
    query: Query,
    request: { page?: number; pageSize?: number },
  ): Promise<{ page: number; pageSize: number; hasMore: boolean; totalCount: number; data: T[] } | null> {
    const page = request.page ?? 1;
    const pageSize = Math.min(request.pageSize ?? 50, 5000);
    const body = await this.get(module, path, { ...query, page, pageSize, includeTotal: true });
    if (body === null) return null;
    const parsed = parseVendorShape('ServiceTitan', PageSchema, body, path);
    const data = parsed.data.map((raw) => parseVendorShape('ServiceTitan', schema, raw, path));
    return { page: parsed.page, pageSize: parsed.pageSize, hasMore: parsed.hasMore, totalCount: parsed.totalCount ?? data.length, data };
  }

  /** Every page of a list endpoint, following hasMore. maxItems bounds a runaway listing. */
  async listAll<T>(
    module: ServiceTitanModule,
    path: string,
    schema: z.ZodType<T>,
    query: Query = {},
    options: { pageSize?: number; maxItems?: number } = {},
  ): Promise<T[]> {
    const pageSize = options.pageSize ?? 500;
    const maxItems = options.maxItems ?? 10_000;
    const items: T[] = [];
    for (let page = 1; ; page += 1) {
      const body = await this.get(module, path, { ...query, page, pageSize, includeTotal: page === 1 });
      if (body === null) throw new CrmError('NOT_FOUND', `ServiceTitan has no ${module}/${path}`);
      const parsed = PageSchema.safeParse(body);
      if (!parsed.success) throw new CrmError('UNAVAILABLE', `ServiceTitan answered ${module}/${path} in an unexpected shape`, false);
      for (const raw of parsed.data.data) items.push(parseVendorShape('ServiceTitan', schema, raw, path));
      if (!parsed.data.hasMore || parsed.data.data.length === 0 || items.length >= maxItems) return items;
    }
  }
}
