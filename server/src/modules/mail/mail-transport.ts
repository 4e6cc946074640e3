import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Env } from '../../lib/env';

/** One rendered message on its way out. */
export interface OutgoingMail {
  /** The outbox row's id: it names the .eml file and makes the Message-ID. */
  id: string;
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Delivery {
  messageId: string;
  /** Where the outbox transport wrote the message; null when it went to an SMTP server. */
  file: string | null;
}

/** Hands messages to an SMTP server, or writes them to a folder when there is none. */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** For the boot log: the server or folder the mail goes to, never a password. */
  readonly description: string;
  /** Resolves once the server accepted the message (or the file is written); rejects otherwise. */
  send(mail: OutgoingMail, signal?: AbortSignal): Promise<Delivery>;
  close(): void;
}

// nodemailer waits minutes by default; a sender that holds a job's turn should give up
// on an unresponsive server sooner and retry the message later.
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** The transport `env.mail` asks for: SMTP when configured, else the .eml outbox folder. */
export function createMailTransport(mail: Env['mail']): MailTransport {
  return mail.smtp ? smtpTransport(mail.smtp) : outboxTransport(mail.outboxDir);
}

function smtpTransport(smtp: NonNullable<Env['mail']['smtp']>): MailTransport {
  const transporter =
    'url' in smtp
      ? nodemailer.createTransport({ url: smtp.url, ...SMTP_TIMEOUTS })
      : nodemailer.createTransport({
          host: smtp.host,
          port: smtp.port,
          secure: smtp.secure,
          auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
          ...SMTP_TIMEOUTS,
        });
  return {
    kind: 'smtp',
    description: describeSmtp(smtp),
    async send(mail, signal) {
      const info = await transporter.sendMail({ ...messageOf(mail), signal });
      return { messageId: info.messageId, file: null };
    },
    close: () => transporter.close(),
  };
}

function outboxTransport(outboxDir: string): MailTransport {
  // nodemailer composes the full message as it would for SMTP (CRLF line breaks, as on
  // the wire), and hands it back instead of sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    description: `no SMTP server configured: every email is written as an .eml file to ${outboxDir}`,
    async send(mail, signal) {
      const info = await composer.sendMail({ ...messageOf(mail), signal });
      await mkdir(outboxDir, { recursive: true });
      const file = join(outboxDir, outboxFileName(mail, new Date()));
      // 'wx': never overwrite an earlier message.
      await writeFile(file, info.message as Buffer, { flag: 'wx' });
      return { messageId: info.messageId, file };
    },
    close: () => composer.close(),
  };
}

/** `2026-03-05T09-34-00-123Z-receipt-<id>.eml`: sorts by time, safe on any file system. */
export function outboxFileName(mail: Pick<OutgoingMail, 'id' | 'kind'>, at: Date): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${at.toISOString().replace(/[:.]/g, '-')}-${safe(mail.kind)}-${safe(mail.id)}.eml`;
}

function messageOf(mail: OutgoingMail) {
  return {
    from: mail.from,
    // An address object is taken as one recipient, never parsed as a list.
    to: { name: '', address: mail.to },
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // The same row keeps the same Message-ID when it is sent again after a failure, so
    // a retry that duplicates an accepted message can be recognised by mail clients.
    messageId: `<${mail.id}@${messageIdDomain(mail.from)}>`,
    // RFC 3834: tells auto-responders (out of office…) not to answer.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

function messageIdDomain(from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1];
  return domain ?? 'localhost';
}

/** `smtps://smtp.example.com:465 as mailer`: where mail goes, without the password. */
export function describeSmtp(smtp: NonNullable<Env['mail']['smtp']>): string {
  if ('url' in smtp) {
    try {
      const url = new URL(smtp.url);
      const user = url.username ? ` as ${decodeURIComponent(url.username)}` : '';
      return `SMTP ${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}${user}`;
    } catch {
      // The URL is nodemailer's to read; an odd one is still described, just not parsed.
      return 'SMTP server from SMTP_URL';
    }
  }
  const user = smtp.user ? ` as ${smtp.user}` : '';
  return `SMTP ${smtp.secure ? 'smtps' : 'smtp'}://${smtp.host}:${smtp.port}${user}`;
}
