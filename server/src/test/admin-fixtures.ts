import { expect } from 'vitest';
import type { SimulatedGateway } from '../modules/billing/simulated-gateway';
import type { TestApp } from './test-app';
import { uniqueEmail } from './test-app';

/**
 * Factories for the console's API suites: learners signed up through the API, an admin
 * made the way the command line makes one, a course paid through the simulated gateway,
 * and a snapshot of every table to prove a refused call changed nothing.
 */
export interface Learner {
  email: string;
  cookie: string;
  userRef: string;
}

const SIGNUP = `mutation SignupUser($input: SignupInput!) { signupUser(input: $input) { user_id } }`;

export async function signUp(
  t: TestApp,
  { prefix = 'learner', fullName = 'Kavya Menon', phone = '9876543210', email = uniqueEmail(prefix) } = {},
): Promise<Learner> {
  const input = { email, password: 'secret12', confirm_password: 'secret12', full_name: fullName, phone };
  const result = await t.graphql(SIGNUP, { input });
  expect(result.body.errors).toBeUndefined();
  const row = await t.services.db
    .selectFrom('app_user')
    .select('id')
    .where('user_id', '=', email)
    .executeTakeFirstOrThrow();
  return { email, cookie: result.sessionCookie!, userRef: row.id };
}

/** An admin: a signed-up account whose role is set as `npm run admin -- grant` sets it. */
export async function signUpAdmin(t: TestApp): Promise<Learner> {
  const admin = await signUp(t, { prefix: 'admin', fullName: 'Ops Admin' });
  await t.services.db.updateTable('app_user').set({ role: 'admin' }).where('id', '=', admin.userRef).execute();
  return admin;
}

/** Pays for the course through the simulated gateway's checkout and the real verify mutation. */
export async function payThroughCheckout(
  t: TestApp,
  learner: Learner,
): Promise<{ orderId: string; paymentId: string }> {
  const created = await t.graphql(`mutation CreatePaymentOrder { createPaymentOrder { order_id } }`, {}, learner);
  expect(created.body.errors).toBeUndefined();
  const orderId = (created.body.data!.createPaymentOrder as { order_id: string }).order_id;
  const checkout = (await (t.services.gateway as SimulatedGateway).pay(orderId, 'success'))!;
  const verified = await t.graphql(
    `mutation VerifyPayment($input: VerifyPaymentInput!) { verifyPayment(input: $input) { status } }`,
    { input: checkout },
    learner,
  );
  expect(verified.body.data?.verifyPayment).toEqual({ status: 'paid' });
  return { orderId, paymentId: checkout.razorpay_payment_id };
}

const COMPLETE = `mutation UpdateUserProgress($module: String!, $number: Int!) { markLessonComplete(module_id: $module, number: $number) { completed } }`;

/** Completes the fixture course's cryptography module (two lessons) and returns its certificate id. */
export async function earnCertificate(t: TestApp, learner: Learner): Promise<string> {
  for (const number of [1, 2]) {
    const result = await t.graphql(COMPLETE, { module: 'cryptography', number }, learner);
    expect(result.body.errors).toBeUndefined();
  }
  const row = await t.services.db
    .selectFrom('certificate')
    .select('certificate_id')
    .where('user_ref', '=', learner.userRef)
    .where('scope', '=', 'cryptography')
    .executeTakeFirstOrThrow();
  return row.certificate_id;
}

/** Every row of every table, in a stable order: equal snapshots mean nothing was written. */
export async function snapshotDatabase(t: TestApp): Promise<Record<string, string[]>> {
  const tables = await t.services.db.introspection.getTables();
  const snapshot: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = await t.services.db
      .selectFrom(table.name as 'app_user')
      .selectAll()
      .execute();
    snapshot[table.name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

export const codeOf = (result: { body: { errors?: { extensions?: { code?: string } }[] } }) =>
  result.body.errors?.[0]?.extensions?.code;

export interface AuditRowView {
  actor_ref: string;
  actor_email: string;
  action: string;
  target_user_ref: string | null;
  target: string | null;
  reason: string;
  details: Record<string, unknown>;
}

/** The audit entries about a learner, oldest first, with their details parsed. */
export async function auditEntries(t: TestApp, userRef: string): Promise<AuditRowView[]> {
  const rows = await t.services.db
    .selectFrom('audit_log')
    .selectAll()
    .where('target_user_ref', '=', userRef)
    .orderBy('at')
    .execute();
  return rows.map((row) => ({
    actor_ref: row.actor_ref,
    actor_email: row.actor_email,
    action: row.action,
    target_user_ref: row.target_user_ref,
    target: row.target,
    reason: row.reason,
    details: JSON.parse(row.details) as Record<string, unknown>,
  }));
}
