import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../db/database';
import { appJobs } from '../../jobs/app-jobs';
import { startScheduler } from '../../jobs/scheduler';
import { loadEnv } from '../../lib/env';
import { EXAMPLE_SELLER, mailExamples } from '../../test/mail-examples';
import { startServerProcess, waitFor } from '../../test/server-process';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestApp, uniqueEmail, type TestApp } from '../../test/test-app';
import { queueMail, type MailKind, type QueuedMail } from './mail-queue';
import { MAX_SEND_ATTEMPTS, SEND_CLAIM_MS, retryDelayMs, sendDueMail, type MailSenderDeps } from './mail-sender';
import { escapeHtml } from './mail-templates';
import { createMailTransport, type MailTransport } from './mail-transport';

const APP_ORIGIN = 'https://course.example.in';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({
    APP_ORIGIN,
    SMTP_URL: smtp.url,
    SELLER_LEGAL_NAME: EXAMPLE_SELLER.legalName,
    SELLER_ADDRESS: EXAMPLE_SELLER.address,
    SUPPORT_EMAIL: EXAMPLE_SELLER.supportEmail,
    SUPPORT_PHONE: EXAMPLE_SELLER.supportPhone!,
    MAIL_SEND_INTERVAL_SECONDS: '0.05',
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** What the send-mail job gives sendDueMail on this app. */
function senderDeps(overrides: Partial<MailSenderDeps> = {}): MailSenderDeps {
  const { env } = t.services;
  return {
    db: t.services.db,
    transport: t.services.mail,
    seller: env.seller,
    appOrigin: env.appOrigin,
    from: env.mail.from,
    log: t.app.log,
    ...overrides,
  };
}

const arrivedFor = (to: string) => smtp.received.filter((mail) => mail.envelope.to.includes(to));

const rowsFor = (to: string) =>
  t.services.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('created_at').execute();

async function onlyRowFor(to: string) {
  const rows = await rowsFor(to);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

const makeDue = (id: string) =>
  t.services.db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: Date.now() - 1 })
    .where('id', '=', id)
    .execute();

const logsAbout = (mailId: string) =>
  t.logs.map((line) => JSON.parse(line)).filter((entry: { mailId?: string }) => entry.mailId === mailId);

function passwordReset(to: string): QueuedMail {
  return mailExamples(to, APP_ORIGIN).password_reset.mail;
}

describe('sending queued mail over SMTP', () => {
  it('delivers every kind with its sender, recipient, subject, text and HTML parts and key facts', async () => {
    const to = uniqueEmail('every-kind');
    const examples = mailExamples(to, APP_ORIGIN);
    const kinds = Object.keys(examples) as MailKind[];
    for (const kind of kinds) await queueMail(t.services.db, examples[kind].mail);

    expect(await sendDueMail(senderDeps())).toEqual({ sent: kinds.length, retried: 0, failed: 0 });

    const rows = await rowsFor(to);
    const arrived = arrivedFor(to);
    expect(arrived).toHaveLength(kinds.length);
    for (const row of rows) {
      const { facts, subject } = examples[row.kind as MailKind];
      expect(row).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
      expect(row.sent_at).toBeGreaterThanOrEqual(row.created_at);
      const [message, ...duplicates] = arrived.filter(
        (mail) => mail.parsed.messageId === `<${row.id}@vidya.example.in>`,
      );
      expect(duplicates, row.kind).toHaveLength(0);
      expect(message, row.kind).toBeDefined();
      const { envelope, parsed } = message!;
      expect(envelope).toEqual({ from: EXAMPLE_SELLER.supportEmail, to: [to] });
      expect(parsed.from?.value).toEqual([{ name: EXAMPLE_SELLER.legalName, address: EXAMPLE_SELLER.supportEmail }]);
      expect(parsed.to).toMatchObject({ value: [{ address: to }] });
      expect(parsed.subject).toBe(row.subject);
      expect(parsed.subject).toContain(subject);
      expect(parsed.date).toBeInstanceOf(Date);
      expect(parsed.html).toMatch(/<html lang="en"/);
      for (const fact of facts) {
        expect(parsed.text, `${row.kind} text`).toContain(fact);
        expect(parsed.html, `${row.kind} HTML`).toContain(escapeHtml(fact));
      }
    }
  });

  it.each(['rcpt', 'data'] as const)(
    'keeps a message the server refuses (451 at %s) and retries it with a growing wait until it goes through',
    async (stage) => {
      const to = uniqueEmail(`refused-${stage}`);
      await queueMail(t.services.db, passwordReset(to));
      const { id } = await onlyRowFor(to);

      for (const attempt of [1, 2]) {
        smtp.refuseNext(1, stage);
        const before = Date.now();
        expect(await sendDueMail(senderDeps())).toEqual({ sent: 0, retried: 1, failed: 0 });
        const row = await onlyRowFor(to);
        expect(row).toMatchObject({ status: 'pending', attempts: attempt, sent_at: null });
        expect(row.last_error).toContain('451');
        expect(row.next_attempt_at).toBeGreaterThanOrEqual(before + retryDelayMs(attempt));
        expect(row.next_attempt_at).toBeLessThanOrEqual(Date.now() + retryDelayMs(attempt));
        expect(arrivedFor(to)).toHaveLength(0);
        // Not due yet: a run now leaves it alone.
        expect(await sendDueMail(senderDeps())).toEqual({ sent: 0, retried: 0, failed: 0 });
        await makeDue(id);
      }

      expect(await sendDueMail(senderDeps())).toEqual({ sent: 1, retried: 0, failed: 0 });
      expect(await onlyRowFor(to)).toMatchObject({ status: 'sent', attempts: 3, last_error: null });
      expect(arrivedFor(to)).toHaveLength(1);

      const retries = logsAbout(id).filter((entry) => entry.event === 'mail_retry');
      expect(retries.map((entry) => [entry.level, entry.attempts])).toEqual([
        [40, 1],
        [40, 2],
      ]);
      // The log says what failed, never what the message said (the reset link is a secret).
      expect(t.logs.join('\n')).not.toContain('token=abc123');
    },
  );

  it('retries when the SMTP server cannot be reached, without failing anything else', async () => {
    const to = uniqueEmail('unreachable');
    await queueMail(t.services.db, passwordReset(to));
    const nowhere = createMailTransport(loadEnv({ SMTP_URL: 'smtp://127.0.0.1:9' }).mail);
    expect(await sendDueMail(senderDeps({ transport: nowhere }))).toEqual({ sent: 0, retried: 1, failed: 0 });
    nowhere.close();
    expect(await onlyRowFor(to)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await onlyRowFor(to)).last_error).toMatch(/ECONNREFUSED|ESOCKET/);
    // Due again in a minute: out of the way of the other tests' runs.
    await t.services.db.deleteFrom('mail_outbox').where('to_address', '=', to).execute();
  });

  it('marks a message failed, and says so at error level, after the last attempt', async () => {
    const to = uniqueEmail('gives-up');
    await queueMail(t.services.db, passwordReset(to));
    const { id } = await onlyRowFor(to);
    await t.services.db
      .updateTable('mail_outbox')
      .set({ attempts: MAX_SEND_ATTEMPTS - 1 })
      .where('id', '=', id)
      .execute();

    smtp.refuseNext(1, 'rcpt');
    expect(await sendDueMail(senderDeps())).toEqual({ sent: 0, retried: 0, failed: 1 });
    const row = await onlyRowFor(to);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_SEND_ATTEMPTS, sent_at: null });
    expect(row.last_error).toContain('451');
    expect(
      logsAbout(id)
        .filter((entry) => entry.event === 'mail_failed')
        .map((entry) => entry.level),
    ).toEqual([50]);

    // A failed message stays failed: no later run picks it up.
    await makeDue(id);
    expect(await sendDueMail(senderDeps())).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(arrivedFor(to)).toHaveLength(0);
  });

  it('keeps a message it has no template for, and reports it at error level', async () => {
    const to = uniqueEmail('no-template');
    await queueMail(t.services.db, { kind: 'newsletter', to, userRef: null, data: {} } as never);
    expect(await sendDueMail(senderDeps())).toEqual({ sent: 0, retried: 1, failed: 0 });
    const row = await onlyRowFor(to);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toContain('no template');
    expect(logsAbout(row.id).map((entry) => [entry.event, entry.level])).toEqual([
      ['mail_render_failed', 50],
      ['mail_retry', 40],
    ]);
    await t.services.db.deleteFrom('mail_outbox').where('id', '=', row.id).execute();
  });

  it('gives a message back, due at once and without using an attempt, when the server stops mid-send', async () => {
    const to = uniqueEmail('interrupted');
    await queueMail(t.services.db, passwordReset(to));
    let sending = false;
    // A mail server that never answers: only the stop signal ends the send.
    const silent: MailTransport = {
      kind: 'smtp',
      description: 'a server that never answers',
      send: (_mail, signal) =>
        new Promise((_resolve, reject) => {
          sending = true;
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
      close() {},
    };
    const stop = new AbortController();
    const run = sendDueMail(senderDeps({ transport: silent }), { signal: stop.signal });
    await waitFor('the send to start', async () => (sending ? true : undefined));
    stop.abort(new Error('server stopping'));
    expect(await run).toEqual({ sent: 0, retried: 0, failed: 0 });
    const row = await onlyRowFor(to);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row.next_attempt_at).toBeLessThanOrEqual(Date.now());

    expect(await sendDueMail(senderDeps())).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(arrivedFor(to)).toHaveLength(1);
  });

  it('waits 1, 2, 4 … minutes between attempts, at most 6 hours', () => {
    expect([1, 2, 3, 4, 9, 10, 11].map((attempts) => retryDelayMs(attempts) / 60_000)).toEqual([
      1, 2, 4, 8, 256, 360, 360,
    ]);
  });

  it('sends each message once when two app servers run the sender at the same moment', async () => {
    const to = uniqueEmail('race');
    const count = 24;
    for (let i = 0; i < count; i += 1) await queueMail(t.services.db, passwordReset(to));

    // A second app server: its own connection pool and its own SMTP transport.
    const otherDatabase = openDatabase(t.database.url, console);
    const otherTransport = createMailTransport(t.services.env.mail);
    try {
      const [first, second] = await Promise.all([
        sendDueMail(senderDeps(), { batchSize: 4 }),
        sendDueMail(senderDeps({ db: otherDatabase.db, transport: otherTransport }), { batchSize: 4 }),
      ]);
      expect(first.sent + second.sent).toBe(count);
    } finally {
      otherTransport.close();
      await otherDatabase.close();
    }

    const messageIds = arrivedFor(to).map((mail) => mail.parsed.messageId);
    expect(messageIds).toHaveLength(count);
    expect(new Set(messageIds).size).toBe(count);
    const rows = await rowsFor(to);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('keeps each row claimed while it is being sent, however long the batch has taken', async () => {
    const to = uniqueEmail('slow-batch');
    for (let i = 0; i < 3; i += 1) await queueMail(t.services.db, passwordReset(to));
    const realNow = Date.now.bind(Date);
    let lateBy = 0;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + lateBy);
    const claimedWhileSending: boolean[] = [];
    // Each message takes longer than a claim lasts, so a claim timed from the batch's
    // start would already have run out for the later rows, and another sender could take them.
    const slow: MailTransport = {
      kind: 'smtp',
      description: 'a slow mail server',
      async send(mail) {
        const row = await t.services.db
          .selectFrom('mail_outbox')
          .select('next_attempt_at')
          .where('id', '=', mail.id)
          .executeTakeFirstOrThrow();
        claimedWhileSending.push(row.next_attempt_at > Date.now());
        lateBy += SEND_CLAIM_MS + 60_000;
        return { messageId: mail.id, file: null };
      },
      close() {},
    };
    try {
      expect(await sendDueMail(senderDeps({ transport: slow }), { batchSize: 3 })).toEqual({
        sent: 3,
        retried: 0,
        failed: 0,
      });
    } finally {
      clock.mockRestore();
    }
    expect(claimedWhileSending).toEqual([true, true, true]);
  });

  it('runs as the send-mail job, with the transport the server was configured with', async () => {
    const to = uniqueEmail('job');
    await queueMail(t.services.db, mailExamples(to, APP_ORIGIN).welcome.mail);
    const jobs = appJobs(t.services, t.app.log).filter((job) => job.name === 'send-mail');
    expect(jobs.map((job) => job.intervalMs)).toEqual([50]);
    const scheduler = await startScheduler({ db: t.services.db, log: t.app.log, jobs, tickMs: 20 });
    try {
      await waitFor('the welcome email to arrive', async () => (arrivedFor(to).length === 1 ? true : undefined));
    } finally {
      await scheduler.stop();
    }
    expect(await onlyRowFor(to)).toMatchObject({ status: 'sent' });
  });
});

