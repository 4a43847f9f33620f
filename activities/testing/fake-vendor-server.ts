import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The one local stand-in for a vendor's HTTP API in contract tests (node:http on 127.0.0.1, a random
 * port). It records every request, answers from routes (method + exact path or pattern), and lets a test
 * queue scripted answers (429 with Retry-After, 5xx, 401, a hang) in front of any route.
 */

export interface FakeRequest {
  method: string;
  /** Without the query string (and with the server's path prefix). */
  path: string;
  /** Path and query string as sent. */
  url: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  rawBody: string;
  /** JSON when the body parses as JSON, the fields of a form body, the text otherwise; undefined when empty. */
  body: unknown;
}

export interface FakeResponse {
  status: number;
  /** Sent as JSON, or as it is when a string. */
  body?: unknown;
  /** Bytes sent as they are (a recording), instead of a body. */
  raw?: Buffer;
  headers?: Record<string, string>;
  contentType?: string;
}

/** 'hang' never answers: the client's timeout is what ends the request. */
export type FakeAnswer = FakeResponse | 'hang';
export type FakeHandler = (request: FakeRequest, params: string[]) => FakeAnswer;
export type Responder = FakeAnswer | FakeHandler;

type PathMatcher = string | RegExp;

interface Route {
  method: string;
  path: PathMatcher;
  respond: Responder;
}

function matchPath(matcher: PathMatcher, path: string): string[] | null {
  if (typeof matcher === 'string') return matcher === path ? [] : null;
  const match = matcher.exec(path);
  return match ? match.slice(1) : null;
}

function parseBody(raw: string, contentType: string): unknown {
  if (raw === '') return undefined;
  if (contentType.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

export class FakeVendorServer {
  readonly requests: FakeRequest[] = [];
  /** Base URL of the fake API, path prefix included. */
  url = '';
  private routes: Route[] = [];
  private scripted: { method: string; path: PathMatcher; answer: FakeAnswer }[] = [];
  private fallback: ((request: FakeRequest, index: number) => FakeAnswer) | null = null;
  private server: http.Server | null = null;

  /** pathPrefix: the fake API lives under it (`/v1`), and routes are written without it. */
  constructor(private readonly pathPrefix = '') {}

  /** Adds a route; the first route registered for a path answers. */
  route(method: string, path: PathMatcher, respond: Responder): this {
    this.routes.push({ method, path, respond });
    return this;
  }

  /** Answers `method path` with `respond` in front of every route registered before. */
  on(method: string, path: PathMatcher, respond: Responder): this {
    this.routes.unshift({ method, path, respond });
    return this;
  }

  /** The next requests matching method and path get these answers, in order, instead of the route's. */
  failNext(method: string, path: PathMatcher, ...answers: FakeAnswer[]): this {
    for (const answer of answers) this.scripted.push({ method, path, answer });
    return this;
  }

  /** Answers every request no route matches (index: the request's position in `requests`). */
  otherwise(reply: (request: FakeRequest, index: number) => FakeAnswer): this {
    this.fallback = reply;
    return this;
  }

  requestsTo(method: string, path: PathMatcher): FakeRequest[] {
    return this.requests.filter((r) => r.method === method && matchPath(path, r.path) !== null);
  }

  /** Forgets routes, scripted answers and recorded requests. */
  reset(): void {
    this.routes = [];
    this.scripted = [];
    this.fallback = null;
    this.requests.length = 0;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const rawBody = Buffer.concat(chunks).toString('utf8');
        const request: FakeRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          url: req.url ?? '/',
          query: url.searchParams,
          headers: req.headers,
          rawBody,
          body: parseBody(rawBody, String(req.headers['content-type'] ?? '')),
        };
        this.requests.push(request);
        const answer = this.answer(request, this.requests.length - 1);
        if (answer === 'hang') return;
        if (answer.raw) {
          res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/octet-stream', ...answer.headers });
          res.end(answer.raw);
          return;
        }
        const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
        const contentType = answer.contentType ?? (typeof answer.body === 'string' ? 'text/plain' : 'application/json');
        res.writeHead(answer.status, { 'content-type': contentType, ...answer.headers });
        res.end(text);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${this.pathPrefix}`;
    return this;
  }

  /** Bound, so a test may pass `fake.close` on its own. */
  readonly close = async (): Promise<void> => {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  private answer(request: FakeRequest, index: number): FakeAnswer {
    const path = request.path.startsWith(this.pathPrefix) ? request.path.slice(this.pathPrefix.length) : request.path;
    const scriptedIndex = this.scripted.findIndex((s) => s.method === request.method && matchPath(s.path, path) !== null);
    if (scriptedIndex >= 0) return this.scripted.splice(scriptedIndex, 1)[0].answer;
    for (const route of this.routes) {
      if (route.method !== request.method) continue;
      const params = matchPath(route.path, path);
      if (params) return typeof route.respond === 'function' ? route.respond(request, params) : route.respond;
    }
    if (this.fallback) return this.fallback(request, index);
    return { status: 404, body: { title: 'Not Found', status: 404, message: `no fake route for ${request.method} ${request.path}` } };
  }
}

/** A started fake vendor server (see FakeVendorServer). */
export function startFakeVendorServer(
  options: { pathPrefix?: string; otherwise?: (request: FakeRequest, index: number) => FakeAnswer } = {},
): Promise<FakeVendorServer> {
  const server = new FakeVendorServer(options.pathPrefix);
  if (options.otherwise) server.otherwise(options.otherwise);
  return server.start();
}
