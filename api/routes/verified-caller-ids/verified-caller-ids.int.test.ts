import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { createApp } from '../../app';
import { startFakeVendorServer, type FakeVendorServer } from '../../../activities/testing/fake-vendor-server';
import { createCallerIdVerification } from '../../../activities/telephony/create-caller-id-verification';
import { E164_PHONE_MESSAGE } from '../../../domain/validation/phone';
import { uniqueName } from '../../../tests/support/integration';
import { onboardAndLogIn, TEST_PASSWORD } from '../../../tests/support/onboard';
import { startProductHarness, type ProductHarness } from '../../../tests/support/product-harness';

// Verified caller IDs (001 §2.17, §7) through the API: the offline provider of the default stack, then Twilio's
// Outgoing Caller IDs on a fake Twilio, each change an event read back from the read model.

let h: ProductHarness;
let orgId: string;
let owner: ReturnType<typeof request.agent>;
const run = uniqueName('').replace(/^_/, '');
const adminEmail = `owner-${run}@caller-ids.test`;
const bad = (message: string | RegExp) =>
  expect.objectContaining({ error: 'Bad Request', status: 400, message: typeof message === 'string' ? message : expect.stringMatching(message) });

beforeAll(async () => {
  h = await startProductHarness();
  ({ orgId, agent: owner } = await onboardAndLogIn(h, { name: `callerids-${run}`, adminEmail }));
}, 120_000);

afterAll(async () => {
  await h?.stop();
}, 60_000);

const list = async (agent = owner) => {
  const res = await agent.get(`/verified-caller-ids/by-org/${orgId}`);
  expect(res.status).toBe(200);
  return res.body as {
    id: string;
    phone_number: string;
    verified: boolean;
    validation_code: string | null;
    friendly_name: string;
    provider_id: string | null;
  }[];
};