describe('sending queued mail to the outbox folder', () => {
  it('writes a readable .eml file and logs one line saying where', async () => {
    const outboxDir = mkdtempSync(join(tmpdir(), 'ehc-outbox-'));
    const outbox = createMailTransport(loadEnv({ MAIL_OUTBOX_DIR: outboxDir }).mail);
    try {
      const to = uniqueEmail('outbox');
      const example = mailExamples(to, APP_ORIGIN).receipt;
      await queueMail(t.services.db, example.mail);
      expect(await sendDueMail(senderDeps({ transport: outbox }))).toEqual({ sent: 1, retried: 0, failed: 0 });

      const row = await onlyRowFor(to);
      expect(row.status).toBe('sent');
      const lines = logsAbout(row.id);
      expect(lines).toHaveLength(1);
      const file: string = lines[0].file;
      expect(lines[0]).toMatchObject({ event: 'mail_written', level: 30 });
      expect(lines[0].msg).toBe(`email written to ${file}`);
      expect(file.startsWith(outboxDir)).toBe(true);
      expect(file).toContain(`-receipt-${row.id}.eml`);

      const parsed = await simpleParser(readFileSync(file));
      expect(parsed.subject).toBe(row.subject);
      expect(parsed.to).toMatchObject({ value: [{ address: to }] });
      for (const fact of example.facts) expect(parsed.text).toContain(fact);
      expect(parsed.html).toContain('<h1');
      expect(arrivedFor(to)).toHaveLength(0);
    } finally {
      outbox.close();
      rmSync(outboxDir, { recursive: true, force: true });
    }
  });
});

