import { afterEach, describe, expect, it } from '@jest/globals';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { MessagingError } from '../../messaging.port';
import { createSmtpEmailSender } from './smtp-email.adapter';

interface Session {
  commands: string[];
  data: string;
}

/**
 * A tiny SMTP server: speaks the greeting, EHLO (advertising `auth`), AUTH PLAIN and LOGIN, MAIL,
 * RCPT, DATA (until <CRLF>.<CRLF>) and QUIT, and records what the client said.
 */
async function startFakeSmtp(opts: { auth: string; user: string; password: string; rejectRcpt?: boolean; rcptReplies?: Record<string, string> }) {
  const sessions: Session[] = [];
  const server = net.createServer((socket) => {
    const s: Session = { commands: [], data: '' };
    sessions.push(s);
    let buffer = '';
    let mode: 'command' | 'data' | 'login-user' | 'login-pass' = 'command';
    let loginUser = '';
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 fake.smtp.test ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (mode === 'data') {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          s.data = buffer.slice(0, end);
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
          say(`250-AUTH ${opts.auth}`);
          say('250 8BITMIME');
        } else if (/^AUTH PLAIN /i.test(line)) {
          const [, user, password] = decode(line.slice(11)).split('\0');
          say(user === opts.user && password === opts.password ? '235 2.7.0 Authentication successful' : '535 5.7.8 Authentication credentials invalid');
        } else if (/^AUTH LOGIN$/i.test(line)) {
          mode = 'login-user';
          say('334 VXNlcm5hbWU6');
        } else if (/^MAIL FROM:</i.test(line)) say('250 2.1.0 Ok');
        else if (/^RCPT TO:</i.test(line)) say(opts.rcptReplies?.[line.slice(9, -1)] ?? (opts.rejectRcpt ? '550 5.1.1 User unknown' : '250 2.1.5 Ok'));
        else if (/^DATA$/i.test(line)) {
          mode = 'data';
          say('354 End data with <CR><LF>.<CR><LF>');
        } else if (/^QUIT$/i.test(line)) {
          say('221 2.0.0 Bye');
          socket.end();
        } else say('502 5.5.2 Error: command not recognized');
      }
    });
  });
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

/** Splits the multipart body into its parts' headers and decoded content. */
function parts(data: string) {
  const boundary = /boundary="([^"]+)"/.exec(data)?.[1];
  if (!boundary) throw new Error('no boundary');
  return data
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => {
      const [head, body] = p.replace(/^\r\n/, '').split('\r\n\r\n');
      return { head, content: Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8') };
    });
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => close?.());