describe('verified caller IDs, offline telephony (the default)', () => {
  const phone = '+15125550142';
  let id: string;
  let code: string;

  it('starts empty and refuses a number that is not E.164, naming the field', async () => {
    expect(await list()).toEqual([]);
    const res = await owner.post('/verified-caller-ids').send({ org_id: orgId, phone_number: '512-555-0142' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(bad(E164_PHONE_MESSAGE));
    expect(res.body.issues).toEqual([{ path: 'phone_number', message: E164_PHONE_MESSAGE }]);
  });

  it('adds a number with a 6-digit code to confirm, refuses it twice, and lists it', async () => {
    const res = await owner.post('/verified-caller-ids').send({ org_id: orgId, phone_number: phone, friendly_name: 'Main office' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      org_id: orgId,
      phone_number: phone,
      friendly_name: 'Main office',
      verified: false,
      provider_id: null,
      provider: 'offline',
      call_sid: null,
    });
    expect(res.body.validation_code).toMatch(/^\d{6}$/);
    ({ id, validation_code: code } = res.body);
    expect(await list()).toEqual([expect.objectContaining({ id, verified: false, validation_code: code })]);

    const again = await owner.post('/verified-caller-ids').send({ org_id: orgId, phone_number: phone });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(bad(`${phone} is already one of this organization's caller IDs`));
    expect(await list()).toHaveLength(1);
  });

  it('issues a new code on a validation request for its own number only', async () => {
    const unknown = await owner.post('/integrations/twilio/validation-request').send({ orgId, phoneNumber: '+15125550100', friendlyName: 'x' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("+15125550100 is not one of this organization's caller IDs: add it first");
    const res = await owner.post('/integrations/twilio/validation-request').send({ orgId, phoneNumber: phone });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone_number: phone, friendly_name: 'Main office', call_sid: null });
    expect(res.body.validation_code).toMatch(/^\d{6}$/);
    code = res.body.validation_code;
    expect((await list())[0].validation_code).toBe(code);
  });

  it('stays unverified on a status check until the code is confirmed, and refuses a wrong code', async () => {
    const refreshed = await owner.post(`/verified-caller-ids/${id}/refresh`).send({ org_id: orgId });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.verified).toBe(false);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await owner.post(`/verified-caller-ids/${id}/confirm`).send({ org_id: orgId, validation_code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(bad('That is not the validation code issued for this number'));
    const malformed = await owner.post(`/verified-caller-ids/${id}/confirm`).send({ org_id: orgId, validation_code: '12ab' });
    expect(malformed.body).toEqual(bad('validation_code must be the 6 digits shown'));

    const confirmed = await owner.post(`/verified-caller-ids/${id}/confirm`).send({ org_id: orgId, validation_code: code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ id, verified: true });
    expect(confirmed.body.provider_id).toMatch(/^PN[0-9a-f]{32}$/);
    expect(await list()).toEqual([expect.objectContaining({ id, verified: true, provider_id: confirmed.body.provider_id })]);

    const provider = await owner.get(`/integrations/twilio/outgoing-caller-id/${confirmed.body.provider_id}`);
    expect(provider.status).toBe(200);
    expect(provider.body).toMatchObject({ sid: confirmed.body.provider_id, phone_number: phone, friendly_name: 'Main office' });
    // Verified already: no new call.
    const noCall = await owner.post('/integrations/twilio/validation-request').send({ orgId, phoneNumber: phone });
    expect(noCall.body).toEqual(bad(`${phone} is verified already`));
  });

  it('renames it, refusing an empty or too long name, and 404s an unknown id', async () => {
    const res = await owner.put(`/verified-caller-ids/${id}`).send({ org_id: orgId, org_name: 'ignored', friendly_name: 'Dispatch line' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, friendly_name: 'Dispatch line', verified: true });
    expect((await list())[0].friendly_name).toBe('Dispatch line');
    expect((await owner.put(`/verified-caller-ids/${id}`).send({ org_id: orgId, friendly_name: ' ' })).body).toEqual(bad('friendly_name must not be empty'));
    expect((await owner.put(`/verified-caller-ids/${id}`).send({ org_id: orgId, friendly_name: 'x'.repeat(65) })).body).toEqual(
      bad('friendly_name must be at most 64 characters'),
    );
    const unknown = await owner.put(`/verified-caller-ids/${crypto.randomUUID()}`).send({ org_id: orgId, friendly_name: 'x' });
    expect(unknown.status).toBe(404);
    expect((await owner.put('/verified-caller-ids/not-a-uuid').send({ org_id: orgId, friendly_name: 'x' })).body).toEqual(bad('id must be a UUID'));
  });

  it('deletes it (the number may then be added again), with every change in the event log', async () => {
    const res = await owner.delete(`/verified-caller-ids/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await list()).toEqual([]);
    expect((await owner.delete(`/verified-caller-ids/${id}`).query({ orgId })).status).toBe(404);

    const types: string[] = [];
    await h.bus.replay({ aggregateTypes: ['verified-caller-id'], onEvent: async ({ event }) => void (event.aggregateId === id && types.push(event.type)) });
    expect(types).toEqual([
      'VerifiedCallerIdAdded',
      'VerifiedCallerIdValidationRequested',
      'VerifiedCallerIdVerified',
      'VerifiedCallerIdEdited',
      'VerifiedCallerIdRemoved',
    ]);
    const readded = await owner.post('/verified-caller-ids').send({ org_id: orgId, phone_number: phone });
    expect(readded.status).toBe(201);
    expect(readded.body).toMatchObject({ friendly_name: phone, verified: false });
    expect((await owner.delete(`/verified-caller-ids/${readded.body.id}`)).status).toBe(200);
  });
});

describe('verified caller IDs on Twilio (TELEPHONY_ADAPTER=twilio, a fake Twilio)', () => {
  const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
  const BASE = `/2010-04-01/Accounts/${ACCOUNT}`;
  const SID = 'PNe905d7e6b410746a0fb08c57e5a186f3';
  let fake: FakeVendorServer;
  let agent: ReturnType<typeof request.agent>;
  /** The numbers the fake Twilio account lists as verified. */
  const verifiedAtTwilio = new Map<string, { sid: string; friendly_name: string }>();
  const asResource = (phone: string) => ({
    sid: verifiedAtTwilio.get(phone)!.sid,
    account_sid: ACCOUNT,
    phone_number: phone,
    friendly_name: verifiedAtTwilio.get(phone)!.friendly_name,
    date_created: 'Fri, 27 Nov 2026 20:00:00 +0000',
    date_updated: 'Fri, 27 Nov 2026 20:00:00 +0000',
  });
  const phoneOfSid = (sid: string) => [...verifiedAtTwilio].find(([, v]) => v.sid === sid)?.[0];
  const notFound = {
    status: 404,
    body: { code: 20404, message: 'The requested resource was not found', more_info: 'https://www.twilio.com/docs/errors/20404', status: 404 },
  };

  beforeAll(async () => {
    fake = await startFakeVendorServer();
    fake
      .route('POST', `${BASE}/OutgoingCallerIds.json`, (req) => {
        const form = new URLSearchParams(req.rawBody);
        const phone = form.get('PhoneNumber')!;
        if (verifiedAtTwilio.has(phone))
          return {
            status: 400,
            body: {
              code: 21450,
              message: 'Phone number already verified for your account',
              more_info: 'https://www.twilio.com/docs/errors/21450',
              status: 400,
            },
          };
        return {
          status: 201,
          body: {
            account_sid: ACCOUNT,
            call_sid: 'CAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
            friendly_name: form.get('FriendlyName'),
            phone_number: phone,
            validation_code: '482913',
          },
        };
      })
      .route('GET', `${BASE}/OutgoingCallerIds.json`, (req) => {
        const phone = req.query.get('PhoneNumber')!;
        return { status: 200, body: { outgoing_caller_ids: verifiedAtTwilio.has(phone) ? [asResource(phone)] : [], page: 0, page_size: 20 } };
      })
      .route('GET', /^.*\/OutgoingCallerIds\/(PN\w+)\.json$/, (_req, [sid]) =>
        phoneOfSid(sid) ? { status: 200, body: asResource(phoneOfSid(sid)!) } : notFound,
      )
      .route('POST', /^.*\/OutgoingCallerIds\/(PN\w+)\.json$/, (req, [sid]) => {
        const phone = phoneOfSid(sid);
        if (!phone) return notFound;
        verifiedAtTwilio.get(phone)!.friendly_name = new URLSearchParams(req.rawBody).get('FriendlyName')!;
        return { status: 200, body: asResource(phone) };
      })
      .route('DELETE', /^.*\/OutgoingCallerIds\/(PN\w+)\.json$/, (_req, [sid]) => {
        const phone = phoneOfSid(sid);
        if (!phone) return notFound;
        verifiedAtTwilio.delete(phone);
        return { status: 204 };
      });
    const verification = createCallerIdVerification(
      { TELEPHONY_ADAPTER: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_AUTH_TOKEN: 'tok', TWILIO_BASE_URL: fake.url },
      { bySid: async () => null, byPhone: async () => null },
    );
    const app = createApp({ ...h.deps, callerIds: { ...h.deps.callerIds, verification } });
    agent = request.agent(app);
    expect((await agent.post('/auth/login').send({ email: adminEmail, password: TEST_PASSWORD })).status).toBe(200);
  });

  afterAll(async () => fake?.close());

  it('adds a number with the code of Twilio’s call, verifies it once Twilio lists it, renames it there and deletes it there', async () => {
    const phone = '+15125550177';
    const added = await agent.post('/verified-caller-ids').send({ org_id: orgId, phone_number: phone, friendly_name: 'Front desk' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ provider: 'twilio', verified: false, validation_code: '482913', call_sid: 'CAaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' });
    const id = added.body.id as string;

    // Twilio's code is entered on Twilio's call, not on the dashboard.
    const confirm = await agent.post(`/verified-caller-ids/${id}/confirm`).send({ org_id: orgId, validation_code: '482913' });
    expect(confirm.body).toEqual(bad('Twilio verifies a number on its own call: answer it, enter the code there, then check the status'));

    expect((await agent.post(`/verified-caller-ids/${id}/refresh`).send({ org_id: orgId })).body.verified).toBe(false);
    verifiedAtTwilio.set(phone, { sid: SID, friendly_name: 'Front desk' }); // the person entered the code on the call
    const refreshed = await agent.post(`/verified-caller-ids/${id}/refresh`).send({ org_id: orgId });
    expect(refreshed.body).toMatchObject({ id, verified: true, provider_id: SID });

    expect((await agent.put(`/verified-caller-ids/${id}`).send({ org_id: orgId, friendly_name: 'Dispatch' })).status).toBe(200);
    expect(verifiedAtTwilio.get(phone)!.friendly_name).toBe('Dispatch');
    const atTwilio = await agent.get(`/integrations/twilio/outgoing-caller-id/${SID}`);
    expect(atTwilio.body).toMatchObject({ sid: SID, phone_number: phone, friendly_name: 'Dispatch' });

    const deleted = await agent.delete(`/integrations/twilio/outgoing-caller-id/${SID}`);
    expect(deleted.status).toBe(200);
    expect(verifiedAtTwilio.has(phone)).toBe(false);
    expect(await list(agent)).toEqual([]);
    expect(fake.requestsTo('DELETE', /OutgoingCallerIds\/PN/)).toHaveLength(1);
  });

  it('records a number Twilio has verified already as verified, and deletes it at Twilio with the caller ID', async () => {
    const phone = '+15125550188';
    verifiedAtTwilio.set(phone, { sid: 'PN11111111111111111111111111111111', friendly_name: phone });
    const added = await agent.post('/verified-caller-ids').send({ org_id: orgId, phone_number: phone });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ verified: true, provider_id: 'PN11111111111111111111111111111111', validation_code: null });
    expect((await agent.delete(`/verified-caller-ids/${added.body.id}`)).status).toBe(200);
    expect(verifiedAtTwilio.has(phone)).toBe(false);
  });

  it('answers 503 while Twilio is down and 400 with Twilio’s reason for a number it cannot call; nothing is recorded', async () => {
    fake.failNext('POST', `${BASE}/OutgoingCallerIds.json`, { status: 503, body: { code: 20500, message: 'Service Unavailable', status: 503 } });
    const down = await agent.post('/verified-caller-ids').send({ org_id: orgId, phone_number: '+15125550199' });
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ error: 'Service Unavailable', status: 503, message: 'Twilio cannot be reached just now; try again shortly' });
    fake.failNext('POST', `${BASE}/OutgoingCallerIds.json`, {
      status: 400,
      body: { code: 21217, message: 'Phone number does not appear to be valid', status: 400 },
    });
    const invalid = await agent.post('/verified-caller-ids').send({ org_id: orgId, phone_number: '+15125550199' });
    expect(invalid.body).toEqual(bad(/^Twilio cannot call this number to verify it: .*Phone number does not appear to be valid/));
    expect(await list(agent)).toEqual([]);
  });
});
