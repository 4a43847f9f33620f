import { describe, expect, it } from '@jest/globals';
import { checkOutboundUrl, classifyOutboundAddress, OutboundAddressRefused, type ResolveHost } from './outbound-address-guard';

const strict = { allowPrivate: false };
const local = { allowPrivate: true };

const refusal = (address: string, policy = strict) => {
  const verdict = classifyOutboundAddress(address, policy);
  return verdict.allowed ? null : verdict.reason;
};

describe('classifyOutboundAddress', () => {
  it.each([
    // loopback 127/8 and ::1
    ['127.0.0.1', '127.0.0.1 is a loopback address'],
    ['127.255.0.9', '127.255.0.9 is a loopback address'],
    ['::1', '::1 is a loopback address'],
    // private 10/8, 172.16/12, 192.168/16, fc00::/7
    ['10.0.0.5', '10.0.0.5 is a private address'],
    ['172.16.0.1', '172.16.0.1 is a private address'],
    ['172.31.255.254', '172.31.255.254 is a private address'],
    ['192.168.1.1', '192.168.1.1 is a private address'],
    ['fc00::1', 'fc00::1 is a private address'],
    ['fdff:1234::9', 'fdff:1234::9 is a private address'],
    // link-local 169.254/16, fe80::/10
    ['169.254.1.1', '169.254.1.1 is a link-local address'],
    ['fe80::1', 'fe80::1 is a link-local address'],
    ['febf::1', 'febf::1 is a link-local address'],
    // cloud metadata
    ['169.254.169.254', '169.254.169.254 is a cloud metadata address'],
    ['fd00:ec2::254', 'fd00:ec2::254 is a cloud metadata address'],
    // unspecified
    ['0.0.0.0', '0.0.0.0 is an unspecified address'],
    ['0.1.2.3', '0.1.2.3 is an unspecified address'],
    ['::', ':: is an unspecified address'],
    // CGNAT 100.64/10
    ['100.64.0.1', '100.64.0.1 is a shared (CGNAT) address'],
    ['100.127.255.254', '100.127.255.254 is a shared (CGNAT) address'],
    // multicast and broadcast
    ['224.0.0.1', '224.0.0.1 is a multicast address'],
    ['239.255.255.250', '239.255.255.250 is a multicast address'],
    ['ff02::1', 'ff02::1 is a multicast address'],
    ['255.255.255.255', '255.255.255.255 is a broadcast address'],
    // IPv4-mapped (and -compatible) IPv6 spellings of the ranges above
    ['::ffff:127.0.0.1', '127.0.0.1 is a loopback address'],
    ['::ffff:7f00:1', '127.0.0.1 is a loopback address'],
    ['::ffff:10.0.0.5', '10.0.0.5 is a private address'],
    ['::ffff:a9fe:a9fe', '169.254.169.254 is a cloud metadata address'],
    ['0:0:0:0:0:ffff:c0a8:0101', '192.168.1.1 is a private address'],
    ['::127.0.0.1', '127.0.0.1 is a loopback address'],
    // decimal, octal and hex IPv4 spellings
    ['2130706433', '127.0.0.1 is a loopback address'],
    ['017700000001', '127.0.0.1 is a loopback address'],
    ['0x7f.0.0.1', '127.0.0.1 is a loopback address'],
    ['0x7f000001', '127.0.0.1 is a loopback address'],
    ['127.1', '127.0.0.1 is a loopback address'],
    ['012.0.0.5', '10.0.0.5 is a private address'],
    ['0xa9.0xfe.0xa9.0xfe', '169.254.169.254 is a cloud metadata address'],
    // other non-public ranges: NAT64 and 6to4 embed an IPv4 address; documentation and benchmarking ranges
    ['64:ff9b::a00:5', '64:ff9b::a00:5 is a reserved address (rfc6052)'],
    ['2002:a00:5::', '2002:a00:5:: is a reserved address (6to4)'],
    ['198.18.0.1', '198.18.0.1 is a reserved address (reserved)'],
  ])('refuses %s', (address, reason) => {
    expect(refusal(address)).toBe(reason);
  });

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows the public address %s', (address) => {
    expect(refusal(address)).toBeNull();
  });

  it('with OUTBOUND_ALLOW_PRIVATE_ADDRESSES allows local ranges but never metadata, multicast or unspecified', () => {
    for (const address of ['127.0.0.1', '::1', '10.0.0.5', '192.168.1.1', 'fd12::1', '169.254.1.1', 'fe80::1', '100.64.0.1', '::ffff:127.0.0.1']) {
      expect([address, refusal(address, local)]).toEqual([address, null]);
    }
    expect(refusal('169.254.169.254', local)).toBe('169.254.169.254 is a cloud metadata address');
    expect(refusal('fd00:ec2::254', local)).toBe('fd00:ec2::254 is a cloud metadata address');
    expect(refusal('224.0.0.1', local)).toBe('224.0.0.1 is a multicast address');
    expect(refusal('0.0.0.0', local)).toBe('0.0.0.0 is an unspecified address');
  });

  it('refuses what is not an address', () => {
    expect(refusal('example.com')).toBe('example.com is not an IP address');
  });
});

