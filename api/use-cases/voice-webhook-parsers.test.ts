import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createWebhookParsers, detectWebhookProvider } from './voice-webhook-parsers';

const ORG = '8d4f0a52-3c1e-4b8e-9d60-2f1a7c3e5b90';
const fixture = (vendor: string, name: string) => readFileSync(join(__dirname, '../../activities/voice/adapters', vendor, 'fixtures', `${name}.json`), 'utf8');
const parsers = createWebhookParsers();

describe('detectWebhookProvider', () => {
  it('tells Retell by its signature header even though another vendor reads the shape', () => {
    const detected = detectWebhookProvider(parsers, { headers: { 'X-Retell-Signature': 'v=1,d=ab' }, rawBody: fixture('retell', 'call_started'), orgId: ORG });
    expect(detected).toMatchObject({ provider: 'retell', event: { kind: 'call_started', providerCallId: 'call_a4441234567890777c4a4a123e6' } });
  });

  it('tells Vapi by its payload shape alone', () => {
    expect(detectWebhookProvider(parsers, { headers: {}, rawBody: fixture('vapi', 'end-of-call-report'), orgId: ORG })?.provider).toBe('vapi');
  });

  it('gives up on a payload no vendor sends', () => {
    expect(detectWebhookProvider(parsers, { headers: {}, rawBody: '{"hello":"world"}', orgId: ORG })).toBeNull();
    expect(detectWebhookProvider(parsers, { headers: {}, rawBody: 'not json', orgId: ORG })).toBeNull();
  });
});
