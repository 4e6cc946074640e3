import {
  ACCOUNT_MESSAGES,
  gstStateName,
  validateEmail,
  validateFullName,
  validatePassword,
  validatePhone,
  VALIDATION_MESSAGES,
} from '@ehc/common';
import type { SignedInContext } from '../../graphql/auth-scopes';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { rule } from '../../graphql/input-rules';
import { clearSessionCookie, setSessionCookie } from '../auth/session-cookie';
import { findReceipt, listReceipts, type Receipt } from '../billing/receipts';
import { stateLabel, type TaxInvoice } from '../billing/tax-invoice';
import { sellerOf } from '../settings/business-settings';
import { presentUser } from '../users/user-presenter';
import { UserType } from '../users/user-schema';
import {
  changePassword,
  deleteAccount,
  listSessions,
  signOutOtherSessions,
  updateProfile,
  type AccountDeps,
  type Me,
  type SessionInfo,
} from './account-service';
import { exportLearnerData } from './data-export';
import { confirmEmail, resendConfirmation } from './email-confirmation';
import { requestPasswordReset, resetPassword } from './password-reset';

const iso = (ms: number) => new Date(ms).toISOString();

function me(ctx: SignedInContext): Me {
  return { user: ctx.session.user, tokenHash: ctx.session.tokenHash };
}

// A new password (change or reset): the spec's password rules on it, then both typed the same.
const newPassword = { schema: rule(validatePassword) };
const passwordsMatch: [(args: { password: string; confirm_password: string }) => boolean, { message: string }] = [
  (args) => args.password === args.confirm_password,
  { message: VALIDATION_MESSAGES.passwordMismatch },
];

const accountDeps = (ctx: GraphQLContext): AccountDeps => ({
  db: ctx.services.db,
  throttle: ctx.services.auth.throttle,
});

const SellerType = builder.objectRef<Receipt['seller']>('Seller').implement({
  description: 'Who sells the course, as printed on receipts.',
  fields: (t) => ({
    legal_name: t.exposeString('legalName'),
    address: t.exposeString('address'),
    support_email: t.exposeString('supportEmail'),
    support_phone: t.exposeString('supportPhone', { nullable: true }),
    gstin: t.exposeString('gstin', { nullable: true }),
  }),
});

const BuyerType = builder.objectRef<Receipt['buyer']>('Buyer').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    phone: t.exposeString('phone'),
  }),
});

const TaxInvoiceType = builder.objectRef<TaxInvoice>('TaxInvoice').implement({
  fields: (t) => ({
    gstin: t.exposeString('gstin'),
    place_of_supply: t.string({
      description: 'e.g. "Karnataka (29)".',
      resolve: (i) => stateLabel(i.placeOfSupplyCode),
    }),
    place_from_learner: t.exposeBoolean('placeFromLearner', {
      description: "False when the learner gave no state and the seller's state stands in.",
    }),
    sac: t.exposeString('sac'),
    rate_percent: t.exposeInt('ratePercent'),
    taxable: t.exposeInt('taxablePaise', { description: 'In paise.' }),
    cgst: t.exposeInt('cgstPaise', { description: 'In paise.' }),
    sgst: t.exposeInt('sgstPaise', { description: 'In paise.' }),
    igst: t.exposeInt('igstPaise', { description: 'In paise.' }),
  }),
});

const ReceiptRefundType = builder.objectRef<Receipt['refunds'][number]>('ReceiptRefund').implement({
  description: 'One refund of the payment; with a credit note when the receipt is a tax invoice.',
  fields: (t) => ({
    amount: t.exposeInt('amountPaise', { description: 'In paise.' }),
    refunded_at: t.string({ resolve: (r) => iso(r.refundedAt) }),
    credit_note: t.exposeString('creditNote', { nullable: true, description: 'E.g. CN-000007.' }),
  }),
});

