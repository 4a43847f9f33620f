import { afterEach, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { MessagingError } from '../../messaging.port';
import { createSmtpEmailSender, type SmtpConfig } from './smtp-email.adapter';

// TEST ONLY: a self-signed key and certificate for 127.0.0.1, committed for this fake server (test-fixtures/README.md).
const FIXTURES = path.join(__dirname, 'test-fixtures');
const TEST_KEY = readFileSync(path.join(FIXTURES, 'test-only-smtp.key.pem'));
const TEST_CERT = readFileSync(path.join(FIXTURES, 'test-only-smtp.cert.pem'));
/** The adapter trusts the fake's certificate as a CA; it still verifies it (name, signature). */
const trustFake: SmtpConfig['tls'] = { ca: TEST_CERT };

interface Session {
  commands: string[];
  /** Which of the commands arrived over TLS, index for index. */
  overTls: boolean[];
  /** Every byte the client sent before the connection was encrypted. */
  plaintext: string;
  data: string;
}

/**
 * A tiny SMTP server: speaks the greeting, EHLO (advertising STARTTLS unless told not to, and `auth` once the
 * session is encrypted), STARTTLS (upgrading with the test-only certificate), AUTH PLAIN and LOGIN, MAIL, RCPT,
 * DATA (until <CRLF>.<CRLF>) and QUIT, and records what the client said and whether it was encrypted.
 * `implicitTls` makes it a port-465 server, encrypted from the first byte.
 */
async function startFakeSmtp(opts: {
  auth: string;
  user: string;
  password: string;
  rejectRcpt?: boolean;
  rcptReplies?: Record<string, string>;
  starttls?: boolean;
  implicitTls?: boolean;
}) {
  const sessions: Session[] = [];
  const serve = (raw: net.Socket, encrypted: boolean) => {
    const s: Session = { commands: [], overTls: [], plaintext: '', data: '' };
    sessions.push(s);
    let socket: net.Socket = raw;
    let secure = encrypted;
    let buffer = '';
    let mode: 'command' | 'data' | 'login-user' | 'login-pass' = 'command';
    let loginUser = '';
    const say = (line: string) => socket.write(`${line}\r\n`);
    const onData = (chunk: Buffer) => {
      if (!secure) s.plaintext += chunk.toString('utf8');
      buffer += chunk.toString('utf8');
      for (;;) {
        if (mode === 'data') {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          // A server undoes the client's dot-stuffing (RFC 5321 §4.5.2).
          s.data = buffer
            .slice(0, end)
            .replace(/^\.\./, '.')
            .replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          mode = 'command';
          say('250 2.0.0 Ok: queued as ABC123');
          continue;
        }
        const i = buffer.indexOf('\r\n');
        if (i < 0) return;
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        s.commands.push(line);
        s.overTls.push(secure);
        const decode = (b: string) => Buffer.from(b, 'base64').toString('utf8');
        if (mode === 'login-user') {
          loginUser = decode(line);
          mode = 'login-pass';
          say('334 UGFzc3dvcmQ6');
        } else if (mode === 'login-pass') {
          mode = 'command';
          say(
            loginUser === opts.user && decode(line) === opts.password ? '235 2.7.0 Authentication successful' : '535 5.7.8 Authentication credentials invalid',
          );
        } else if (/^EHLO /i.test(line)) {
          say('250-fake.smtp.test');
          say('250-SIZE 10240000');
          if (!secure && opts.starttls !== false) say('250-STARTTLS');
          // Like most servers, AUTH is offered only once the session is encrypted.
          if (secure) say(`250-AUTH ${opts.auth}`);
          say('250 8BITMIME');
        } else if (/^STARTTLS$/i.test(line) && !secure && opts.starttls !== false) {
          say('220 2.0.0 Ready to start TLS');
          socket.removeListener('data', onData);
          buffer = '';
          const upgraded = new tls.TLSSocket(socket, { isServer: true, key: TEST_KEY, cert: TEST_CERT });
          upgraded.on('error', () => undefined);
          upgraded.on('data', onData);
          socket = upgraded;
          secure = true;
        } else if (/^AUTH PLAIN /i.test(line)) {
          const [, user, password] = decode(line.slice(11)).split('\0');
          say(user === opts.user && password === opts.password ? '235 2.7.0 Authentication successful' : '535 5.7.8 Authentication credentials invalid');
        } else if (/^AUTH LOGIN$/i.test(line)) {
          mode = 'login-user';
          say('334 VXNlcm5hbWU6');
        } else if (/^MAIL FROM:</i.test(line)) say('250 2.1.0 Ok');
        else if (/^RCPT TO:</i.test(line)) {
          const to = /^RCPT TO:<([^>]*)>/i.exec(line)?.[1] ?? '';
          say(opts.rcptReplies?.[to] ?? (opts.rejectRcpt ? '550 5.1.1 User unknown' : '250 2.1.5 Ok'));
        } else if (/^DATA$/i.test(line)) {
          mode = 'data';
          say('354 End data with <CR><LF>.<CR><LF>');
        } else if (/^QUIT$/i.test(line)) {
          say('221 2.0.0 Bye');
          socket.end();
        } else say('502 5.5.2 Error: command not recognized');
      }
    };
    raw.on('error', () => undefined);
    raw.on('data', onData);
    say('220 fake.smtp.test ESMTP ready');
  };
  const server = opts.implicitTls
    ? tls.createServer({ key: TEST_KEY, cert: TEST_CERT }, (socket) => serve(socket, true))
    : net.createServer((socket) => serve(socket, false));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, sessions, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const email = {
  orgId: '8f1c7a52-8a3e-4a56-9d7c-8d8f9f0b1c2d',
  interactionId: 'int-1',
  dedupKey: 'int-1:email:office:office@acme.test',
  to: 'office@acme.test',
  subject: '[booked] Chaudière en panne',
  html: '<h1>Booked</h1>\n<p>Jane Doe</p>',
  text: 'Booked\n.\nJane Doe',
  template: 'job-booking',
};

/** A part's content decoded by its Content-Transfer-Encoding, with CRLF line ends back to LF. */
function decodeBody(head: string, body: string): string {
  const encoding = /Content-Transfer-Encoding: (\S+)/i.exec(head)?.[1].toLowerCase() ?? '7bit';
  if (encoding === 'base64') return Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8');
  const raw =
    encoding === 'quoted-printable'
      ? Buffer.from(
          body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8')
      : body;
  return raw.replace(/\r\n/g, '\n');
}

/** Splits the multipart body into its parts' headers and decoded content. */
function parts(data: string) {
  const boundary = /boundary="([^"]+)"/.exec(data)?.[1];
  if (!boundary) throw new Error('no boundary');
  return data
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => {
      const [head, ...body] = p.replace(/^\r\n/, '').replace(/\r\n$/, '').split('\r\n\r\n');
      return { head, content: decodeBody(head, body.join('\r\n\r\n')) };
    });
}

