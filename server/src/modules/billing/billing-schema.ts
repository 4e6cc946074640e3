import type { ValidationOptions } from '@pothos/plugin-zod';
import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { presentUser, type UserView } from '../users/user-presenter';
import { UserType } from '../users/user-schema';
import { billingDeps } from './billing-deps';
import { createPaymentOrder, type CheckoutOptions } from './checkout';
import { reconcileLearner } from './reconciler';
import { verifyPayment } from './verify-payment';

async function currentUser(ctx: GraphQLContext, userRef: string): Promise<UserView> {
  const row = await ctx.services.db
    .selectFrom('app_user')
    .selectAll()
    .where('id', '=', userRef)
    .executeTakeFirstOrThrow();
  return presentUser(row);
}

const PrefillType = builder.objectRef<CheckoutOptions['prefill']>('CheckoutPrefill').implement({
  fields: (t) => ({ name: t.exposeString('name'), email: t.exposeString('email'), contact: t.exposeString('contact') }),
});

const NotesType = builder.objectRef<CheckoutOptions['notes']>('CheckoutNotes').implement({
  fields: (t) => ({
    user_id: t.exposeString('user_id'),
    course: t.exposeString('course'),
    phone: t.exposeString('phone'),
  }),
});

const CheckoutType = builder.objectRef<CheckoutOptions>('CheckoutOptions').implement({
  description: 'What the browser needs to open the checkout for one stored order.',
  fields: (t) => ({
    mode: t.exposeString('mode', { description: '"razorpay", or "simulated" for the in-app test payment.' }),
    key_id: t.exposeString('keyId'),
    order_id: t.exposeString('orderId'),
    amount: t.exposeInt('amount', { description: 'In paise.' }),
    currency: t.exposeString('currency'),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    prefill: t.field({ type: PrefillType, resolve: (o) => o.prefill }),
    notes: t.field({ type: NotesType, resolve: (o) => o.notes }),
  }),
});

const VerifyResultType = builder.objectRef<{ status: string; user: UserView }>('PaymentVerification').implement({
  fields: (t) => ({
    status: t.exposeString('status', { description: '"paid", or "pending" while the bank finishes capturing.' }),
    user: t.field({ type: UserType, resolve: (r) => r.user }),
  }),
});

// Razorpay's ids and signatures are short; anything longer is not one of theirs.
const paymentReference: ValidationOptions<string> = {
  type: 'string',
  maxLength: [200, { message: 'That payment reference is not valid.' }],
};

const VerifyInput = builder.inputType('VerifyPaymentInput', {
  fields: (t) => ({
    razorpay_payment_id: t.string({ validate: paymentReference }),
    razorpay_order_id: t.string({ validate: paymentReference }),
    razorpay_signature: t.string({ validate: paymentReference }),
  }),
});

builder.mutationField('createPaymentOrder', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: CheckoutType,
    description:
      "The session learner's checkout: their order still open from the last 15 minutes, or a new one for the course price (set on the server).",
    resolve: async (_root, _args, ctx) => {
      const { user } = ctx.session;
      return createPaymentOrder(billingDeps(ctx.services, ctx.request.log), user);
    },
  }),
);

builder.mutationField('verifyPayment', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: VerifyResultType,
    args: { input: t.arg({ type: VerifyInput }) },
    resolve: async (_root, { input }, ctx) => {
      const { user } = ctx.session;
      const status = await verifyPayment(billingDeps(ctx.services, ctx.request.log), user, {
        paymentId: input.razorpay_payment_id,
        orderId: input.razorpay_order_id,
        signature: input.razorpay_signature,
      });
      return { status, user: await currentUser(ctx, user.id) };
    },
  }),
);

builder.queryField('paymentStatus', (t) =>
  t.withAuth({ signedIn: true }).field({
    type: UserType,
    description: 'The session learner, after asking the gateway about any of their orders still waiting.',
    resolve: async (_root, _args, ctx) => {
      const { user } = ctx.session;
      if (user.payment_status !== 1) await reconcileLearner(billingDeps(ctx.services, ctx.request.log), user.id);
      return currentUser(ctx, user.id);
    },
  }),
);
