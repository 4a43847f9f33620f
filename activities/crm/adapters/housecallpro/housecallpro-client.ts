import { z } from 'zod';
import { CrmError, type Page } from '../../crm.port';
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

/** What the Housecall Pro adapter needs for one company (spec 000 §3: {crm_b} crm_config appKey, agent id, defaultEmployeeId). */
export interface HousecallProConfig {
  /** https://api.housecallpro.com */
  apiUrl: string;
  /** A company API key (sent as "Token <key>") or an OAuth access token (sent as "Bearer <token>"). */
  apiKey: string;
  authScheme: 'Token' | 'Bearer';
  /** Employee assigned to jobs the agent books when none is chosen (defaultEmployeeId). */
  defaultEmployeeId?: string;
  requestsPerSecond: number;
  timeoutMs?: number;
}

type Query = Record<string, QueryValue | QueryValue[]>;

const PagingSchema = z.object({ page: z.number(), page_size: z.number().optional(), total_pages: z.number(), total_items: z.number().optional() });

export interface HousecallProClientDeps {
  clock?: Clock;
  fetch?: typeof fetch;
  budget?: TokenBucket;
  maxRateLimitRetries?: number;
  maxRetryAfterMs?: number;
}

/** Housecall Pro's public API: one host, an API key per company, page/page_size paging with total_pages. */
export class HousecallProClient {
  private readonly http: VendorHttpOptions;

  constructor(
    private readonly config: HousecallProConfig,
    deps: HousecallProClientDeps = {},
  ) {
    const clock = deps.clock ?? systemClock;
    this.http = {
      vendor: 'Housecall Pro',
      budget: deps.budget ?? new TokenBucket({ capacity: config.requestsPerSecond, refillPerSecond: config.requestsPerSecond }, clock),
      clock,
      fetch: deps.fetch,
      timeoutMs: config.timeoutMs,
      maxRateLimitRetries: deps.maxRateLimitRetries,
      maxRetryAfterMs: deps.maxRetryAfterMs,
    };
  }

  /** A 404 gives null so callers can tell "no such thing" from a failure. */
  async send(method: HttpMethod, path: string, options: { query?: Query; body?: unknown } = {}): Promise<unknown | null> {
    return (await this.exchange(method, path, options))?.body ?? null;
  }

  private async exchange(method: HttpMethod, path: string, options: { query?: Query; body?: unknown }) {
    const url = withQuery(`${this.config.apiUrl.replace(/\/$/, '')}/${path.replace(/^\//, '')}`, options.query, 'brackets');
    const response = await sendVendorRequest(this.http, {
      method,
      url,
      headers: { authorization: `${this.config.authScheme} ${this.config.apiKey}` },
      body: options.body,
    });
    if (response.status === 404) return null;
    if (response.status >= 400) throw crmErrorForStatus('Housecall Pro', response.status, response.body);
    return response;
  }

  /** A write whose target must exist; an empty 200 (a deleted schedule) is a success, not a miss. */
  async write(method: Exclude<HttpMethod, 'GET'>, path: string, body?: unknown): Promise<unknown> {
    const answer = await this.exchange(method, path, { body });
    if (answer === null && method !== 'DELETE') throw new CrmError('NOT_FOUND', `Housecall Pro has no ${path}`);
    return answer?.body ?? null;
  }

  /** A write that tells "done" from "no such thing" (false on a 404). */
  async writeIfFound(method: Exclude<HttpMethod, 'GET'>, path: string, body?: unknown): Promise<boolean> {
    return (await this.exchange(method, path, { body })) !== null;
  }

  /** One page of a list, in the port's paging (Housecall Pro's page/page_size passed through). */
  async page<T>(path: string, key: string, schema: z.ZodType<T>, query: Query, request: { page?: number; pageSize?: number }): Promise<Page<T>> {
    const page = request.page ?? 1;
    const pageSize = Math.min(request.pageSize ?? 50, 100);
    const body = await this.send('GET', path, { query: { ...query, page, page_size: pageSize } });
    if (body === null) throw new CrmError('NOT_FOUND', `Housecall Pro has no ${path}`);
    const paging = parseVendorShape('Housecall Pro', PagingSchema, body, path);
    const list = (body as Record<string, unknown>)[key];
    if (!Array.isArray(list)) throw new CrmError('UNAVAILABLE', `Housecall Pro answered ${path} without ${key}`, false);
    const data = list.map((raw) => parseVendorShape('Housecall Pro', schema, raw, path));
    const totalCount = paging.total_items ?? data.length;
    return { page, pageSize, hasMore: page < paging.total_pages, totalCount, data };
  }

  /** Every page of a list: the items sit under a key named after the resource (customers, jobs, employees…). */
  async listAll<T>(path: string, key: string, schema: z.ZodType<T>, query: Query = {}, options: { pageSize?: number; maxItems?: number } = {}): Promise<T[]> {
    const pageSize = options.pageSize ?? 100;
    const maxItems = options.maxItems ?? 10_000;
    const items: T[] = [];
    for (let page = 1; ; page += 1) {
      const body = await this.send('GET', path, { query: { ...query, page, page_size: pageSize } });
      if (body === null) throw new CrmError('NOT_FOUND', `Housecall Pro has no ${path}`);
      const paging = parseVendorShape('Housecall Pro', PagingSchema, body, path);
      const list = (body as Record<string, unknown>)[key];
      if (!Array.isArray(list)) throw new CrmError('UNAVAILABLE', `Housecall Pro answered ${path} without ${key}`, false);
      for (const raw of list) items.push(parseVendorShape('Housecall Pro', schema, raw, path));
      if (page >= paging.total_pages || list.length === 0 || items.length >= maxItems) return items;
    }
  }
}