/** An RFC 2047 encoded header value (B or Q encoding, as nodemailer writes them) decoded back to text. */
function decodeHeader(value: string): string {
  return value.replace(/\r\n /g, ' ').replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

const header = (data: string, name: string) => new RegExp(`^${name}: ((?:.*)(?:\\r\\n[ \\t].*)*)`, 'im').exec(data)?.[1];

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

const at = (port: number, extra: Partial<SmtpConfig> = {}): SmtpConfig => ({
  host: '127.0.0.1',
  port,
  from: 'notify@homeagent.test',
  tls: trustFake,
  ...extra,
});

describe('SMTP e-mail adapter (contract)', () => {
  it('upgrades with STARTTLS before anything else, so the password never crosses in clear text', async () => {
    const fake = await startFakeSmtp({ auth: 'PLAIN LOGIN', user: 'mailer', password: 's3cret' });
    close = fake.close;
    const sender = createSmtpEmailSender(at(fake.port, { user: 'mailer', password: 's3cret', from: 'HomeAgent <notify@homeagent.test>' }));

    const { messageId } = await sender.sendEmail(email);
    expect(messageId).toMatch(/^<[0-9a-f]{32}@homeagent\.test>$/);
    const [s] = fake.sessions;
    expect(s.commands.filter((c) => c !== 'QUIT').map((c) => c.split(' ').slice(0, 2).join(' '))).toEqual([
      'EHLO homeagent.local',
      'STARTTLS',
      'EHLO homeagent.local',
      'AUTH PLAIN',
      'MAIL FROM:<notify@homeagent.test>',
      'RCPT TO:<office@acme.test>',
      'DATA',
    ]);
    // Only the first EHLO and STARTTLS went in clear; the password, in any encoding, never did.
    expect(s.overTls.slice(0, 7)).toEqual([false, false, true, true, true, true, true]);
    expect(s.overTls.every((encrypted, i) => encrypted || i < 2)).toBe(true);
    expect(s.plaintext).toBe('EHLO homeagent.local\r\nSTARTTLS\r\n');
    expect(s.plaintext).not.toContain('s3cret');
    expect(s.plaintext).not.toContain(Buffer.from('\0mailer\0s3cret').toString('base64'));
  });

  it('refuses a server that does not offer STARTTLS, and sends it no password and no mail', async () => {
    const fake = await startFakeSmtp({ auth: 'PLAIN', user: 'mailer', password: 's3cret', starttls: false });
    close = fake.close;
    const sender = createSmtpEmailSender(at(fake.port, { user: 'mailer', password: 's3cret' }));

    const err = await sender.sendEmail(email).catch((e: unknown) => e);

    expect(err).toBeInstanceOf(MessagingError);
    expect(err).toMatchObject({ code: 'NOT_CONFIGURED', retryable: false, message: expect.stringContaining('STARTTLS') });
    expect(fake.sessions[0].commands.filter((c) => !/^(EHLO|STARTTLS)/.test(c))).toEqual([]);
    expect(fake.sessions[0].plaintext).not.toContain(Buffer.from('\0mailer\0s3cret').toString('base64'));
  });

  it('refuses a STARTTLS server whose certificate it cannot verify', async () => {
    const fake = await startFakeSmtp({ auth: 'PLAIN', user: 'mailer', password: 's3cret' });
    close = fake.close;
    const sender = createSmtpEmailSender(at(fake.port, { user: 'mailer', password: 's3cret', tls: undefined }));

    await expect(sender.sendEmail(email)).rejects.toMatchObject({ code: 'NOT_CONFIGURED', retryable: false });
    expect(fake.sessions[0].commands.some((c) => c.startsWith('AUTH'))).toBe(false);
  });

  it('speaks implicit TLS from the first byte with secure (port 465), without STARTTLS', async () => {
    const fake = await startFakeSmtp({ auth: 'PLAIN', user: 'mailer', password: 's3cret', implicitTls: true });
    close = fake.close;
    const sender = createSmtpEmailSender(at(fake.port, { secure: true, user: 'mailer', password: 's3cret' }));

    await sender.sendEmail(email);
    const [s] = fake.sessions;
    expect(s.commands.filter((c) => c !== 'QUIT').map((c) => c.split(' ')[0])).toEqual(['EHLO', 'AUTH', 'MAIL', 'RCPT', 'DATA']);
    expect(s.overTls.every(Boolean)).toBe(true);
    expect(s.plaintext).toBe('');
  });

  it('sends a multipart/alternative body with the text and HTML, the headers and a Message-ID from the dedup key', async () => {
    const fake = await startFakeSmtp({ auth: 'PLAIN LOGIN', user: 'mailer', password: 's3cret' });
    close = fake.close;
    const sender = createSmtpEmailSender(at(fake.port, { user: 'mailer', password: 's3cret', from: 'HomeAgent <notify@homeagent.test>' }));

    const { messageId } = await sender.sendEmail(email);
    const [s] = fake.sessions;
    expect(header(s.data, 'From')).toBe('HomeAgent <notify@homeagent.test>');
    expect(header(s.data, 'To')).toBe('office@acme.test');
    expect(decodeHeader(header(s.data, 'Subject') ?? '')).toBe(email.subject);
    expect(header(s.data, 'Subject')).not.toContain('Chaudière'); // encoded, not raw 8-bit
    expect(header(s.data, 'Message-ID')).toBe(messageId);
    expect(header(s.data, 'MIME-Version')).toBe('1.0');
    expect(s.data).toMatch(/Content-Type: multipart\/alternative;\s+boundary="[^"]+"/i);
    const [text, html] = parts(s.data);
    expect(text.head).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(text.content).toBe(email.text);
    expect(html.head).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(html.content).toBe(email.html);
  });

  it('sends the copies: RCPT TO for every recipient once, a Cc header, and no trace of the blind copies', async () => {
    const fake = await startFakeSmtp({ auth: 'PLAIN', user: 'mailer', password: 's3cret' });
    close = fake.close;
    const sender = createSmtpEmailSender(at(fake.port, { user: 'mailer', password: 's3cret' }));

    await sender.sendEmail({ ...email, cc: ['gm@acme.test', 'Dispatch <dispatch@acme.test>'], bcc: ['audit@homeagent.test', 'GM@acme.test'] });
    const [s] = fake.sessions;
    expect(s.commands.filter((c) => c.startsWith('RCPT TO:'))).toEqual([
      'RCPT TO:<office@acme.test>',
      'RCPT TO:<gm@acme.test>',
      'RCPT TO:<dispatch@acme.test>',
      'RCPT TO:<audit@homeagent.test>',
    ]);
    expect(header(s.data, 'Cc')?.replace(/\r\n\s+/g, ' ')).toBe('gm@acme.test, Dispatch <dispatch@acme.test>');
    expect(s.data).not.toMatch(/^Bcc:/im);
    expect(s.data).not.toContain('audit@homeagent.test');
  });

  it('drops a copy the server refuses, and fails when it refuses the addressee: for good (final) or for now (retryable)', async () => {
    const fake = await startFakeSmtp({
      auth: 'PLAIN',
      user: 'u',
      password: 'p',
      rcptReplies: { 'gone@acme.test': '550 5.1.1 User unknown', 'full@acme.test': '452 4.2.2 Mailbox full', 'nobody@acme.test': '550 5.1.1 User unknown' },
    });
    close = fake.close;
    const sender = createSmtpEmailSender(at(fake.port, { user: 'u', password: 'p' }));

    await sender.sendEmail({ ...email, cc: ['gone@acme.test'], bcc: ['audit@homeagent.test'] });
    expect(fake.sessions[0].commands).toContain('RCPT TO:<audit@homeagent.test>');
    expect(header(fake.sessions[0].data, 'To')).toBe('office@acme.test');

    await expect(sender.sendEmail({ ...email, to: 'nobody@acme.test' })).rejects.toMatchObject({ code: 'INVALID_RECIPIENT', retryable: false });
    expect(fake.sessions[1].commands).not.toContain('DATA');
    await expect(sender.sendEmail({ ...email, to: 'nobody@acme.test', cc: ['gm@acme.test'] })).rejects.toMatchObject({
      code: 'INVALID_RECIPIENT',
      retryable: false,
    });
    await expect(sender.sendEmail({ ...email, to: 'full@acme.test' })).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    expect(fake.sessions[3].commands).not.toContain('DATA');
  });

  it('uses AUTH LOGIN when the server offers only LOGIN, and a repeat keeps the same Message-ID', async () => {
    const fake = await startFakeSmtp({ auth: 'LOGIN', user: 'mailer', password: 's3cret' });
    close = fake.close;
    const sender = createSmtpEmailSender(at(fake.port, { user: 'mailer', password: 's3cret' }));
    const first = await sender.sendEmail(email);
    const again = await sender.sendEmail(email);
    expect(again.messageId).toBe(first.messageId);
    const afterTls = fake.sessions[0].commands.slice(3, 6);
    expect(afterTls[0]).toMatch(/^AUTH LOGIN/);
    expect(fake.sessions[0].commands.slice(3).map((c) => Buffer.from(c.replace(/^AUTH LOGIN ?/, ''), 'base64').toString('utf8'))).toEqual(
      expect.arrayContaining(['mailer', 's3cret']),
    );
  });

  it('maps a refused login to NOT_CONFIGURED and an unknown recipient to INVALID_RECIPIENT', async () => {
    const fake = await startFakeSmtp({ auth: 'PLAIN', user: 'mailer', password: 's3cret', rejectRcpt: true });
    close = fake.close;
    const wrong = createSmtpEmailSender(at(fake.port, { user: 'mailer', password: 'nope' }));
    await expect(wrong.sendEmail(email)).rejects.toMatchObject({ code: 'NOT_CONFIGURED', retryable: false });
    const right = createSmtpEmailSender(at(fake.port, { user: 'mailer', password: 's3cret' }));
    await expect(right.sendEmail(email)).rejects.toMatchObject({ code: 'INVALID_RECIPIENT', retryable: false });
  });

  it('maps an unreachable server to a retryable error', async () => {
    const fake = await startFakeSmtp({ auth: 'PLAIN', user: 'u', password: 'p' });
    await fake.close();
    const err = await createSmtpEmailSender(at(fake.port))
      .sendEmail(email)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessagingError);
    expect(err).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });
});
