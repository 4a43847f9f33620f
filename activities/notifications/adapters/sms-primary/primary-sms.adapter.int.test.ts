import { afterEach, describe, expect, it } from '@jest/globals';
import { startFakeVendorServer } from '../../../testing/fake-vendor-server';
import { MessagingError, type SmsSender } from '../../messaging.port';
import { createPrimarySmsSender, createRoutedSmsSender } from './primary-sms.adapter';

const ORG = '8f1c7a52-8a3e-4a56-9d7c-8d8f9f0b1c2d';
const sms = { orgId: ORG, interactionId: 'int-1', dedupKey: 'int-1:sms:oncall_tech:+15551230000', to: '+15551230000', text: 'Emergency booked' };

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

describe('primary SMS provider adapter (contract)', () => {
  it('posts {From, To[], Text, ConversationMetadata} with the bearer key and returns the Sid', async () => {
    const fake = await startFakeVendorServer({ otherwise: () => ({ status: 202, body: { Sid: 'msg_01HZX', Status: 'Queued' } }) });
    close = fake.close;
    const sender = createPrimarySmsSender({ apiKey: 'key-1', baseUrl: `${fake.url}/v1/`, from: '+15550001111' });

    await expect(sender.sendSms(sms)).resolves.toEqual({ messageId: 'msg_01HZX' });
    const [req] = fake.requests;
    expect(req.path).toBe('/v1/messages');
    expect(req.headers.authorization).toBe('Bearer key-1');
    expect(req.headers['idempotency-key']).toBe(sms.dedupKey);
    expect(JSON.parse(req.rawBody)).toEqual({
      From: '+15550001111',
      To: ['+15551230000'],
      Text: 'Emergency booked',
      ConversationMetadata: { org_id: ORG, interaction_id: 'int-1' },
    });
  });

  it('maps throttling to a retryable error and a bad request to a final one', async () => {
    const fake = await startFakeVendorServer({
      otherwise: (_r, i) => (i === 0 ? { status: 429, body: { message: 'slow down' } } : { status: 400, body: { message: 'bad To' } }),
    });
    close = fake.close;
    const sender = createPrimarySmsSender({ apiKey: 'k', baseUrl: fake.url, from: '+15550001111' });
    await expect(sender.sendSms(sms)).rejects.toMatchObject({ code: 'RATE_LIMITED', retryable: true });
    await expect(sender.sendSms(sms)).rejects.toMatchObject({ code: 'REJECTED', retryable: false });
  });
});

describe('SMS routing between the two providers', () => {
  const tagged = (name: string): SmsSender => ({ sendSms: async () => ({ messageId: name }) });

  it('uses the primary unless the organization forces the secondary', async () => {
    const forced = new Set(['forced-org']);
    const sender = createRoutedSmsSender({ primary: tagged('primary'), secondary: tagged('secondary'), forcesSecondary: async (orgId) => forced.has(orgId) });
    await expect(sender.sendSms(sms)).resolves.toEqual({ messageId: 'primary' });
    await expect(sender.sendSms({ ...sms, orgId: 'forced-org' })).resolves.toEqual({ messageId: 'secondary' });
  });

  it('refuses when the provider it needs has no credentials', async () => {
    const sender = createRoutedSmsSender({ primary: tagged('primary'), secondary: null, forcesSecondary: async () => true });
    const err = await sender.sendSms(sms).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessagingError);
    expect(err).toMatchObject({ code: 'NOT_CONFIGURED', retryable: false });
  });
});
