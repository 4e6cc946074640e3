import { ACCOUNT_MESSAGES } from '@ehc/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payThroughCheckout, signUp } from '../../test/admin-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { MailTransport } from '../mail/mail-transport';
import { sendDueMail } from '../mail/mail-sender';

// Sign-up asks the learner to confirm their address (issue 39, decision 0033): the welcome
// email carries a single-use link and nothing typed into the form, and the learner's
// receipts and certificates reach them whether or not they ever confirm.

const CONFIRM = 'mutation C($token: String!) { confirmEmail(token: $token) }';
const RESEND = 'mutation { resendEmailConfirmation }';
const ACCOUNT = 'query { account { email_confirmed } }';

let t: TestApp;
const sent: { to: string; text: string; kind: string }[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Sends what is queued through a transport that keeps each message. */
async function deliver(): Promise<void> {
  const transport: MailTransport = {
    kind: 'outbox',
    description: 'kept by the test',
    async send(message) {
      sent.push({ to: message.to, text: message.text, kind: message.kind });
      return { messageId: `<${sent.length}@test>`, file: null };
    },
    close() {},
  };
  const { env } = t.services;
  await sendDueMail({
    db: t.services.db,
    transport,
    seller: env.seller,
    appOrigin: env.appOrigin,
    from: env.mail.from,
    log: t.app.log,
  });
}

const linkIn = (text: string) => /\/confirm-email\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const confirmed = async (cookie: string) =>
  ((await t.graphql(ACCOUNT, {}, { cookie })).body.data?.account as { email_confirmed: boolean }).email_confirmed;

describe('confirming the address given at sign-up', () => {
  it('sends a welcome email with a confirmation link and without the typed name', async () => {
    const learner = await signUp(t, { prefix: 'confirm', fullName: 'Anybody Typed This' });
    await deliver();
    const welcome = sent.filter((m) => m.to.includes(learner.email)).at(-1)!;
    expect(welcome.text).not.toContain('Anybody Typed This');
    const token = linkIn(welcome.text);
    expect(token).toBeDefined();
    expect(await confirmed(learner.cookie)).toBe(false);
    expect((await t.graphql(CONFIRM, { token })).body.data?.confirmEmail).toBe(true);
    expect(await confirmed(learner.cookie)).toBe(true);
    // Once only.
    expect((await t.graphql(CONFIRM, { token })).body.errors?.[0]?.message).toBe(
      ACCOUNT_MESSAGES.confirmationLinkInvalid,
    );
    const stored = await t.services.db
      .selectFrom('email_confirmation')
      .selectAll()
      .where('user_ref', '=', learner.userRef)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses a made-up or malformed link with a clear message', async () => {
    for (const token of ['x', 'A'.repeat(43)]) {
      const result = await t.graphql(CONFIRM, { token });
      expect(result.body.errors?.[0]?.message).toBe(ACCOUNT_MESSAGES.confirmationLinkInvalid);
    }
  });

  it('sends a new link on request, a few times an hour, and the newest link is the one that works', async () => {
    const learner = await signUp(t, { prefix: 'resend' });
    await deliver();
    const first = linkIn(sent.filter((m) => m.to.includes(learner.email)).at(-1)!.text)!;
    expect((await t.graphql(RESEND, {}, { cookie: learner.cookie })).body.data?.resendEmailConfirmation).toBe(true);
    await deliver();
    const second = linkIn(sent.filter((m) => m.to.includes(learner.email)).at(-1)!.text)!;
    expect(second).not.toBe(first);
    expect((await t.graphql(CONFIRM, { token: first })).body.errors).toBeDefined();
    expect((await t.graphql(CONFIRM, { token: second })).body.data?.confirmEmail).toBe(true);
    expect((await t.graphql(RESEND, {}, { cookie: learner.cookie })).body.errors?.[0]?.message).toBe(
      ACCOUNT_MESSAGES.emailAlreadyConfirmed,
    );
  });

  it('still sends an unconfirmed learner their receipt', async () => {
    const learner = await signUp(t, { prefix: 'unconfirmed' });
    await payThroughCheckout(t, learner);
    const receipts = await t.services.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('user_ref', '=', learner.userRef)
      .where('kind', '=', 'receipt')
      .execute();
    expect(receipts).toHaveLength(1);
    expect(await confirmed(learner.cookie)).toBe(false);
  });
});
