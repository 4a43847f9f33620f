import { afterEach, describe, expect, it } from '@jest/globals';
import { startFakeVendorServer, type FakeVendorServer } from '../testing/fake-vendor-server';
import { OutboundAddressRefused, sendGuardedRequest, type ResolveHost } from './outbound-address-guard';

// Real sockets to a local receiver; names under .test never resolve through the system resolver, so a
// request that arrives proves the connection used the injected (checked) answer.

const servers: FakeVendorServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function receiver(answer: Parameters<typeof startFakeVendorServer>[0] = {}) {
  const server = await startFakeVendorServer(answer);
  servers.push(server);
  return { server, port: new URL(server.url).port };
}

/** A resolver whose answer changes after the first question: a DNS rebinding attack. */
function rebinding(hostname: string, first: string, later: string): ResolveHost & { calls: number } {
  const resolve = async (asked: string) => {
    if (asked !== hostname) throw new Error(`getaddrinfo ENOTFOUND ${asked}`);
    resolve.calls += 1;
    return [{ address: resolve.calls === 1 ? first : later, family: 4 as const }];
  };
  resolve.calls = 0;
  return resolve;
}

describe('sendGuardedRequest', () => {
  it('connects to the address it checked, resolving the host once, even when the next answer would differ', async () => {
    const { server, port } = await receiver({ otherwise: () => ({ status: 204 }) });
    const resolve = rebinding('hooks.rebind.test', '127.0.0.1', '10.20.30.40');
    const res = await sendGuardedRequest(
      { method: 'POST', url: `http://hooks.rebind.test:${port}/in`, headers: { 'content-type': 'application/json' }, body: '{"a":1}', timeoutMs: 5000 },
      { allowPrivate: true, resolve },
    );
    expect(res.status).toBe(204);
    expect(resolve.calls).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].headers.host).toBe(`hooks.rebind.test:${port}`);
    expect(server.requests[0].rawBody).toBe('{"a":1}');
  });

  it('refuses before connecting when the host resolves to a local address and local addresses are not allowed', async () => {
    const { server, port } = await receiver({ otherwise: () => ({ status: 204 }) });
    const resolve = rebinding('hooks.rebind.test', '127.0.0.1', '127.0.0.1');
    const sent = sendGuardedRequest(
      { method: 'POST', url: `http://hooks.rebind.test:${port}/in`, body: '{}', timeoutMs: 5000 },
      { allowPrivate: false, resolve },
    );
    await expect(sent).rejects.toBeInstanceOf(OutboundAddressRefused);
    await expect(sent).rejects.toThrow('refused: hooks.rebind.test resolves to 127.0.0.1, a loopback address');
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a literal loopback URL with the setting off, and sends nothing', async () => {
    const { server } = await receiver({ otherwise: () => ({ status: 204 }) });
    await expect(sendGuardedRequest({ method: 'POST', url: `${server.url}/in`, body: '{}', timeoutMs: 5000 }, { allowPrivate: false })).rejects.toThrow(
      'refused: 127.0.0.1 is a loopback address',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('does not follow a redirect: the 3xx is the answer and its target hears nothing', async () => {
    const target = await receiver({ otherwise: () => ({ status: 200, body: 'secret' }) });
    const { server } = await receiver({ otherwise: () => ({ status: 302, headers: { location: `${target.server.url}/latest/meta-data` } }) });
    const res = await sendGuardedRequest({ method: 'POST', url: `${server.url}/in`, body: '{}', timeoutMs: 5000 }, { allowPrivate: true });
    expect(res.status).toBe(302);
    expect(server.requests).toHaveLength(1);
    expect(target.server.requests).toHaveLength(0);
  });

  it('gives up on a receiver that never answers within the timeout', async () => {
    const { server } = await receiver({ otherwise: () => 'hang' });
    await expect(sendGuardedRequest({ method: 'POST', url: `${server.url}/in`, body: '{}', timeoutMs: 300 }, { allowPrivate: true })).rejects.toThrow();
  });
});