describe('the password-reset email', () => {
  it('carries a link made when it is sent, which resets the password; the queue never held the token', async () => {
    const email = uniqueEmail('forgetful');
    const input = {
      email,
      password: 'old-password',
      confirm_password: 'old-password',
      full_name: 'Ravi',
      phone: '9876543210',
    };
    await t.graphql('mutation S($input: SignupInput!) { signupUser(input: $input) { user_id } }', { input });
    await t.graphql('mutation R($email: String!) { requestPasswordReset(email: $email) }', { email });
    // Queued just after the answer (password-reset.ts).
    await waitFor('the reset email queued', async () =>
      (await rowsFor(email)).some((r) => r.kind === 'password_reset') ? true : undefined,
    );
    await sendDueMail(senderDeps());

    const [mail] = arrivedFor(email).filter((m) => m.parsed.subject?.toLowerCase().includes('reset'));
    const link = /https:\/\/course\.example\.in\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(
      mail!.parsed.text ?? '',
    );
    expect(link).not.toBeNull();
    const [row] = (await rowsFor(email)).filter((r) => r.kind === 'password_reset');
    expect(row!.data).not.toContain(link![1]);

    const reset = await t.graphql(
      'mutation P($token: String!) { resetPassword(token: $token, password: "new-password", confirm_password: "new-password") { user_id } }',
      { token: link![1] },
    );
    expect(reset.body.data?.resetPassword).toEqual({ user_id: email });
  });
});

describe('the server at boot', () => {
  it('says once which transport it sends through, without the password', async () => {
    // Nothing listens on port 9, so this server cannot send anything the tests above queued.
    const server = await startServerProcess({
      NODE_ENV: 'test',
      DATABASE_URL: t.database.url,
      CONTENT_DIR: t.services.env.contentDir,
      SMTP_URL: 'smtp://mailer:boot-secret-pw@127.0.0.1:9',
    });
    await server.stop();
    const lines = server.lines.filter((line) => line.includes('"mail_transport"'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).msg).toBe('email: SMTP smtp://127.0.0.1:9 as mailer');
    expect(server.lines.join('\n')).not.toContain('boot-secret-pw');
  });
});