const resolver = (answers: Record<string, string[]>): ResolveHost & { calls: string[] } => {
  const calls: string[] = [];
  const resolve = async (hostname: string) => {
    calls.push(hostname);
    const found = answers[hostname];
    if (!found) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`);
    return found.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  };
  return Object.assign(resolve, { calls });
};

const refusedMessage = async (url: string, resolve: ResolveHost, policy = strict) => {
  try {
    await checkOutboundUrl(url, { ...policy, resolve });
    return null;
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundAddressRefused);
    return (err as Error).message;
  }
};

describe('checkOutboundUrl', () => {
  const none = resolver({});

  it('refuses IP literals in every spelling the URL parser accepts, without resolving them', async () => {
    expect(await refusedMessage('http://127.0.0.1:8080/hook', none)).toBe('refused: 127.0.0.1 is a loopback address');
    expect(await refusedMessage('http://2130706433/hook', none)).toBe('refused: 127.0.0.1 is a loopback address');
    expect(await refusedMessage('http://0x7f.1/hook', none)).toBe('refused: 127.0.0.1 is a loopback address');
    expect(await refusedMessage('http://017700000001/hook', none)).toBe('refused: 127.0.0.1 is a loopback address');
    expect(await refusedMessage('http://10.0.0.5/hook', none)).toBe('refused: 10.0.0.5 is a private address');
    expect(await refusedMessage('http://[::1]/hook', none)).toBe('refused: ::1 is a loopback address');
    expect(await refusedMessage('http://[::ffff:169.254.169.254]/latest/meta-data', none)).toBe('refused: 169.254.169.254 is a cloud metadata address');
    expect(await refusedMessage('http://[fe80::1]/hook', none)).toBe('refused: fe80::1 is a link-local address');
    expect(await refusedMessage('http://0/hook', none)).toBe('refused: 0.0.0.0 is an unspecified address');
    expect(none.calls).toEqual([]);
  });

  it('refuses the metadata host names whatever they resolve to', async () => {
    const resolve = resolver({ 'metadata.google.internal': ['8.8.8.8'] });
    expect(await refusedMessage('http://metadata.google.internal/computeMetadata/v1/', resolve)).toBe(
      'refused: metadata.google.internal is a cloud metadata address',
    );
    expect(await refusedMessage('http://METADATA.google.internal./x', resolve, local)).toBe('refused: metadata.google.internal is a cloud metadata address');
  });

  it('refuses a host name that resolves to a private address', async () => {
    const resolve = resolver({ 'hooks.customer.example': ['10.0.0.5'] });
    expect(await refusedMessage('https://hooks.customer.example/in', resolve)).toBe('refused: hooks.customer.example resolves to 10.0.0.5, a private address');
    expect(resolve.calls).toEqual(['hooks.customer.example']);
  });

  it('refuses a host name when any one of its addresses is internal', async () => {
    const resolve = resolver({ 'mixed.example': ['93.184.216.34', '::ffff:127.0.0.1'] });
    expect(await refusedMessage('https://mixed.example/in', resolve)).toBe('refused: mixed.example resolves to 127.0.0.1, a loopback address');
  });

  it('pins a public host name to the address it checked', async () => {
    const resolve = resolver({ 'hooks.customer.example': ['93.184.216.34', '2606:2800:220:1::248'] });
    const checked = await checkOutboundUrl('https://hooks.customer.example/in', { ...strict, resolve });
    expect(checked.pinned).toEqual({ address: '93.184.216.34', family: 4 });
    expect(checked.url.hostname).toBe('hooks.customer.example');
  });

  it('refuses schemes other than http and https', async () => {
    expect(await refusedMessage('file:///etc/passwd', none)).toBe('refused: file: is not http or https');
  });

  it('lets a resolution failure through as an ordinary (retryable) error', async () => {
    await expect(checkOutboundUrl('https://gone.example/in', { ...strict, resolve: none })).rejects.toThrow('could not resolve gone.example');
    await expect(checkOutboundUrl('https://gone.example/in', { ...strict, resolve: none })).rejects.not.toBeInstanceOf(OutboundAddressRefused);
  });
});