describe('SMTP e-mail adapter (contract)', () => {
  it('speaks EHLO, AUTH PLAIN, MAIL, RCPT, DATA with a multipart/alternative body, then QUIT', async () => {
    const fake = await startFakeSmtp({ auth: 'PLAIN LOGIN', user: 'mailer', password: 's3cret' });
    close = fake.close;
    const sender = createSmtpEmailSender({ host: '127.0.0.1', port: fake.port, user: 'mailer', password: 's3cret', from: 'HomeAgent <notify@homeagent.test>' });

    const { messageId } = await sender.sendEmail(email);
    expect(messageId).toMatch(/^<[0-9a-f]{32}@homeagent\.test>$/);
    const [s] = fake.sessions;
    expect(s.commands.map((c) => c.split(' ').slice(0, 2).join(' '))).toEqual([
      'EHLO homeagent.local',
      'AUTH PLAIN',
      'MAIL FROM:<notify@homeagent.test>',
      'RCPT TO:<office@acme.test>',
      'DATA',
      'QUIT',
    ]);
    expect(s.data).toContain('From: HomeAgent <notify@homeagent.test>\r\n');
    expect(s.data).toContain('To: office@acme.test\r\n');
    expect(s.data).toContain(`Subject: =?UTF-8?B?${Buffer.from(email.subject).toString('base64')}?=\r\n`);
    expect(s.data).toContain(`Message-ID: ${messageId}\r\n`);
    expect(s.data).toContain('MIME-Version: 1.0\r\n');
    expect(s.data).toMatch(/Content-Type: multipart\/alternative; boundary="[^"]+"/);
    const [text, html] = parts(s.data);
    expect(text.head).toContain('Content-Type: text/plain; charset=UTF-8');
    expect(text.content).toBe(email.text);
    expect(html.head).toContain('Content-Type: text/html; charset=UTF-8');
    expect(html.content).toBe(email.html);
  });

  it('sends the copies: RCPT TO for every recipient, a Cc header, and no trace of the blind copies', async () => {
    const fake = await startFakeSmtp({ auth: 'PLAIN', user: 'mailer', password: 's3cret' });
    close = fake.close;
    const sender = createSmtpEmailSender({ host: '127.0.0.1', port: fake.port, user: 'mailer', password: 's3cret', from: 'notify@homeagent.test' });

    await sender.sendEmail({ ...email, cc: ['gm@acme.test', 'Dispatch <dispatch@acme.test>'], bcc: ['audit@homeagent.test', 'GM@acme.test'] });
    const [s] = fake.sessions;
    expect(s.commands.filter((c) => c.startsWith('RCPT TO:'))).toEqual([
      'RCPT TO:<office@acme.test>',
      'RCPT TO:<gm@acme.test>',
      'RCPT TO:<dispatch@acme.test>',
      'RCPT TO:<audit@homeagent.test>',
    ]);
    expect(s.data).toContain('To: office@acme.test\r\nCc: gm@acme.test,\r\n Dispatch <dispatch@acme.test>\r\nSubject: ');
    expect(s.data).not.toMatch(/^Bcc:/im);
    expect(s.data).not.toContain('audit@homeagent.test');
  });

  it('drops a copy the server refuses, fails when it refuses the addressee, and sends nothing on a temporary refusal', async () => {
    const fake = await startFakeSmtp({
      auth: 'PLAIN',
      user: 'u',
      password: 'p',
      rcptReplies: { 'gone@acme.test': '550 5.1.1 User unknown', 'full@acme.test': '452 4.2.2 Mailbox full', 'nobody@acme.test': '550 5.1.1 User unknown' },
    });
    close = fake.close;
    const sender = createSmtpEmailSender({ host: '127.0.0.1', port: fake.port, user: 'u', password: 'p', from: 'notify@homeagent.test' });

    await sender.sendEmail({ ...email, cc: ['gone@acme.test'], bcc: ['audit@homeagent.test'] });
    expect(fake.sessions[0].commands).toContain('RCPT TO:<audit@homeagent.test>');
    expect(fake.sessions[0].data).toContain('To: office@acme.test\r\n');

    await expect(sender.sendEmail({ ...email, to: 'nobody@acme.test', cc: ['gm@acme.test'] })).rejects.toMatchObject({
      code: 'INVALID_RECIPIENT',
      retryable: false,
    });
    expect(fake.sessions[1].commands).not.toContain('DATA');

    await expect(sender.sendEmail({ ...email, bcc: ['full@acme.test'] })).rejects.toMatchObject({ code: 'UNAVAILABLE', retryable: true });
    expect(fake.sessions[2].commands).not.toContain('DATA');
    expect(fake.sessions[2].data).toBe('');
  });

  it('uses AUTH LOGIN when the server offers only LOGIN, and a repeat keeps the same Message-ID', async () => {
    const fake = await startFakeSmtp({ auth: 'LOGIN', user: 'mailer', password: 's3cret' });
    close = fake.close;
    const sender = createSmtpEmailSender({ host: '127.0.0.1', port: fake.port, user: 'mailer', password: 's3cret', from: 'notify@homeagent.test' });
    const first = await sender.sendEmail(email);
    const again = await sender.sendEmail(email);
    expect(again.messageId).toBe(first.messageId);
    expect(fake.sessions[0].commands.slice(1, 4)).toEqual(['AUTH LOGIN', Buffer.from('mailer').toString('base64'), Buffer.from('s3cret').toString('base64')]);
  });

  it('maps a refused login to NOT_CONFIGURED and an unknown recipient to INVALID_RECIPIENT', async () => {
    const fake = await startFakeSmtp({ auth: 'PLAIN', user: 'mailer', password: 's3cret', rejectRcpt: true });
    close = fake.close;
    const wrong = createSmtpEmailSender({ host: '127.0.0.1', port: fake.port, user: 'mailer', password: 'nope', from: 'notify@homeagent.test' });
    await expect(wrong.sendEmail(email)).rejects.toMatchObject({ code: 'NOT_CONFIGURED', retryable: false });
    const right = createSmtpEmailSender({ host: '127.0.0.1', port: fake.port, user: 'mailer', password: 's3cret', from: 'notify@homeagent.test' });
    await expect(right.sendEmail(email)).rejects.toMatchObject({ code: 'INVALID_RECIPIENT', retryable: false });
  });

  it('maps an unreachable server to a retryable error', async () => {
    const fake = await startFakeSmtp({ auth: 'PLAIN', user: 'u', password: 'p' });
    await fake.close();
    const err = await createSmtpEmailSender({ host: '127.0.0.1', port: fake.port, from: 'n@homeagent.test' })
      .sendEmail(email)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MessagingError);
    expect(err).toMatchObject({ code: 'UNAVAILABLE', retryable: true });
  });
});