const ReceiptType = builder.objectRef<Receipt>('Receipt').implement({
  description: 'A receipt for one payment of the session learner.',
  fields: (t) => ({
    number: t.exposeString('number', { description: 'The seller’s sequential receipt number, e.g. EHC-000042.' }),
    paid_at: t.string({ resolve: (r) => iso(r.paidAt) }),
    amount: t.exposeInt('amountPaise', { description: 'In paise.' }),
    currency: t.exposeString('currency'),
    payment_id: t.exposeString('paymentId'),
    method: t.exposeString('method', { nullable: true }),
    refunded_at: t.string({ nullable: true, resolve: (r) => (r.refundedAt === null ? null : iso(r.refundedAt)) }),
    refunds: t.field({ type: [ReceiptRefundType], resolve: (r) => r.refunds }),
    item: t.exposeString('item'),
    tax_line: t.exposeString('taxLine'),
    tax_invoice: t.field({
      type: TaxInvoiceType,
      nullable: true,
      description:
        'The GST facts, when the sale was made while the seller was registered: the receipt is then a tax invoice.',
      resolve: (r) => r.invoice,
    }),
    seller: t.field({ type: SellerType, resolve: (r) => r.seller }),
    buyer: t.field({ type: BuyerType, resolve: (r) => r.buyer }),
  }),
});

const SessionInfoType = builder.objectRef<SessionInfo>('SessionInfo').implement({
  fields: (t) => ({
    created_at: t.string({ resolve: (s) => iso(s.createdAt) }),
    last_seen_at: t.string({ resolve: (s) => iso(s.lastSeenAt) }),
    current: t.exposeBoolean('current', { description: 'The session this request uses.' }),
  }),
});

interface AccountView {
  me: Me;
}

const AccountType = builder.objectRef<AccountView>('Account').implement({
  description: "The session learner's account page.",
  fields: (t) => ({
    user: t.field({ type: UserType, resolve: ({ me }) => presentUser(me.user) }),
    created_at: t.string({ resolve: ({ me }) => iso(me.user.created_at) }),
    email_confirmed: t.boolean({
      description: 'Whether the learner used the confirmation link of their welcome email.',
      resolve: ({ me }) => me.user.email_confirmed_at != null,
    }),
    receipts: t.field({
      type: [ReceiptType],
      description: 'Newest first; the first one unlocked the course.',
      resolve: async ({ me }, _args, ctx) =>
        listReceipts(ctx.services.db, sellerOf(await ctx.services.settings()), me.user.id),
    }),
    sessions: t.field({
      type: [SessionInfoType],
      resolve: ({ me }, _args, ctx) => listSessions(ctx.services.db, me),
    }),
  }),
});

builder.queryField('account', (t) =>
  t.withAuth({ signedIn: true }).field({ type: AccountType, resolve: (_root, _args, ctx) => ({ me: me(ctx) }) }),
);

builder.queryField('receipt', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: ReceiptType,
    nullable: true,
    description: 'One of the session learner’s receipts by number; null for any other number.',
    args: { number: t.arg.string() },
    resolve: async (_root, { number }, ctx) =>
      findReceipt(ctx.services.db, sellerOf(await ctx.services.settings()), me(ctx).user.id, number.slice(0, 20)),
  }),
);

builder.queryField('myData', (t) =>
  t.withAuth({ signedIn: true }).string({
    description: 'Everything stored about the session learner, as a JSON document.',
    resolve: async (_root, _args, ctx) =>
      JSON.stringify(await exportLearnerData(ctx.services.db, me(ctx).user), null, 2),
  }),
);

builder.mutationField('requestPasswordReset', (t) =>
  t.boolean({
    description: 'Emails a reset link if the address has an account. Always true, so it never tells.',
    args: { email: t.arg.string({ validate: { schema: rule((email: string) => validateEmail('login', email)) } }) },
    resolve: async (_root, { email }, ctx) => {
      const queueEmail = await requestPasswordReset(ctx.services.passwordReset, email, ctx.request.ip);
      ctx.request.log.info({ event: 'password_reset_requested' }, 'password reset requested');
      // Once the answer is sent (or the client has gone): the same answer time either way.
      if (queueEmail) {
        ctx.reply.raw.once('close', () => {
          queueEmail().catch((error: unknown) =>
            ctx.request.log.error({ err: error, event: 'password_reset_queue_failed' }, 'reset email not queued'),
          );
        });
      }
      return true;
    },
  }),
);

