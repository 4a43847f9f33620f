import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../../config/env';
import type { Db } from '../../prisma/client';
import { createMessaging } from './create-messaging';
import { MessagingError } from './messaging.port';

const db = {
  organization: { findUnique: async () => null },
  organizationSmsConfig: { findUnique: async () => null },
  organizationTeamChat: { findUnique: async () => null },
} as unknown as Db;
const envelope = { orgId: '0b6f4c1e-6a51-4f0e-9d0c-8a4f1c2b3d4e', interactionId: null, dedupKey: 'k' };

describe('createMessaging', () => {
  it('refuses every live channel whose credentials are missing, without retrying', async () => {
    const m = createMessaging({ config: loadConfig({ MESSAGING_ADAPTER: 'live' }), db });
    const failures = await Promise.all([
      m.email.sendEmail({ ...envelope, to: 'a@b.test', subject: 's', html: 'h', text: 't', template: 'call-analysis' }).catch((e: unknown) => e),
      m.sms.sendSms({ ...envelope, to: '+15550001111', text: 't' }).catch((e: unknown) => e),
      m.teamChat.postMessage({ ...envelope, to: envelope.orgId, text: 't', blocks: [], html: '' }).catch((e: unknown) => e),
      m.phone.placeCall({ ...envelope, to: '+15550001111', script: 'Emergency.' }).catch((e: unknown) => e),
    ]);
    for (const f of failures) {
      expect(f).toBeInstanceOf(MessagingError);
      expect(f).toMatchObject({ code: 'NOT_CONFIGURED', retryable: false });
    }
  });

  it('names the missing variable of the chosen e-mail transport', async () => {
    const smtp = createMessaging({ config: loadConfig({ MESSAGING_ADAPTER: 'live', EMAIL_TRANSPORT: 'smtp' }), db });
    await expect(smtp.email.sendEmail({ ...envelope, to: 'a@b.test', subject: 's', html: 'h', text: 't', template: 't' })).rejects.toThrow(
      'SMTP_HOST is not configured',
    );
  });

  it('dials the emergency page through Twilio from a voice number, never from a Messaging Service', async () => {
    const twilio = { MESSAGING_ADAPTER: 'live', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' };
    const call = { ...envelope, to: '+15550001111', script: 'Emergency.' };
    // An unreachable Twilio base URL shows the call went to Twilio (retryable) rather than to the outbox.
    const viaTwilio = createMessaging({ config: loadConfig({ ...twilio, TWILIO_FROM: '+15550002222', TWILIO_BASE_URL: 'http://127.0.0.1:9' }), db });
    await expect(viaTwilio.phone.placeCall(call)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      retryable: true,
      message: expect.stringContaining('Twilio unreachable'),
    });
    const service = createMessaging({ config: loadConfig({ ...twilio, TWILIO_FROM: 'MG0123' }), db });
    await expect(service.phone.placeCall(call)).rejects.toThrow('TWILIO_VOICE_FROM is not configured');
    expect(() => loadConfig({ TWILIO_VOICE_FROM: '555-0100' })).toThrow(/TWILIO_VOICE_FROM/);
  });

  it('rejects a bad live setting at start-up', () => {
    expect(() => loadConfig({ MESSAGING_ADAPTER: 'live', EMAIL_TRANSPORT: 'sendmail' })).toThrow(/EMAIL_TRANSPORT/);
    expect(() => loadConfig({ TEAM_CHAT_WEBHOOK_URL: 'not a url' })).toThrow(/TEAM_CHAT_WEBHOOK_URL/);
  });
});
