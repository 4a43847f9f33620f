import { afterEach, describe, expect, it } from '@jest/globals';
import { startFakeVendorServer, type FakeVendorServer } from '../../../testing/fake-vendor-server';
import { TelephonyError } from '../../caller-id-verification.port';
import { createCallerIdVerification } from '../../create-caller-id-verification';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const BASE = `/2010-04-01/Accounts/${ACCOUNT}`;
const SID = 'PNe905d7e6b410746a0fb08c57e5a186f3';
const resource = (friendlyName = 'Main office') => ({
  sid: SID,
  account_sid: ACCOUNT,
  friendly_name: friendlyName,
  phone_number: '+15125550142',
  date_created: 'Thu, 30 Jul 2015 20:00:00 +0000',
  date_updated: 'Thu, 30 Jul 2015 20:00:00 +0000',
  uri: `${BASE}/OutgoingCallerIds/${SID}.json`,
});

let fake: FakeVendorServer | undefined;
afterEach(async () => fake?.close());

async function twilio(setup: (f: FakeVendorServer) => void) {
  fake = await startFakeVendorServer();
  setup(fake);
  const adapter = createCallerIdVerification(
    { TELEPHONY_ADAPTER: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_AUTH_TOKEN: 'secret-token', TWILIO_BASE_URL: fake.url },
    { bySid: async () => null, byPhone: async () => null },
  );
  return { adapter, fake };
}

describe('the Twilio caller-ID adapter (TELEPHONY_ADAPTER=twilio) against Twilio’s wire shapes', () => {
  it('starts a verification with a form POST to OutgoingCallerIds.json and answers the validation code and call sid', async () => {
    const { adapter, fake } = await twilio((f) =>
      f.route('POST', `${BASE}/OutgoingCallerIds.json`, {
        status: 201,
        body: {
          account_sid: ACCOUNT,
          call_sid: 'CAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
          friendly_name: 'Main office',
          phone_number: '+15125550142',
          validation_code: '111111',
        },
      }),
    );
    await expect(adapter.requestValidation({ phoneNumber: '+15125550142', friendlyName: 'Main office' })).resolves.toEqual({
      phoneNumber: '+15125550142',
      friendlyName: 'Main office',
      validationCode: '111111',
      callSid: 'CAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    });
    const [req] = fake.requests;
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:secret-token`).toString('base64')}`);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req.rawBody))).toEqual({ PhoneNumber: '+15125550142', FriendlyName: 'Main office' });
  });

  it('finds a verified number through the list filtered by PhoneNumber, and answers null while it is not listed', async () => {
    const { adapter, fake } = await twilio((f) =>
      f.route('GET', `${BASE}/OutgoingCallerIds.json`, (req) => ({
        status: 200,
        body: {
          outgoing_caller_ids: req.query.get('PhoneNumber') === '+15125550142' ? [resource()] : [],
          page: 0,
          page_size: 20,
          first_page_uri: `${BASE}/OutgoingCallerIds.json?PageSize=20&Page=0`,
          next_page_uri: null,
          previous_page_uri: null,
          uri: `${BASE}/OutgoingCallerIds.json?PageSize=20&Page=0`,
          start: 0,
          end: 0,
        },
      })),
    );
    await expect(adapter.findCallerIdByPhone('+15125550142')).resolves.toEqual({
      sid: SID,
      phoneNumber: '+15125550142',
      friendlyName: 'Main office',
      dateCreated: 'Thu, 30 Jul 2015 20:00:00 +0000',
      dateUpdated: 'Thu, 30 Jul 2015 20:00:00 +0000',
    });
    await expect(adapter.findCallerIdByPhone('+15125550199')).resolves.toBeNull();
    expect(fake.requests.map((r) => r.query.get('PhoneNumber'))).toEqual(['+15125550142', '+15125550199']);
  });

  it('fetches, renames (FriendlyName) and deletes one caller ID by sid; an unknown sid is null or false, not an error', async () => {
    const notFound = {
      status: 404,
      body: { code: 20404, message: 'The requested resource was not found', more_info: 'https://www.twilio.com/docs/errors/20404', status: 404 },
    };
    const { adapter, fake } = await twilio((f) =>
      f
        .route('GET', `${BASE}/OutgoingCallerIds/${SID}.json`, { status: 200, body: resource() })
        .route('POST', `${BASE}/OutgoingCallerIds/${SID}.json`, (req) => ({
          status: 200,
          body: resource(new URLSearchParams(req.rawBody).get('FriendlyName')!),
        }))
        .route('DELETE', `${BASE}/OutgoingCallerIds/${SID}.json`, { status: 204 })
        .otherwise(() => notFound),
    );
    await expect(adapter.getCallerId(SID)).resolves.toMatchObject({ sid: SID, friendlyName: 'Main office' });
    await expect(adapter.renameCallerId(SID, 'Dispatch')).resolves.toMatchObject({ sid: SID, friendlyName: 'Dispatch' });
    await expect(adapter.deleteCallerId(SID)).resolves.toBe(true);
    const other = 'PN00000000000000000000000000000000';
    await expect(adapter.getCallerId(other)).resolves.toBeNull();
    await expect(adapter.renameCallerId(other, 'x')).resolves.toBeNull();
    await expect(adapter.deleteCallerId(other)).resolves.toBe(false);
    expect(fake.requests.map((r) => `${r.method} ${r.path.replace(BASE, '')}`)).toEqual([
      `GET /OutgoingCallerIds/${SID}.json`,
      `POST /OutgoingCallerIds/${SID}.json`,
      `DELETE /OutgoingCallerIds/${SID}.json`,
      `GET /OutgoingCallerIds/${other}.json`,
      `POST /OutgoingCallerIds/${other}.json`,
      `DELETE /OutgoingCallerIds/${other}.json`,
    ]);
  });

  it.each([
    [400, 21450, 'Phone number already verified for your account', 'ALREADY_VERIFIED', false],
    [400, 21211, "Invalid 'To' Phone Number", 'INVALID_NUMBER', false],
    [400, 21217, 'Phone number does not appear to be valid', 'INVALID_NUMBER', false],
    [400, 21603, 'Some other refusal', 'REJECTED', false],
    [401, 20003, 'Authenticate', 'UNAUTHORIZED', false],
    [429, 20429, 'Too Many Requests', 'RATE_LIMITED', true],
    [503, 20500, 'Service Unavailable', 'UNAVAILABLE', true],
  ])('maps a %i with Twilio error %i (%s) to %s', async (status, code, message, expected, retryable) => {
    const { adapter } = await twilio((f) =>
      f.otherwise(() => ({ status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } })),
    );
    const err = await adapter.requestValidation({ phoneNumber: '+15125550142', friendlyName: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TelephonyError);
    expect(err).toMatchObject({ code: expected, retryable, status, providerCode: code });
    expect((err as Error).message).toContain(message);
  });

  it('maps an unreachable Twilio to a retryable error', async () => {
    const adapter = createCallerIdVerification(
      { TELEPHONY_ADAPTER: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_AUTH_TOKEN: 't', TWILIO_BASE_URL: 'http://127.0.0.1:9' },
      { bySid: async () => null, byPhone: async () => null },
    );
    await expect(adapter.getCallerId(SID)).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });
});
