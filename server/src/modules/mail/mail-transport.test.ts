import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../lib/env';
import { createMailTransport, outboxFileName, type OutgoingMail } from './mail-transport';

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const message: OutgoingMail = {
  id: '3f1c2a9e-0000-4000-8000-000000000001',
  kind: 'receipt',
  from: '"Vidya Secure Learning" <help@vidya.example.in>',
  to: 'asha@example.in',
  subject: 'Your receipt EHC-000042 — ₹49.00',
  text: 'Hello Asha,\n\nAmount paid: ₹49.00\n',
  html: '<!DOCTYPE html><html lang="en"><body><h1>Payment receipt</h1><p>Amount paid: ₹49.00</p></body></html>',
};

describe('the outbox transport (no SMTP server configured)', () => {
  it('writes each message as an .eml file that a mail reader can open, creating the folder', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ehc-outbox-'));
    scratch.push(root);
    const outboxDir = join(root, 'not', 'there', 'yet');
    const transport = createMailTransport(loadEnv({ MAIL_OUTBOX_DIR: outboxDir }).mail);
    expect(transport.kind).toBe('outbox');
    expect(transport.description).toContain(outboxDir);

    const delivery = await transport.send(message);
    transport.close();

    expect(readdirSync(outboxDir)).toEqual([delivery.file!.slice(outboxDir.length + 1)]);
    expect(delivery.file).toMatch(
      /\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-receipt-3f1c2a9e-0000-4000-8000-000000000001\.eml$/,
    );
    const raw = readFileSync(delivery.file!);
    expect(raw.includes('\r\n')).toBe(true);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(message.subject);
    expect(parsed.from?.value).toEqual([{ name: 'Vidya Secure Learning', address: 'help@vidya.example.in' }]);
    expect(parsed.to).toMatchObject({ text: 'asha@example.in' });
    expect(parsed.messageId).toBe(`<${message.id}@vidya.example.in>`);
    expect(parsed.messageId).toBe(delivery.messageId);
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed.text).toContain('Amount paid: ₹49.00');
    expect(parsed.html).toContain('<h1>Payment receipt</h1>');
  });

  it('sends to exactly one recipient, even if the stored address reads like a list', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'ehc-outbox-'));
    scratch.push(outboxDir);
    const transport = createMailTransport(loadEnv({ MAIL_OUTBOX_DIR: outboxDir }).mail);
    const delivery = await transport.send({ ...message, to: 'asha@example.in, someone@elsewhere.example' });
    transport.close();
    const parsed = await simpleParser(readFileSync(delivery.file!));
    const to = [parsed.to ?? []].flat().flatMap((group) => group.value);
    expect(to).toHaveLength(1);
    expect(to[0]?.address).not.toBe('someone@elsewhere.example');
  });

  it('names files so that nothing from the database can leave the folder', () => {
    const name = outboxFileName({ id: '../../etc/passwd', kind: 'a/b' }, new Date(Date.UTC(2026, 2, 5)));
    expect(name).toBe('2026-03-05T00-00-00-000Z-a_b-______etc_passwd.eml');
  });
});

describe('the SMTP transport', () => {
  it('is chosen when SMTP_URL or SMTP_HOST is set, and describes itself without the password', () => {
    const byUrl = createMailTransport(loadEnv({ SMTP_URL: 'smtps://mailer:s3cret-pass@smtp.example.in:465' }).mail);
    const byHost = createMailTransport(
      loadEnv({ SMTP_HOST: 'smtp.example.in', SMTP_USER: 'mailer', SMTP_PASSWORD: 's3cret-pass' }).mail,
    );
    for (const transport of [byUrl, byHost]) {
      expect(transport.kind).toBe('smtp');
      expect(transport.description).not.toContain('s3cret');
      transport.close();
    }
    expect(byUrl.description).toBe('SMTP smtps://smtp.example.in:465 as mailer');
    expect(byHost.description).toBe('SMTP smtp://smtp.example.in:587 as mailer');
  });
});
