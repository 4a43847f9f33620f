import { createHash } from 'node:crypto';
import type { ConnectionOptions } from 'node:tls';
import { createTransport } from 'nodemailer';
import { MessagingError, type EmailMessage, type EmailSender } from '../../messaging.port';

export interface SmtpConfig {
  host: string;
  port: number;
  /**
   * Implicit TLS from the first byte (port 465). Otherwise the session must upgrade with STARTTLS before
   * anything else is sent: a server that does not offer it is refused, so the password never goes in clear text.
   */
  secure?: boolean;
  user?: string;
  password?: string;
  from: string;
  /** The name given in EHLO. */
  clientName?: string;
  timeoutMs?: number;
  /** Extra trust for the server's certificate (a test's own CA); the certificate is always verified. */
  tls?: Pick<ConnectionOptions, 'ca' | 'servername'>;
}

/** What nodemailer puts on its errors (its SMTP connection's `_formatError`). */
interface NodemailerError extends Error {
  code?: string;
  /** The system or TLS error's own code when nodemailer set its own (DEPTH_ZERO_SELF_SIGNED_CERT, ECONNREFUSED). */
  originalCode?: string;
  responseCode?: number;
  command?: string;
  response?: string;
}

interface SendInfo {
  rejected?: unknown[];
  rejectedErrors?: NodemailerError[];
}

const addressOf = (mailbox: string) => /<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox.trim();
const addressText = (a: unknown) => (typeof a === 'string' ? a : ((a as { address?: string } | null)?.address ?? ''));

/** Every mailbox the message goes to, once each: the addressee, then the copies and blind copies. */
function recipientsOf(m: EmailMessage): string[] {
  const seen = new Set<string>();
  return [m.to, ...(m.cc ?? []), ...(m.bcc ?? [])].map(addressOf).filter((a) => {
    const key = a.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A refusal of the addressee: for good (5xx) it is final, for now (4xx) a retry may get through. */
function refusedAddressee(addressee: string, err: NodemailerError | undefined): MessagingError {
  const detail = `SMTP RCPT TO refused the addressee ${addressee}: ${err?.response ?? err?.message ?? 'no reply'}`;
  return (err?.responseCode ?? 500) >= 500 ? new MessagingError('INVALID_RECIPIENT', detail, false) : new MessagingError('UNAVAILABLE', detail);
}

/** nodemailer's failures as the adapter's one error type: a code, and whether trying again can help. */
function toMessagingError(err: NodemailerError): MessagingError {
  const reply = err.responseCode;
  const detail = `SMTP ${err.command ?? 'session'} failed: ${err.message}`;
  const badCertificate = /CERT|SIGNATURE|ALTNAME/.test(`${err.code ?? ''} ${err.originalCode ?? ''}`) || /certificate|altnames/i.test(err.message);
  if (err.code === 'ETLS' || badCertificate) {
    // The server refused STARTTLS or does not offer it, or its certificate does not check out: configuration, not luck.
    if (reply !== undefined || badCertificate) {
      return new MessagingError(
        'NOT_CONFIGURED',
        `${detail} (STARTTLS is required before the password is sent; SMTP_SECURE=true for implicit TLS on port 465)`,
        false,
      );
    }
    return new MessagingError('UNAVAILABLE', detail);
  }
  if (reply !== undefined && reply >= 400 && reply < 500) return new MessagingError('UNAVAILABLE', detail);
  if (err.code === 'EAUTH' || reply === 530 || reply === 535) return new MessagingError('NOT_CONFIGURED', detail, false);
  if (err.code === 'EENVELOPE' && err.command === 'RCPT TO') return new MessagingError('INVALID_RECIPIENT', detail, false);
  if (reply !== undefined && reply >= 500) return new MessagingError('REJECTED', detail, false);
  // Connection refused or dropped, DNS, timeouts: the server may be back on the next attempt.
  return new MessagingError('UNAVAILABLE', detail);
}

/**
 * E-mail over SMTP through nodemailer: STARTTLS required unless `secure` (implicit TLS), the server's certificate
 * verified, AUTH with whatever the server offers, RCPT TO for the addressee and every copy and blind copy, a Cc
 * header and no Bcc header, multipart/alternative text + HTML. A copy the server refuses is dropped; a refused
 * addressee fails the send.
 */
export function createSmtpEmailSender(config: SmtpConfig): EmailSender {
  const domain = addressOf(config.from).split('@')[1] ?? 'localhost';
  const timeout = config.timeoutMs ?? 20_000;
  const transport = createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure ?? false,
    requireTLS: !config.secure,
    name: config.clientName ?? 'homeagent.local',
    ...(config.user === undefined ? {} : { auth: { user: config.user, pass: config.password ?? '' } }),
    tls: { ...config.tls, rejectUnauthorized: true, minVersion: 'TLSv1.2' },
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // Message content is ours, never a path or URL to fetch.
    disableFileAccess: true,
    disableUrlAccess: true,
  });

  return {
    async sendEmail(m) {
      // The dedup key fixes the Message-ID, so receivers can fold a retried send into the first.
      const messageId = `<${createHash('sha256').update(m.dedupKey).digest('hex').slice(0, 32)}@${domain}>`;
      const [addressee, ...copies] = recipientsOf(m);
      let info: SendInfo;
      try {
        info = await transport.sendMail({
          from: config.from,
          to: m.to,
          ...(m.cc?.length ? { cc: m.cc } : {}),
          subject: m.subject,
          text: m.text,
          html: m.html,
          messageId,
          // The envelope names each mailbox once (addresses compared without case); bcc stays out of the headers.
          envelope: { from: addressOf(config.from), to: [addressee, ...copies] },
        });
      } catch (err) {
        const e = err as NodemailerError;
        if (e.code === 'EENVELOPE' && e.command === 'RCPT TO') {
          const rejectedErrors = (e as NodemailerError & SendInfo).rejectedErrors ?? [];
          const mine = rejectedErrors.find((r) => addressText((r as { recipient?: unknown }).recipient).toLowerCase() === addressee.toLowerCase());
          throw refusedAddressee(addressee, mine ?? e);
        }
        throw toMessagingError(e);
      }
      const rejected = (info.rejected ?? []).map(addressText).map((a) => a.toLowerCase());
      if (rejected.includes(addressee.toLowerCase())) {
        const mine = (info.rejectedErrors ?? []).find((r) => addressText((r as { recipient?: unknown }).recipient).toLowerCase() === addressee.toLowerCase());
        throw refusedAddressee(addressee, mine);
      }
      return { messageId };
    },
  };
}
