import { afterEach, describe, expect, it } from '@jest/globals';
import { startFakeVendorServer } from '../../../testing/fake-vendor-server';
import { MessagingError } from '../../messaging.port';
import { createResendEmailSender } from './resend-email.adapter';

const email = {
  orgId: '8f1c7a52-8a3e-4a56-9d7c-8d8f9f0b1c2d',
  interactionId: 'int-1',
  dedupKey: 'int-1:email:office:office@acme.test',
  to: 'office@acme.test',
  subject: '[booked] No heat',
  html: '<p>Booked</p>',
  text: 'Booked',
  template: 'job-booking',
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

describe('Resend e-mail adapter (contract)', () => {
  it('posts /emails with the bearer key, idempotency key and both bodies, and returns the email id', async () => {
    const fake = await startFakeVendorServer({ otherwise: () => ({ status: 200, body: { id: '49a3999c-0ce1-4ea6-ab68-afcd6dc2e794' } }) });
    close = fake.close;
    const sender = createResendEmailSender({ apiKey: 're_test_123', from: 'HomeAgent <n@homeagent.test>', baseUrl: fake.url });

    await expect(sender.sendEmail(email)).resolves.toEqual({ messageId: '49a3999c-0ce1-4ea6-ab68-afcd6dc2e794' });
    const [req] = fake.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/emails');
    expect(req.headers.authorization).toBe('Bearer re_test_123');
    expect(req.headers['content-type']).toContain('application/json');
    expect(req.headers['idempotency-key']).toBe(email.dedupKey);
    expect(JSON.parse(req.rawBody)).toEqual({
      from: 'HomeAgent <n@homeagent.test>',
      to: ['office@acme.test'],
      subject: '[booked] No heat',
      html: '<p>Booked</p>',
      text: 'Booked',
      tags: [{ name: 'template', value: 'job-booking' }],
    });
  });

  it.each([
    [422, { statusCode: 422, name: 'validation_error', message: 'Invalid `to` field.' }, 'REJECTED', false],
    [401, { statusCode: 401, name: 'missing_api_key', message: 'Missing API key' }, 'NOT_CONFIGURED', false],
    [429, { statusCode: 429, name: 'rate_limit_exceeded', message: 'Too many requests' }, 'RATE_LIMITED', true],
    [500, { statusCode: 500, name: 'internal_server_error', message: 'oops' }, 'UNAVAILABLE', true],
  ])('maps a %i answer to %s', async (status, body, code, retryable) => {
    const fake = await startFakeVendorServer({ otherwise: () => ({ status, body }) });
    close = fake.close;
    const sender = createResendEmailSender({ apiKey: 're_x', from: 'n@homeagent.test', baseUrl: fake.url });
    const err = await sender.sendEmail(email).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessagingError);
    expect(err).toMatchObject({ code, retryable });
  });
});
