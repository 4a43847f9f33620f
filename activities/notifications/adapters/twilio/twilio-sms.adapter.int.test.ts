import { afterEach, describe, expect, it } from '@jest/globals';
import { startFakeVendorServer } from '../../../testing/fake-vendor-server';
import { MessagingError } from '../../messaging.port';
import { createTwilioSmsSender } from './twilio-sms.adapter';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const sms = {
  orgId: '8f1c7a52-8a3e-4a56-9d7c-8d8f9f0b1c2d',
  interactionId: 'int-1',
  dedupKey: 'int-1:sms:cc:+15551230000',
  to: '+15551230000',
  text: 'Booked. Details: https://x/y',
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

describe('Twilio SMS adapter (contract)', () => {
  it('posts a form to Accounts/{sid}/Messages.json with basic auth and returns the message sid', async () => {
    const fake = await startFakeVendorServer({
      otherwise: () => ({ status: 201, body: { sid: 'SM0123456789abcdef0123456789abcdef', status: 'queued', to: sms.to } }),
    });
    close = fake.close;
    const sender = createTwilioSmsSender({
      accountSid: ACCOUNT,
      authToken: 'tok',
      from: '+15550001111',
      statusCallbackUrl: 'https://api.test/integrations/sms/webhook/twilio',
      baseUrl: fake.url,
    });

    await expect(sender.sendSms(sms)).resolves.toEqual({ messageId: 'SM0123456789abcdef0123456789abcdef' });
    const [req] = fake.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(`/2010-04-01/Accounts/${ACCOUNT}/Messages.json`);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:tok`).toString('base64')}`);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req.rawBody))).toEqual({
      To: '+15551230000',
      From: '+15550001111',
      Body: 'Booked. Details: https://x/y',
      StatusCallback: 'https://api.test/integrations/sms/webhook/twilio',
    });
  });

  it('sends through a Messaging Service when given one', async () => {
    const fake = await startFakeVendorServer({ otherwise: () => ({ status: 201, body: { sid: 'SMabc' } }) });
    close = fake.close;
    await createTwilioSmsSender({ accountSid: ACCOUNT, authToken: 'tok', from: 'MG0123', baseUrl: fake.url }).sendSms(sms);
    const form = new URLSearchParams(fake.requests[0].rawBody);
    expect(form.get('MessagingServiceSid')).toBe('MG0123');
    expect(form.has('From')).toBe(false);
  });

  it.each([
    [400, { code: 21211, message: "The 'To' number is not a valid phone number.", status: 400 }, 'INVALID_RECIPIENT', false],
    [400, { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 }, 'INVALID_RECIPIENT', false],
    [400, { code: 21602, message: 'Message body is required.', status: 400 }, 'REJECTED', false],
    [401, { code: 20003, message: 'Authenticate', status: 401 }, 'NOT_CONFIGURED', false],
    [429, { code: 20429, message: 'Too Many Requests', status: 429 }, 'RATE_LIMITED', true],
    [503, { code: 20500, message: 'Internal Server Error', status: 503 }, 'UNAVAILABLE', true],
  ])('maps %i code %j to its error', async (status, body, code, retryable) => {
    const fake = await startFakeVendorServer({ otherwise: () => ({ status, body }) });
    close = fake.close;
    const err = await createTwilioSmsSender({ accountSid: ACCOUNT, authToken: 't', from: '+15550001111', baseUrl: fake.url })
      .sendSms(sms)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessagingError);
    expect(err).toMatchObject({ code, retryable });
  });
});
