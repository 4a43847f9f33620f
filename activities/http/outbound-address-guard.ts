import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Requests to addresses an organization supplies (its webhook URLs) must not reach the deployment's own
 * network: loopback, private and link-local ranges, cloud metadata, CGNAT, multicast, or any other
 * non-public range, including IPv4-mapped IPv6 spellings of them. The host is resolved once, every
 * address it resolves to is checked, and the connection goes to the checked address, so a DNS answer
 * that changes between the check and the connect (rebinding) cannot slip through.
 */

export interface OutboundPolicy {
  /** Development and the test suite's fake servers: loopback, private, link-local and CGNAT allowed. Metadata never is. */
  allowPrivate: boolean;
}

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);
const METADATA_HOSTNAMES = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

// ipaddr.js range names → what the refusal says; the ones a development setup may use are marked local.
const RANGES: Record<string, { label: string; local: boolean }> = {
  loopback: { label: 'a loopback address', local: true },
  private: { label: 'a private address', local: true },
  uniqueLocal: { label: 'a private address', local: true },
  linkLocal: { label: 'a link-local address', local: true },
  carrierGradeNat: { label: 'a shared (CGNAT) address', local: true },
  unspecified: { label: 'an unspecified address', local: false },
  multicast: { label: 'a multicast address', local: false },
  broadcast: { label: 'a broadcast address', local: false },
};

/** Whether an IP address (any spelling ipaddr.js parses, IPv4-mapped IPv6 included) may be connected to. */
export function classifyOutboundAddress(address: string, policy: OutboundPolicy): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // process() turns ::ffff:a.b.c.d (and ::a.b.c.d) into the IPv4 address it stands for.
    parsed = ipaddr.process(address);
  } catch {
    return { allowed: false, reason: `${address} is not an IP address` };
  }
  const shown = parsed.toString();
  if (METADATA_ADDRESSES.has(shown)) return { allowed: false, reason: `${shown} is a cloud metadata address` };
  const range = parsed.range();
  if (range === 'unicast') return { allowed: true };
  const known = RANGES[range];
  if (known?.local && policy.allowPrivate) return { allowed: true };
  return { allowed: false, reason: `${shown} is ${known?.label ?? `a reserved address (${range})`}` };
}

/** A refused destination: not retryable, whatever the caller's retry policy. */
export class OutboundAddressRefused extends Error {
  readonly code = 'OUTBOUND_ADDRESS_REFUSED';
  constructor(reason: string) {
    super(`refused: ${reason}`);
    this.name = 'OutboundAddressRefused';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to (the system resolver by default; tests inject their own). */
export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolveHost: ResolveHost = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));

export interface OutboundGuard extends OutboundPolicy {
  resolve?: ResolveHost;
}

export interface CheckedDestination {
  url: URL;
  /** The checked address the connection must go to. */
  pinned: ResolvedAddress;
}

/**
 * Parses the URL (the WHATWG parser already turns decimal, octal and hex IPv4 spellings into dotted
 * form), resolves its host once and checks every address. Throws OutboundAddressRefused.
 */
export async function checkOutboundUrl(raw: string, guard: OutboundGuard): Promise<CheckedDestination> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundAddressRefused(`${raw} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundAddressRefused(`${url.protocol} is not http or https`);
  const host = url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  if (METADATA_HOSTNAMES.has(host)) throw new OutboundAddressRefused(`${host} is a cloud metadata address`);
  const family = net.isIP(host);
  if (family !== 0) {
    const verdict = classifyOutboundAddress(host, guard);
    if (!verdict.allowed) throw new OutboundAddressRefused(verdict.reason);
    return { url, pinned: { address: host, family: family === 6 ? 6 : 4 } };
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await (guard.resolve ?? systemResolveHost)(host);
  } catch (err) {
    throw Object.assign(new Error(`could not resolve ${host}: ${(err as Error).message}`), { cause: err });
  }
  if (addresses.length === 0) throw new Error(`could not resolve ${host}: no addresses`);
  for (const a of addresses) {
    const verdict = classifyOutboundAddress(a.address, guard);
    if (!verdict.allowed) throw new OutboundAddressRefused(`${host} resolves to ${verdict.reason.replace(' is ', ', ')}`);
  }
  return { url, pinned: addresses[0] };
}

export interface GuardedRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** The caller's own cancel, on top of the timeout. */
  signal?: AbortSignal;
  /** The most of the answer kept (64 KiB unless set); the rest is read and dropped. */
  maxBodyBytes?: number;
}

export interface GuardedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first bytes of the answer (at most maxBodyBytes); the rest is read and dropped. */
  body: string;
  /** The whole answer's size, kept or not. */
  bodyBytes: number;
}

const MAX_BODY_BYTES = 64 * 1024;

/**
 * One request to a checked, pinned address. Redirects are never followed (a 3xx is the answer), so a
 * public host cannot bounce the request to an internal one.
 */
export async function sendGuardedRequest(req: GuardedRequest, guard: OutboundGuard): Promise<GuardedResponse> {
  const { url, pinned } = await checkOutboundUrl(req.url, guard);
  const client = url.protocol === 'https:' ? https : http;
  const maxBodyBytes = req.maxBodyBytes ?? MAX_BODY_BYTES;
  // The socket's lookup answers with the checked address: no second resolution between check and connect.
  const lookup: net.LookupFunction = (_hostname, options, callback) => {
    if ((options as dns.LookupOptions).all) (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  return new Promise<GuardedResponse>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: req.method,
        headers: req.headers,
        lookup,
        agent: false,
        timeout: req.timeoutMs,
        signal: req.signal ? AbortSignal.any([req.signal, AbortSignal.timeout(req.timeoutMs)]) : AbortSignal.timeout(req.timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < maxBodyBytes) chunks.push(chunk.subarray(0, maxBodyBytes - size));
          size += chunk.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), bodyBytes: size }));
        res.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${req.timeoutMs} ms`)));
    request.on('error', reject);
    request.end(req.body);
  });
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The guarded request behind the fetch signature, for clients built on fetch (the vendor transport):
 * string and form bodies only; redirects are never followed whatever `redirect` says.
 */
export function createGuardedFetch(guard: OutboundGuard, timeoutMs = 30_000): typeof fetch {
  const guarded = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    if (input instanceof Request) throw new TypeError('createGuardedFetch takes a URL, not a Request');
    const { body } = init;
    if (body !== undefined && body !== null && typeof body !== 'string' && !(body instanceof URLSearchParams)) {
      throw new TypeError('createGuardedFetch sends string and form bodies only');
    }
    const res = await sendGuardedRequest(
      {
        method: init.method ?? 'GET',
        url: String(input),
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        ...(body === undefined || body === null ? {} : { body: String(body) }),
        timeoutMs,
        ...(init.signal ? { signal: init.signal } : {}),
      },
      guard,
    );
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    return new Response(NULL_BODY_STATUSES.has(res.status) ? null : res.body, { status: res.status, headers });
  };
  return guarded as typeof fetch;
}

/** The policy from configuration (OUTBOUND_ALLOW_PRIVATE_ADDRESSES). */
export const outboundGuardFrom = (config: { OUTBOUND_ALLOW_PRIVATE_ADDRESSES?: 'true' | 'false' }): OutboundGuard => ({
  allowPrivate: config.OUTBOUND_ALLOW_PRIVATE_ADDRESSES === 'true',
});
