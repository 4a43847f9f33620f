import { afterEach, describe, expect, it } from '@jest/globals';
import { renderTeamChat } from '../../../../domain/notifications/templates/render';
import { startFakeVendorServer } from '../../../testing/fake-vendor-server';
import { MessagingError } from '../../messaging.port';
import { createSlackWebhookSender } from './slack-webhook.adapter';
import { createGuardedFetch } from '../../../http/outbound-address-guard';

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

const message = {
  orgId: '8f1c7a52-8a3e-4a56-9d7c-8d8f9f0b1c2d',
  interactionId: 'int-1',
  dedupKey: 'int-1:slack:office',
  to: '8f1c7a52-8a3e-4a56-9d7c-8d8f9f0b1c2d',
  ...renderTeamChat({
    channel: 'slack',
    message: 'call-details',
    title: 'Call details',
    fields: [{ label: 'Customer', value: 'Jane Doe' }],
    sections: [{ title: 'Summary', content: ['Furnace stopped.'] }],
    button: { text: 'View on Dashboard', url: 'https://app.homeagent.test/dashboard/link/int-1' },
  }),
};

describe('team-chat incoming webhook adapter (contract)', () => {
  it('posts {text, blocks} with the "View on Dashboard" button to the hook and accepts "ok"', async () => {
    const fake = await startFakeVendorServer({ otherwise: () => ({ status: 200, body: 'ok' }) });
    close = fake.close;
    const sender = createSlackWebhookSender({ webhookUrlFor: () => `${fake.url}/services/T000/B000/XXXX` });

    await expect(sender.postMessage(message)).resolves.toEqual({ messageId: message.dedupKey });
    const [req] = fake.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/services/T000/B000/XXXX');
    expect(req.headers['content-type']).toContain('application/json');
    const body = JSON.parse(req.rawBody) as {
      text: string;
      blocks: Array<{ type: string; elements?: Array<{ type: string; text: { text: string }; url: string }> }>;
    };
    expect(body.text).toBe(message.text);
    const button = body.blocks.flatMap((b) => b.elements ?? []).find((e) => e.type === 'button');
    expect(button).toMatchObject({ text: { text: 'View on Dashboard' }, url: 'https://app.homeagent.test/dashboard/link/int-1' });
  });

  it.each([
    [400, 'invalid_blocks', 'REJECTED', false],
    [404, 'no_service', 'NOT_CONFIGURED', false],
    [410, 'channel_is_archived', 'NOT_CONFIGURED', false],
    [429, 'rate_limited', 'RATE_LIMITED', true],
    [500, 'rollup_error', 'UNAVAILABLE', true],
  ])('maps a %i "%s" answer to %s', async (status, reason, code, retryable) => {
    const fake = await startFakeVendorServer({ otherwise: () => ({ status, body: reason }) });
    close = fake.close;
    const err = await createSlackWebhookSender({ webhookUrlFor: () => fake.url })
      .postMessage(message)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessagingError);
    expect(err).toMatchObject({ code, retryable });
  });

  it('refuses without a hook for the organization', async () => {
    const err = await createSlackWebhookSender({ webhookUrlFor: () => null })
      .postMessage(message)
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'NOT_CONFIGURED', retryable: false });
  });

  it("sends an organization's own hook through the address guard: refused at 127.0.0.1 unless local addresses are allowed", async () => {
    const fake = await startFakeVendorServer({ otherwise: () => ({ status: 200, body: 'ok' }) });
    close = fake.close;
    const own = { url: `${fake.url}/services/T000/B000/XXXX`, suppliedByOrganization: true };
    const strict = createSlackWebhookSender({ webhookUrlFor: () => own, organizationFetch: createGuardedFetch({ allowPrivate: false }) });
    const err = await strict.postMessage(message).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessagingError);
    expect(err).toMatchObject({ code: 'REJECTED', retryable: false, message: 'team-chat webhook refused: 127.0.0.1 is a loopback address' });
    expect(fake.requests).toHaveLength(0);

    const local = createSlackWebhookSender({ webhookUrlFor: () => own, organizationFetch: createGuardedFetch({ allowPrivate: true }) });
    await expect(local.postMessage(message)).resolves.toEqual({ messageId: message.dedupKey });
    expect(fake.requests).toHaveLength(1);
    expect(JSON.parse(fake.requests[0].rawBody)).toMatchObject({ text: message.text });

    // The deployment's own hook (TEAM_CHAT_WEBHOOK_URL) is the operator's choice and is not guarded.
    const deployment = createSlackWebhookSender({ webhookUrlFor: () => own.url, organizationFetch: createGuardedFetch({ allowPrivate: false }) });
    await expect(deployment.postMessage(message)).resolves.toEqual({ messageId: message.dedupKey });
  });
});
