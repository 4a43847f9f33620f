import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A tiny local HTTP server for vendor contract tests: routes answer with the vendor's documented shapes,
// and scripted failures (429 with Retry-After, 500, 401) can be queued in front of any path.

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  rawBody: string;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  /** Bytes sent as they are (a recording), instead of a JSON body. */
  raw?: Buffer;
  headers?: Record<string, string>;
}

type Handler = (req: FakeRequest, params: string[]) => FakeResponse;

export class FakeVendorServer {
  readonly requests: FakeRequest[] = [];
  private readonly routes: { method: string; pattern: RegExp; handler: Handler }[] = [];
  private readonly scripted: { method: string; pattern: RegExp; response: FakeResponse }[] = [];
  private server: http.Server | null = null;
  url = '';

  route(method: string, pattern: RegExp, handler: Handler): this {
    this.routes.push({ method, pattern, handler });
    return this;
  }

  /** The next request matching method and path gets this answer instead of the route's. */
  failNext(method: string, pattern: RegExp, ...responses: FakeResponse[]): void {
    for (const response of responses) this.scripted.push({ method, pattern, response });
  }

  requestsTo(method: string, pattern: RegExp): FakeRequest[] {
    return this.requests.filter((r) => r.method === method && pattern.test(r.path));
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        let body: unknown = null;
        if (raw && String(req.headers['content-type']).includes('json')) body = JSON.parse(raw);
        else if (raw) body = Object.fromEntries(new URLSearchParams(raw));
        const request: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body, rawBody: raw };
        this.requests.push(request);
        const answer = this.answer(request);
        if (answer.raw) {
          res.writeHead(answer.status, { 'content-type': 'application/octet-stream', ...answer.headers });
          res.end(answer.raw);
          return;
        }
        res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
        res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(request: FakeRequest): FakeResponse {
    const scriptedIndex = this.scripted.findIndex((s) => s.method === request.method && s.pattern.test(request.path));
    if (scriptedIndex >= 0) return this.scripted.splice(scriptedIndex, 1)[0].response;
    for (const route of this.routes) {
      if (route.method !== request.method) continue;
      const match = route.pattern.exec(request.path);
      if (match) return route.handler(request, match.slice(1));
    }
    return { status: 404, body: { title: 'Not Found', status: 404 } };
  }
}

/** Pages a list the way ServiceTitan does: page/pageSize in, {page, pageSize, hasMore, totalCount, data} out. */
export function serviceTitanPage<T>(items: T[], query: URLSearchParams, maxPageSize = 5000): FakeResponse {
  const page = Number(query.get('page') ?? 1);
  const pageSize = Math.min(Number(query.get('pageSize') ?? 50), maxPageSize);
  const data = items.slice((page - 1) * pageSize, page * pageSize);
  const includeTotal = query.get('includeTotal') === 'true';
  return { status: 200, body: { page, pageSize, hasMore: page * pageSize < items.length, totalCount: includeTotal ? items.length : null, data } };
}

/** Pages a list the way Housecall Pro does: page/page_size in, {page, page_size, total_pages, total_items, <key>} out. */
export function housecallProPage<T>(key: string, items: T[], query: URLSearchParams, maxPageSize = 100): FakeResponse {
  const page = Number(query.get('page') ?? 1);
  const pageSize = Math.min(Number(query.get('page_size') ?? 10), maxPageSize);
  return {
    status: 200,
    body: { page, page_size: pageSize, total_pages: Math.max(1, Math.ceil(items.length / pageSize)), total_items: items.length, [key]: items.slice((page - 1) * pageSize, page * pageSize) },
  };
}