builder.mutationField('confirmEmail', (t) =>
  t.boolean({
    description: 'Confirms the address a welcome email was sent to, with the link it carried. Works once.',
    args: { token: t.arg.string() },
    resolve: async (_root, { token }, ctx) => {
      await confirmEmail(ctx.services.db, token);
      return true;
    },
  }),
);

builder.mutationField('resendEmailConfirmation', (t) =>
  t.withAuth({ signedIn: true }).boolean({
    description: 'Sends the session learner a new confirmation link (a few an hour).',
    resolve: async (_root, _args, ctx) => {
      await resendConfirmation(ctx.services.db, ctx.services.confirmationEmails, ctx.session.user);
      return true;
    },
  }),
);

builder.mutationField('resetPassword', (t) =>
  t.field({
    type: UserType,
    description: 'Sets a new password from a reset link, ends every session and signs this browser in.',
    args: {
      token: t.arg.string(),
      password: t.arg.string({ validate: newPassword }),
      confirm_password: t.arg.string(),
    },
    validate: passwordsMatch,
    resolve: async (_root, args, ctx) => {
      const { user, session } = await resetPassword(ctx.services.passwordReset, args.token, args.password);
      setSessionCookie(ctx.reply, session);
      ctx.request.log.info({ event: 'password_reset' }, 'password reset from a link');
      return presentUser(user);
    },
  }),
);

builder.mutationField('updateProfile', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: UserType,
    args: {
      full_name: t.arg.string({ validate: { schema: rule(validateFullName) } }),
      phone: t.arg.string({ validate: { schema: rule(validatePhone) } }),
      state_code: t.arg.string({
        required: false,
        description: 'GST state code, or empty to remove it. Left as it is when not sent.',
        validate: [
          (code) => code.trim() === '' || gstStateName(code.trim()) !== undefined,
          { message: ACCOUNT_MESSAGES.unknownState },
        ],
      }),
    },
    resolve: async (_root, args, ctx) =>
      presentUser(
        await updateProfile(ctx.services.db, me(ctx).user, {
          fullName: args.full_name,
          phone: args.phone,
          stateCode: args.state_code,
        }),
      ),
  }),
);

builder.mutationField('changePassword', (t) =>
  t.withAuth({ signedIn: true }).boolean({
    description: 'Needs the current password; ends every other session.',
    args: {
      current_password: t.arg.string(),
      password: t.arg.string({ validate: newPassword }),
      confirm_password: t.arg.string(),
    },
    validate: passwordsMatch,
    resolve: async (_root, args, ctx) => {
      await changePassword(
        accountDeps(ctx),
        me(ctx),
        { currentPassword: args.current_password, password: args.password },
        ctx.request.ip,
      );
      ctx.request.log.info({ event: 'password_changed' }, 'password changed');
      return true;
    },
  }),
);

builder.mutationField('logoutOtherSessions', (t) =>
  t.withAuth({ signedIn: true }).int({
    description: 'Signs the learner out everywhere but here; returns how many sessions ended.',
    resolve: (_root, _args, ctx) => signOutOtherSessions(ctx.services.db, me(ctx)),
  }),
);

builder.mutationField('deleteAccount', (t) =>
  t.withAuth({ signedIn: true }).boolean({
    description: 'Deletes the account (password and the typed word DELETE required) and signs out.',
    args: {
      password: t.arg.string(),
      confirmation: t.arg.string({
        validate: [
          (word) => word.trim() === ACCOUNT_MESSAGES.deleteConfirmationWord,
          { message: ACCOUNT_MESSAGES.deleteConfirmationMismatch },
        ],
      }),
    },
    resolve: async (_root, args, ctx) => {
      await deleteAccount(accountDeps(ctx), me(ctx), args, ctx.request.ip);
      clearSessionCookie(ctx.reply);
      ctx.request.log.info({ event: 'account_deleted' }, 'learner deleted their account');
      return true;
    },
  }),
);
