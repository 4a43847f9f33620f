import type { Db } from '../../prisma/client';
import { findOrganizationFeatureFlags } from '../../events/projections/organizations/organizations.repository';
import { findTeamChatWebhookUrl, forcesSecondarySmsProvider } from './org-messaging-settings.repository';
import { createOutboxMessaging } from './adapters/outbox/outbox.adapter';
import { createResendEmailSender } from './adapters/resend/resend-email.adapter';
import { createSmtpEmailSender } from './adapters/smtp/smtp-email.adapter';
import { createPrimarySmsSender, createRoutedSmsSender } from './adapters/sms-primary/primary-sms.adapter';
import { createSlackWebhookSender } from './adapters/team-chat/slack-webhook.adapter';
import { createGuardedFetch, outboundGuardFrom } from '../http/outbound-address-guard';
import { createTwilioSmsSender } from './adapters/twilio/twilio-sms.adapter';
import { createTwilioPhoneCaller } from './adapters/twilio/twilio-voice.adapter';
import { MessagingError, type EmailSender, type Messaging, type PhoneCaller } from './messaging.port';

// The deployment settings this factory reads, named as config/env.ts names them; the composition root passes its config.
export interface MessagingConfig {
  MESSAGING_ADAPTER: 'outbox' | 'live';
  EMAIL_TRANSPORT: 'resend' | 'smtp';
  EMAIL_FROM: string;
  RESEND_API_KEY?: string;
  RESEND_BASE_URL?: string;
  SMTP_HOST?: string;
  SMTP_PORT: number;
  SMTP_SECURE: 'true' | 'false';
  SMTP_USER?: string;
  SMTP_PASSWORD?: string;
  SMS_PRIMARY_API_URL?: string;
  SMS_PRIMARY_API_KEY?: string;
  SMS_PRIMARY_FROM?: string;
  TWILIO_ACCOUNT_SID?: string;
  TWILIO_AUTH_TOKEN?: string;
  TWILIO_FROM?: string;
  TWILIO_BASE_URL?: string;
  TWILIO_VOICE_FROM?: string;
  TEAM_CHAT_WEBHOOK_URL?: string;
  PUBLIC_API_URL?: string;
  /** Whether an organization's own team-chat hook may be a local address; refused when absent. */
  OUTBOUND_ALLOW_PRIVATE_ADDRESSES?: 'true' | 'false';
}

const refusal = (what: string) => new MessagingError('NOT_CONFIGURED', `${what} is not configured`, false);

const notConfigured = (what: string): EmailSender => ({
  sendEmail: async () => {
    throw refusal(what);
  },
});

function liveEmail(c: MessagingConfig): EmailSender {
  if (c.EMAIL_TRANSPORT === 'smtp') {
    if (!c.SMTP_HOST) return notConfigured('SMTP_HOST');
    return createSmtpEmailSender({
      host: c.SMTP_HOST,
      port: c.SMTP_PORT,
      secure: c.SMTP_SECURE === 'true',
      ...(c.SMTP_USER === undefined ? {} : { user: c.SMTP_USER, password: c.SMTP_PASSWORD ?? '' }),
      from: c.EMAIL_FROM,
    });
  }
  if (!c.RESEND_API_KEY) return notConfigured('RESEND_API_KEY');
  return createResendEmailSender({ apiKey: c.RESEND_API_KEY, from: c.EMAIL_FROM, ...(c.RESEND_BASE_URL ? { baseUrl: c.RESEND_BASE_URL } : {}) });
}

/** The emergency page's calls through Twilio Programmable Voice, on the SMS channel's account. */
function livePhone(c: MessagingConfig): PhoneCaller {
  // A Messaging Service (MG…) can send SMS but cannot be a call's caller id.
  const from = c.TWILIO_VOICE_FROM ?? (c.TWILIO_FROM?.startsWith('MG') ? undefined : c.TWILIO_FROM);
  if (!c.TWILIO_ACCOUNT_SID || !c.TWILIO_AUTH_TOKEN || !from) {
    const missing = !c.TWILIO_ACCOUNT_SID ? 'TWILIO_ACCOUNT_SID' : !c.TWILIO_AUTH_TOKEN ? 'TWILIO_AUTH_TOKEN' : 'TWILIO_VOICE_FROM';
    return {
      placeCall: async () => {
        throw refusal(missing);
      },
    };
  }
  return createTwilioPhoneCaller({
    accountSid: c.TWILIO_ACCOUNT_SID,
    authToken: c.TWILIO_AUTH_TOKEN,
    from,
    ...(c.TWILIO_BASE_URL ? { baseUrl: c.TWILIO_BASE_URL } : {}),
  });
}

/**
 * Builds the messaging adapters from config; the outbox is the embedded default. With `live`, each
 * channel goes to its vendor when its credentials are set and refuses its sends otherwise; the
 * emergency page's refused call counts as unanswered, so the workflow escalates to the manager.
 */
export function createMessaging(opts: { config: MessagingConfig; db: Db }): Messaging {
  const { config: c, db } = opts;
  const outbox = createOutboxMessaging(db);
  if (c.MESSAGING_ADAPTER !== 'live') return outbox;

  const primary =
    c.SMS_PRIMARY_API_URL && c.SMS_PRIMARY_API_KEY && c.SMS_PRIMARY_FROM
      ? createPrimarySmsSender({ baseUrl: c.SMS_PRIMARY_API_URL, apiKey: c.SMS_PRIMARY_API_KEY, from: c.SMS_PRIMARY_FROM })
      : null;
  const secondary =
    c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN && c.TWILIO_FROM
      ? createTwilioSmsSender({
          accountSid: c.TWILIO_ACCOUNT_SID,
          authToken: c.TWILIO_AUTH_TOKEN,
          from: c.TWILIO_FROM,
          ...(c.TWILIO_BASE_URL ? { baseUrl: c.TWILIO_BASE_URL } : {}),
          ...(c.PUBLIC_API_URL ? { statusCallbackUrl: `${c.PUBLIC_API_URL.replace(/\/$/, '')}/integrations/sms/webhook/twilio` } : {}),
        })
      : null;
  return {
    email: liveEmail(c),
    sms: createRoutedSmsSender({
      primary,
      secondary,
      // The org's feature flag (set by PUT /org) or the operator-written sms config row.
      async forcesSecondary(orgId) {
        const [flags, forced] = await Promise.all([findOrganizationFeatureFlags(db, orgId), forcesSecondarySmsProvider(db, orgId)]);
        return (flags as { force_secondary_sms_provider?: boolean } | null)?.force_secondary_sms_provider === true || forced;
      },
    }),
    // The organization's own hook (PUT /org team_chat_webhook_url), else the deployment's. The org's goes through the address guard.
    teamChat: createSlackWebhookSender({
      async webhookUrlFor(orgId) {
        const own = await findTeamChatWebhookUrl(db, orgId);
        return own ? { url: own, suppliedByOrganization: true } : (c.TEAM_CHAT_WEBHOOK_URL ?? null);
      },
      organizationFetch: createGuardedFetch(outboundGuardFrom(c), 15_000),
    }),
    phone: livePhone(c),
  };
}
