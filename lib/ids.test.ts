import { interactionIdForProviderCall, staffUserIdFor, uuidV5 } from './ids';

const DNS_NAMESPACE = '6ba7b810-9dad-11d1-80b4-00c04fd430c8';
const URL_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';
const UUID_V5 = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('uuidV5', () => {
  it('matches the RFC 4122 name-based ids other implementations compute', () => {
    // The same values as Python's uuid.uuid5(uuid.NAMESPACE_DNS / NAMESPACE_URL, name).
    expect(uuidV5('www.example.com', DNS_NAMESPACE)).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    expect(uuidV5('https://homeagent.test/', URL_NAMESPACE)).toBe('6d631ac1-889b-5a8d-ba62-64215ac71352');
  });

  it('gives different ids for different names and for different namespaces', () => {
    const id = uuidV5('www.example.com', DNS_NAMESPACE);

    expect(uuidV5('www.example.org', DNS_NAMESPACE)).not.toBe(id);
    expect(uuidV5('www.example.com', URL_NAMESPACE)).not.toBe(id);
  });

  it('marks the id as version 5, RFC 4122 variant', () => {
    expect(uuidV5('Ünïcödé name', DNS_NAMESPACE)).toMatch(UUID_V5);
  });
});

describe('staffUserIdFor', () => {
  it('gives one id per e-mail address, whatever its case or surrounding spaces', () => {
    const id = staffUserIdFor('owner@demo-hvac.test');

    expect(staffUserIdFor('Owner@Demo-HVAC.test')).toBe(id);
    expect(staffUserIdFor('  owner@demo-hvac.test \n')).toBe(id);
    expect(id).toMatch(UUID_V5);
  });

  it('gives different addresses different ids', () => {
    expect(staffUserIdFor('owner@demo-hvac.test')).not.toBe(staffUserIdFor('csr@demo-hvac.test'));
  });

  it('does not use the plain DNS namespace, so ids do not collide with other uses of the address', () => {
    expect(staffUserIdFor('owner@demo-hvac.test')).not.toBe(uuidV5('owner@demo-hvac.test', DNS_NAMESPACE));
  });
});

describe('interactionIdForProviderCall', () => {
  const org = '0f3e2d1c-aaaa-4bbb-8ccc-123456789abc';

  it('gives one id per org, platform and platform call id', () => {
    const id = interactionIdForProviderCall(org, 'retell', 'call_1');

    expect(id).toMatch(UUID_V5);
    expect(interactionIdForProviderCall(org, 'retell', 'call_1')).toBe(id);
    expect(interactionIdForProviderCall(org, 'vapi', 'call_1')).not.toBe(id);
    expect(interactionIdForProviderCall(org, 'retell', 'call_2')).not.toBe(id);
    expect(interactionIdForProviderCall('1f3e2d1c-aaaa-4bbb-8ccc-123456789abc', 'retell', 'call_1')).not.toBe(id);
  });
});
