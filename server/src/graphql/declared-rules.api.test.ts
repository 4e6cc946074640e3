import { MESSAGES, REASON_MESSAGE, VALIDATION_MESSAGES } from '@ehc/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeOf, signUp, signUpAdmin, type Learner } from '../test/admin-fixtures';
import { createTestApp, type GraphqlResult, type TestApp } from '../test/test-app';
import { SUBSCRIBERS_ONLY } from './auth-scopes';

// The declared scopes and input rules answer through the API exactly as the hand-called
// guards and checks did: the same codes and messages, and in the same order (who may
// call a field first, then its input).

const LESSON = `query Lesson($module: String!, $number: Int!) { lesson(module_id: $module, number: $number) { title } }`;
const VERIFY = `mutation Verify($input: VerifyPaymentInput!) { verifyPayment(input: $input) { status } }`;
const CHANGE_PASSWORD = `mutation Change($current: String!, $password: String!, $confirm: String!) {
  changePassword(current_password: $current, password: $password, confirm_password: $confirm) }`;
const GRANT = `mutation Grant($user: ID!, $reason: String!) { adminGrantAccess(user_id: $user, reason: $reason) { summary { paid } } }`;

const messageOf = (result: GraphqlResult) => result.body.errors?.[0]?.message;
const refusal = (result: GraphqlResult) => ({ code: codeOf(result), message: messageOf(result) });
const reference = (length: number) => ({
  razorpay_payment_id: 'pay_'.padEnd(length, 'x'),
  razorpay_order_id: 'order_1',
  razorpay_signature: 'sig',
});

let t: TestApp;
let learner: Learner;
let admin: Learner;
beforeAll(async () => {
  t = await createTestApp();
  learner = await signUp(t);
  admin = await signUpAdmin(t);
});
afterAll(async () => {
  await t.close();
});

describe('declared scopes', () => {
  it("refuses a paid field with the spec's messages: signed out, then unpaid", async () => {
    const variables = { module: 'web-application', number: 1 };
    expect(refusal(await t.graphql(LESSON, variables))).toEqual({
      code: 'UNAUTHENTICATED',
      message: MESSAGES.unauthenticated,
    });
    expect(refusal(await t.graphql(LESSON, variables, learner))).toEqual({
      code: 'FORBIDDEN',
      message: SUBSCRIBERS_ONLY,
    });
  });

  it('checks the scope before the input: a caller without it learns nothing about its arguments', async () => {
    expect(refusal(await t.graphql(VERIFY, { input: reference(201) }))).toEqual({
      code: 'UNAUTHENTICATED',
      message: MESSAGES.unauthenticated,
    });
    expect(refusal(await t.graphql(GRANT, { user: learner.userRef, reason: '' }, learner))).toEqual({
      code: 'FORBIDDEN',
      message: MESSAGES.forbidden,
    });
  });
});

describe('declared input rules', () => {
  it('answers VALIDATION_FAILED with the rule’s own message, before the resolver runs', async () => {
    expect(refusal(await t.graphql(VERIFY, { input: reference(201) }, learner))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'That payment reference is not valid.',
    });
    expect(refusal(await t.graphql(GRANT, { user: learner.userRef, reason: '  \u200b ok ' }, admin))).toEqual({
      code: 'VALIDATION_FAILED',
      message: REASON_MESSAGE,
    });
    const paid = await t.services.db
      .selectFrom('app_user')
      .select('payment_status')
      .where('id', '=', learner.userRef)
      .executeTakeFirstOrThrow();
    expect(paid.payment_status).toBe(0);
  });

  it("reports the first broken rule: the arguments' own rules, then the rule on them together", async () => {
    const tooShort = { current: 'secret12', password: 'abc', confirm: 'abcd' };
    expect(refusal(await t.graphql(CHANGE_PASSWORD, tooShort, learner))).toEqual({
      code: 'VALIDATION_FAILED',
      message: VALIDATION_MESSAGES.passwordTooShort,
    });
    const mismatch = { current: 'secret12', password: 'abcdefgh', confirm: 'abcdefgi' };
    expect(refusal(await t.graphql(CHANGE_PASSWORD, mismatch, learner))).toEqual({
      code: 'VALIDATION_FAILED',
      message: VALIDATION_MESSAGES.passwordMismatch,
    });
  });
});
