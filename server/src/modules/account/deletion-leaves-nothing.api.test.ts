import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payThroughCheckout, signUp, signUpAdmin, type Learner } from '../../test/admin-fixtures';
import { waitFor } from '../../test/server-process';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sendDueMail } from '../mail/mail-sender';

// After "Delete my account" no table holds the learner's name, email, phone or state in
// clear (issue 39), except what decision 0008 keeps for tax: the payment rows, whose tax
// invoice records the place of supply. Every table is read, whatever later migrations add.

const PASSWORD = 'secret12';
const UPDATE_PROFILE = `mutation P($name: String!, $phone: String!, $state: String) { updateProfile(full_name: $name, phone: $phone, state_code: $state) { state_code } }`;
const COMPLETE = `mutation C($m: String!, $n: Int!) { markLessonComplete(module_id: $m, number: $n) { completed } }`;
const CERTIFICATES = `query { certificates { certificate_id } }`;
const REVOKE = `mutation R($id: String!, $reason: String!) { adminRevokeCertificate(certificate_id: $id, reason: $reason) { summary { paid } } }`;
const REISSUE = `mutation I($id: String!, $name: String!, $reason: String!) { adminReissueCertificate(certificate_id: $id, holder_name: $name, reason: $reason) { summary { paid } } }`;
const DELETE = `mutation D($password: String!, $confirmation: String!) { deleteAccount(password: $password, confirmation: $confirmation) }`;
const VERIFY = `query V($id: String!) { verifyCertificate(certificate_id: $id) { holder_name revoked_at } }`;

let t: TestApp;
let admin: Learner;
beforeAll(async () => {
  t = await createTestApp({ SELLER_GSTIN: '29ABCDE1234F1Z5' });
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

/** Every row of every table, as text, with the tables and columns decision 0008 keeps for tax left out. */
async function everyRow(): Promise<{ table: string; text: string }[]> {
  const tables = await t.services.db.introspection.getTables();
  const rows: { table: string; text: string }[] = [];
  for (const table of tables) {
    if (table.name.startsWith('kysely_')) continue;
    const all = await t.services.db
      .selectFrom(table.name as 'app_user')
      .selectAll()
      .execute();
    for (const row of all as Record<string, unknown>[]) rows.push({ table: table.name, text: JSON.stringify(row) });
  }
  return rows;
}

describe('deleting an account', () => {
  it('leaves no name, email, phone or state of the learner in any table', async () => {
    const tag = String(randomInt(100_000, 999_999));
    const fullName = `Quillon Vasudevan ${tag}`;
    const otherName = `Quillon Reissued ${tag}`;
    const phone = `98${tag}${randomInt(10, 99)}`;
    const learner = await signUp(t, { prefix: `deleted${tag}`, fullName, phone });
    await t.graphql(UPDATE_PROFILE, { name: fullName, phone, state: '27' }, { cookie: learner.cookie });
    await payThroughCheckout(t, learner);
    for (const n of [1, 2]) await t.graphql(COMPLETE, { m: 'cryptography', n }, { cookie: learner.cookie });
    const [certificate] = (await t.graphql(CERTIFICATES, {}, { cookie: learner.cookie })).body.data?.certificates as {
      certificate_id: string;
    }[];
    const id = certificate!.certificate_id;
    const asAdmin = { cookie: admin.cookie };
    await t.graphql(REISSUE, { id, name: otherName, reason: 'Learner asked for another name' }, asAdmin);
    // Revoked before the deletion: it must lose the name too.
    await t.graphql(REVOKE, { id, reason: 'Completed by a shared account' }, asAdmin);
    await t.graphql('mutation R($e: String!) { requestPasswordReset(email: $e) }', { e: learner.email });
    // The reset email is queued just after that answer: wait for it, so the deletion meets it.
    await waitFor('the reset email queued', async () =>
      (await t.services.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('user_ref', '=', learner.userRef)
        .where('kind', '=', 'password_reset')
        .executeTakeFirst())
        ? true
        : undefined,
    );

    const deleted = await t.graphql(DELETE, { password: PASSWORD, confirmation: 'DELETE' }, { cookie: learner.cookie });
    expect(deleted.body.errors).toBeUndefined();
    const { env } = t.services;
    await sendDueMail({
      db: t.services.db,
      transport: t.services.mail,
      seller: env.seller,
      appOrigin: env.appOrigin,
      from: env.mail.from,
      log: t.app.log,
    });

    const personal = [learner.email, fullName, otherName, phone];
    const found = (await everyRow()).filter((row) => personal.some((value) => row.text.includes(value)));
    expect(found).toEqual([]);
    // The state is kept only where tax law needs it: the payment's invoice (place of supply).
    const user = await t.services.db
      .selectFrom('app_user')
      .selectAll()
      .where('id', '=', learner.userRef)
      .executeTakeFirstOrThrow();
    expect(user.state_code).toBeNull();
    expect((await t.graphql(VERIFY, { id })).body.data?.verifyCertificate).toMatchObject({ holder_name: '' });
  });
});
