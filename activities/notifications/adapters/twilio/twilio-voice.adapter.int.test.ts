import { afterEach, describe, expect, it } from '@jest/globals';
import { startFakeVendorServer, type FakeResponse, type FakeRequest } from '../../../testing/fake-vendor-server';
import { MessagingError } from '../../messaging.port';
import { createTwilioPhoneCaller } from './twilio-voice.adapter';

const ACCOUNT = 'AC0123456789abcdef0123456789abcdef';
const CALL_SID = 'CA0123456789abcdef0123456789abcdef';
const CALLS = `/2010-04-01/Accounts/${ACCOUNT}/Calls.json`;
const CALL = `/2010-04-01/Accounts/${ACCOUNT}/Calls/${CALL_SID}.json`;
const page = {
  orgId: '8f1c7a52-8a3e-4a56-9d7c-8d8f9f0b1c2d',
  interactionId: 'int-1',
  dedupKey: 'int-1:call:oncall_tech:+15551230000',
  to: '+15551230000',
  script: 'This is HomeAgent with an emergency job for Acme Heating & Air. Customer: Jane <Doe>.',
};

// Twilio's call resource as it answers it (the fields the adapter reads, plus a few it ignores).
const callResource = (status: string, answeredBy: string | null = null) => ({
  sid: CALL_SID,
  account_sid: ACCOUNT,
  to: page.to,
  from: '+15550001111',
  status,
  answered_by: answeredBy,
  direction: 'outbound-api',
  duration: status === 'completed' ? '21' : null,
});

/**
 * A stand-in for Twilio's Calls API: creation answers 201 queued, then each read of the call answers the
 * next of `states` (the last one repeats), and an update answers the call canceled.
 */
async function startFakeTwilioVoice(states: FakeResponse[], create: FakeResponse = { status: 201, body: callResource('queued') }) {
  let reads = 0;
  const fake = await startFakeVendorServer({
    otherwise: (req: FakeRequest) => {
      if (req.method === 'POST' && req.path === CALLS) return create;
      if (req.method === 'GET' && req.path === CALL) return states[Math.min(reads++, states.length - 1)];
      if (req.method === 'POST' && req.path === CALL) return { status: 200, body: callResource('canceled') };
      return { status: 404, body: { code: 20404, message: 'The requested resource was not found', status: 404 } };
    },
  });
  close = fake.close;
  return fake;
}

const ok = (status: string, answeredBy: string | null = null): FakeResponse => ({ status: 200, body: callResource(status, answeredBy) });
const caller = (baseUrl: string, waitMs = 5_000) =>
  createTwilioPhoneCaller({ accountSid: ACCOUNT, authToken: 'tok', from: '+15550001111', baseUrl, waitMs, pollIntervalMs: 20 });

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

describe('Twilio voice adapter (contract)', () => {
  it('posts the page as Twiml to Accounts/{sid}/Calls.json with basic auth, and waits until a person answers', async () => {
    const fake = await startFakeTwilioVoice([ok('ringing'), ok('in-progress'), ok('in-progress', 'human')]);

    await expect(caller(fake.url).placeCall(page)).resolves.toEqual({ messageId: CALL_SID, answered: true });
    const [create, ...reads] = fake.requests;
    expect(create.method).toBe('POST');
    expect(create.path).toBe(CALLS);
    expect(create.headers.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT}:tok`).toString('base64')}`);
    expect(create.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(create.rawBody))).toEqual({
      To: '+15551230000',
      From: '+15550001111',
      Twiml: '<Response><Say loop="2">This is HomeAgent with an emergency job for Acme Heating &amp; Air. Customer: Jane &lt;Doe&gt;.</Say></Response>',
      Timeout: '30',
      MachineDetection: 'Enable',
    });
    expect(reads.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${CALL}`, `GET ${CALL}`, `GET ${CALL}`]);
    expect(reads[0].headers.authorization).toBe(create.headers.authorization);
  });

  it.each([
    ['rang out', [ok('ringing'), ok('no-answer')]],
    ['was busy', [ok('busy')]],
    ['could not be connected', [ok('failed')]],
    ['reached voicemail', [ok('in-progress'), ok('in-progress', 'machine_start')]],
    ['reached voicemail and ended', [ok('completed', 'machine_end_beep')]],
    ['reached a fax', [ok('completed', 'fax')]],
  ])('reports the page unanswered when the call %s, so the workflow escalates', async (_what, states) => {
    const fake = await startFakeTwilioVoice(states);
    await expect(caller(fake.url).placeCall(page)).resolves.toEqual({ messageId: CALL_SID, answered: false });
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('counts a call that connected and ended, or whose detection timed out, as answered', async () => {
    const ended = await startFakeTwilioVoice([ok('completed')]);
    await expect(caller(ended.url).placeCall(page)).resolves.toEqual({ messageId: CALL_SID, answered: true });
    await ended.close();
    const unknown = await startFakeTwilioVoice([ok('in-progress', 'unknown')]);
    await expect(caller(unknown.url).placeCall(page)).resolves.toEqual({ messageId: CALL_SID, answered: true });
  });

  it('never places a second call when reading the call fails, and cancels a call still ringing at the deadline', async () => {
    const fake = await startFakeTwilioVoice([{ status: 503, body: { code: 20500, message: 'Internal Server Error', status: 503 } }, ok('ringing')]);

    await expect(caller(fake.url, 300).placeCall(page)).resolves.toEqual({ messageId: CALL_SID, answered: false });
    const posts = fake.requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual([CALLS, CALL]);
    expect(Object.fromEntries(new URLSearchParams(posts[1].rawBody))).toEqual({ Status: 'canceled' });
  });

  it('counts a call still in progress at the deadline as answered unless a machine took it', async () => {
    const fake = await startFakeTwilioVoice([ok('in-progress')]);
    // Long enough for the placing request and one read even on a loaded machine; the call stays in progress until then.
    await expect(caller(fake.url, 1_500).placeCall(page)).resolves.toEqual({ messageId: CALL_SID, answered: true });
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it.each([
    [400, { code: 21217, message: 'Phone number does not appear to be valid', status: 400 }, 'INVALID_RECIPIENT', false],
    [400, { code: 21211, message: "Invalid 'To' Phone Number", status: 400 }, 'INVALID_RECIPIENT', false],
    [400, { code: 21210, message: "'From' phone number not verified", status: 400 }, 'NOT_CONFIGURED', false],
    [400, { code: 21205, message: 'Url is not a valid URL', status: 400 }, 'REJECTED', false],
    [401, { code: 20003, message: 'Authenticate', status: 401 }, 'NOT_CONFIGURED', false],
    [429, { code: 20429, message: 'Too Many Requests', status: 429 }, 'RATE_LIMITED', true],
    [503, { code: 20500, message: 'Internal Server Error', status: 503 }, 'UNAVAILABLE', true],
  ])('maps a refused call creation %i code %j to its error', async (status, body, code, retryable) => {
    const fake = await startFakeTwilioVoice([ok('completed', 'human')], { status, body });
    const err = await caller(fake.url)
      .placeCall(page)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessagingError);
    expect(err).toMatchObject({ code, retryable });
    expect(fake.requests).toHaveLength(1);
  });
});
