import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import { MessagingError, type EmailMessage, type EmailSender } from '../../messaging.port';

export interface SmtpConfig {
  host: string;
  port: number;
  /** Implicit TLS (port 465); STARTTLS is not spoken. */
  secure?: boolean;
  user?: string;
  password?: string;
  from: string;
  /** The name given in EHLO. */
  clientName?: string;
  timeoutMs?: number;
}

interface Reply {
  code: number;
  lines: string[];
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const wrap76 = (s: string) => s.replace(/.{1,76}/g, '$&\r\n');

/** RFC 2047 for a header value that is not plain ASCII. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${b64(value)}?=`;
}

const addressOf = (mailbox: string) => /<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox.trim();

/**
 * The message as multipart/alternative (text first, HTML preferred), each part base64 so no line is too
 * long. Copies are listed in Cc; blind copies get the message through RCPT TO only and appear in no header.
 */
export function buildMimeMessage(
  m: Pick<EmailMessage, 'to' | 'cc' | 'subject' | 'text' | 'html'>,
  opts: { from: string; messageId: string; date: Date },
): string {
  const boundary = `=_ha_${randomBytes(12).toString('hex')}`;
  return [
    `From: ${opts.from}`,
    `To: ${m.to}`,
    // One address per folded line keeps a long copy list under the 998-character line limit.
    ...(m.cc?.length ? [`Cc: ${m.cc.join(',\r\n ')}`] : []),
    `Subject: ${encodeHeader(m.subject)}`,
    `Date: ${opts.date.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: ${opts.messageId}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    wrap76(b64(m.text)),
    `--${boundary}`,
    'Content-Type: text/html; charset=UTF-8',
    'Content-Transfer-Encoding: base64',
    '',
    wrap76(b64(m.html)),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** A minimal SMTP client session: one command at a time, replies read line by line. */
class SmtpSession {
  private buffer = '';
  private waiting: ((r: Reply | Error) => void) | null = null;
  private pending: string[] = [];
  private failure: Error | null = null;

  constructor(private readonly socket: net.Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.drain();
    });
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new Error('connection closed')));
    socket.on('timeout', () => {
      this.fail(new Error('timed out'));
      socket.destroy();
    });
  }

  private fail(err: Error) {
    this.failure ??= err;
    const w = this.waiting;
    this.waiting = null;
    w?.(err);
  }

  private drain() {
    let i: number;
    while ((i = this.buffer.indexOf('\r\n')) >= 0) {
      const line = this.buffer.slice(0, i);
      this.buffer = this.buffer.slice(i + 2);
      this.pending.push(line);
      // "250-…" continues a multi-line reply, "250 …" ends it.
      if (/^\d{3}(?: |$)/.test(line)) {
        const reply = { code: Number(line.slice(0, 3)), lines: this.pending.map((l) => l.slice(4)) };
        this.pending = [];
        const w = this.waiting;
        this.waiting = null;
        w?.(reply);
      }
    }
  }

  read(): Promise<Reply> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.waiting = (r) => (r instanceof Error ? reject(r) : resolve(r));
    });
  }

  async command(line: string, expect: number[], stage: string): Promise<Reply> {
    this.socket.write(`${line}\r\n`);
    const reply = await this.read();
    if (!expect.includes(reply.code)) throw smtpError(stage, reply);
    return reply;
  }
}

function smtpError(stage: string, reply: Reply): MessagingError {
  const detail = `SMTP ${stage} refused: ${reply.code} ${reply.lines.join(' ')}`;
  if (reply.code === 421 || reply.code === 450 || reply.code === 451 || reply.code === 452) return new MessagingError('UNAVAILABLE', detail);
  if (reply.code >= 400 && reply.code < 500) return new MessagingError('UNAVAILABLE', detail);
  if (stage === 'AUTH' || reply.code === 530 || reply.code === 535) return new MessagingError('NOT_CONFIGURED', detail, false);
  if (stage === 'RCPT TO') return new MessagingError('INVALID_RECIPIENT', detail, false);
  return new MessagingError('REJECTED', detail, false);
}

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

/** E-mail over SMTP, spoken directly: EHLO, AUTH PLAIN or LOGIN, MAIL FROM, RCPT TO per recipient, DATA, QUIT. */
export function createSmtpEmailSender(config: SmtpConfig): EmailSender {
  const domain = addressOf(config.from).split('@')[1] ?? 'localhost';

  function connect(): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const opts = { host: config.host, port: config.port, timeout: config.timeoutMs ?? 20_000 };
      const socket = config.secure ? tls.connect({ ...opts, servername: config.host }) : net.connect(opts);
      socket.once(config.secure ? 'secureConnect' : 'connect', () => resolve(socket));
      socket.once('error', reject);
    });
  }

  return {
    async sendEmail(m) {
      // The dedup key fixes the Message-ID, so receivers can fold a retried send into the first.
      const messageId = `<${createHash('sha256').update(m.dedupKey).digest('hex').slice(0, 32)}@${domain}>`;
      let socket: net.Socket;
      try {
        socket = await connect();
      } catch (err) {
        throw new MessagingError('UNAVAILABLE', `SMTP server unreachable: ${(err as Error).message}`);
      }
      const session = new SmtpSession(socket);
      try {
        const greeting = await session.read();
        if (greeting.code !== 220) throw smtpError('greeting', greeting);
        const ehlo = await session.command(`EHLO ${config.clientName ?? 'homeagent.local'}`, [250], 'EHLO');
        const authLine = ehlo.lines.find((l) => /^AUTH[ =]/i.test(l)) ?? '';
        if (config.user !== undefined) {
          const mechanisms = authLine.toUpperCase().split(/[ =]/).slice(1);
          if (mechanisms.includes('PLAIN') || !mechanisms.includes('LOGIN')) {
            await session.command(`AUTH PLAIN ${b64(`\0${config.user}\0${config.password ?? ''}`)}`, [235], 'AUTH');
          } else {
            await session.command('AUTH LOGIN', [334], 'AUTH');
            await session.command(b64(config.user), [334], 'AUTH');
            await session.command(b64(config.password ?? ''), [235], 'AUTH');
          }
        }
        await session.command(`MAIL FROM:<${addressOf(config.from)}>`, [250], 'MAIL FROM');
        // A copy the server refuses for good (5xx) is dropped and the others still get the message; a refused
        // addressee fails the send. A temporary refusal fails it before DATA, so a retry sends nobody a second copy.
        const [addressee, ...copies] = recipientsOf(m);
        await session.command(`RCPT TO:<${addressee}>`, [250, 251], 'RCPT TO');
        for (const copy of copies) {
          await session.command(`RCPT TO:<${copy}>`, [250, 251], 'RCPT TO').catch((err: unknown) => {
            if (!(err instanceof MessagingError) || err.code !== 'INVALID_RECIPIENT') throw err;
          });
        }
        await session.command('DATA', [354], 'DATA');
        const mime = buildMimeMessage(m, { from: config.from, messageId, date: new Date() });
        // Dot-stuffing: a line starting with "." gets another, so it is not read as the end of DATA.
        const body = mime.replace(/\r\n\./g, '\r\n..');
        await session.command(`${body.replace(/\r\n$/, '')}\r\n.`, [250], 'DATA');
        await session.command('QUIT', [221], 'QUIT').catch(() => undefined);
        return { messageId };
      } catch (err) {
        if (err instanceof MessagingError) throw err;
        throw new MessagingError('UNAVAILABLE', `SMTP session failed: ${(err as Error).message}`);
      } finally {
        socket.destroy();
      }
    },
  };
}
