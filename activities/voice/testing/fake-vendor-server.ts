import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a voice platform's REST API (node:http on 127.0.0.1, random port), for contract
 * tests: it records every request and answers from routes a test registers.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: unknown;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Responder = FakeResponse | ((request: RecordedRequest) => FakeResponse);

interface Route {
  method: string;
  path: string;
  respond: Responder;
}

export interface FakeVendorServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Answer `method path` (path without the query string) with `respond` until `reset`. */
  on(method: string, path: string, respond: Responder): void;
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeVendorServer(pathPrefix = ''): Promise<FakeVendorServer> {
  const routes: Route[] = [];
  const requests: RecordedRequest[] = [];

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = rawBody ? JSON.parse(rawBody) : undefined;
      } catch {
        body = rawBody;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams.entries()),
        headers: req.headers,
        rawBody,
        body,
      };
      requests.push(recorded);
      const route = routes.find((r) => r.method === recorded.method && pathPrefix + r.path === recorded.path);
      const answer: FakeResponse = route
        ? typeof route.respond === 'function'
          ? route.respond(recorded)
          : route.respond
        : { status: 501, body: { message: `no fake route for ${recorded.method} ${recorded.path}` } };
      const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(text);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}${pathPrefix}`,
    requests,
    on(method, path, respond) {
      routes.unshift({ method, path, respond });
    },
    reset() {
      routes.length = 0;
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
