import { builder } from '../../graphql/builder';
import type { GraphQLContext } from '../../graphql/context';
import { rule } from '../../graphql/input-rules';
import { billingDeps } from '../billing/billing-deps';
import { grantAccess, revokeAccess, signOutEverywhere } from './access-actions';
import { acting } from './admin-action';
import { reasonRule } from './audit-log';
import { holderNameProblem, reissueCertificate, revokeCertificate } from './certificate-actions';
import { findLearners } from './learner-search';
import {
  loadLearnerView,
  type AdminCertificateView,
  type AdminDuplicatePaymentView,
  type AdminEmailView,
  type AdminLearnerSummaryView,
  type AdminLearnerView,
  type AdminModuleProgressView,
  type AdminOrderView,
  type AdminPaymentView,
  type AdminSessionView,
  type AuditEntryView,
} from './learner-view';
import { checkPayments, refundPayment, resendReceipt } from './payment-actions';
import { dayProblem, rangeProblem } from './ist-days';
import { paymentsCsv } from './payments-csv';
import { salesReport, type SalesDayView, type SalesView } from './sales-report';

// The console's API (/admin in the web app). Every field declares the admin scope
// (t.withAuth({ admin: true })); every mutation also declares the reason rule and records
// the reason in the audit log with the change.

const SummaryType = builder.objectRef<AdminLearnerSummaryView>('AdminLearnerSummary').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email'),
    full_name: t.exposeString('full_name'),
    phone: t.exposeString('phone'),
    paid: t.exposeBoolean('paid', { description: 'Whether the course is unlocked (by a payment or by an admin).' }),
    role: t.exposeString('role', { description: '"learner" or "admin".' }),
    deleted: t.exposeBoolean('deleted'),
    created_at: t.exposeString('created_at'),
  }),
});

const OrderType = builder.objectRef<AdminOrderView>('AdminOrder').implement({
  fields: (t) => ({
    order_id: t.exposeString('order_id'),
    status: t.exposeString('status', { description: 'created | attempted | paid | refunded' }),
    amount: t.exposeInt('amount', { description: 'In paise.' }),
    currency: t.exposeString('currency'),
    gateway: t.exposeString('gateway', { description: '"razorpay" or "simulated".' }),
    created_at: t.exposeString('created_at'),
    updated_at: t.exposeString('updated_at'),
  }),
});

const PaymentType = builder.objectRef<AdminPaymentView>('AdminPayment').implement({
  fields: (t) => ({
    payment_id: t.exposeString('payment_id'),
    order_id: t.exposeString('order_id'),
    status: t.exposeString('status', { description: 'captured | refunded' }),
    amount: t.exposeInt('amount', { description: 'In paise.' }),
    currency: t.exposeString('currency'),
    method: t.exposeString('method', { nullable: true }),
    captured_at: t.exposeString('captured_at'),
    refunded_at: t.exposeString('refunded_at', { nullable: true }),
    receipt_number: t.exposeString('receipt_number', { nullable: true, description: 'e.g. EHC-000042' }),
  }),
});

const DuplicatePaymentType = builder.objectRef<AdminDuplicatePaymentView>('AdminDuplicatePayment').implement({
  description: 'A second payment from a learner who had already paid; refunded automatically.',
  fields: (t) => ({
    payment_id: t.exposeString('payment_id'),
    order_id: t.exposeString('order_id'),
    amount: t.exposeInt('amount', { description: 'In paise.' }),
    status: t.exposeString('status', { description: 'pending | refunding | refunded' }),
    refund_id: t.exposeString('refund_id', { nullable: true }),
    captured_at: t.exposeString('captured_at'),
  }),
});

const ModuleProgressType = builder.objectRef<AdminModuleProgressView>('AdminModuleProgress').implement({
  fields: (t) => ({
    module_id: t.exposeString('module_id'),
    title: t.exposeString('title'),
    completed_lessons: t.exposeInt('completed_lessons'),
    total_lessons: t.exposeInt('total_lessons'),
    completed_at: t.exposeString('completed_at', { nullable: true }),
  }),
});

const CertificateType = builder.objectRef<AdminCertificateView>('AdminCertificate').implement({
  fields: (t) => ({
    certificate_id: t.exposeString('certificate_id'),
    title: t.exposeString('title'),
    holder_name: t.exposeString('holder_name'),
    completed_at: t.exposeString('completed_at'),
    revoked_at: t.exposeString('revoked_at', { nullable: true }),
    revoked_reason: t.exposeString('revoked_reason', { nullable: true }),
  }),
});

const EmailType = builder.objectRef<AdminEmailView>('AdminEmail').implement({
  fields: (t) => ({
    kind: t.exposeString('kind'),
    subject: t.exposeString('subject', { nullable: true, description: 'Set once the email is rendered and sent.' }),
    status: t.exposeString('status', { description: 'pending | sent | failed' }),
    attempts: t.exposeInt('attempts'),
    created_at: t.exposeString('created_at'),
    sent_at: t.exposeString('sent_at', { nullable: true }),
    last_error: t.exposeString('last_error', { nullable: true }),
  }),
});

const SessionType = builder.objectRef<AdminSessionView>('AdminSession').implement({
  fields: (t) => ({
    created_at: t.exposeString('created_at'),
    last_seen_at: t.exposeString('last_seen_at'),
    expires_at: t.exposeString('expires_at'),
  }),
});

const AuditEntryType = builder.objectRef<AuditEntryView>('AuditEntry').implement({
  fields: (t) => ({
    at: t.exposeString('at'),
    actor_email: t.exposeString('actor_email', { description: 'The admin, or "command line".' }),
    action: t.exposeString('action'),
    target: t.exposeString('target', { nullable: true }),
    reason: t.exposeString('reason'),
    details: t.exposeString('details', { description: 'JSON: what changed (before, after, and what else was done).' }),
  }),
});

const LearnerType = builder.objectRef<AdminLearnerView>('AdminLearner').implement({
  description: 'Everything the console shows about one learner; lists newest first.',
  fields: (t) => ({
    summary: t.field({ type: SummaryType, resolve: (l) => l.summary }),
    orders: t.field({ type: [OrderType], resolve: (l) => l.orders }),
    payments: t.field({ type: [PaymentType], resolve: (l) => l.payments }),
    duplicate_payments: t.field({ type: [DuplicatePaymentType], resolve: (l) => l.duplicate_payments }),
    progress: t.field({ type: [ModuleProgressType], resolve: (l) => l.progress }),
    certificates: t.field({
      type: [CertificateType],
      description: 'Revoked ones too.',
      resolve: (l) => l.certificates,
    }),
    emails: t.field({ type: [EmailType], resolve: (l) => l.emails }),
    sessions: t.field({ type: [SessionType], resolve: (l) => l.sessions }),
    audit: t.field({ type: [AuditEntryType], resolve: (l) => l.audit }),
  }),
});

const SalesDayType = builder.objectRef<SalesDayView>('AdminSalesDay').implement({
  fields: (t) => ({
    date: t.exposeString('date', { description: 'YYYY-MM-DD, India time.' }),
    signups: t.exposeInt('signups'),
    paid: t.exposeInt('paid', { description: 'Payments captured that day.' }),
    revenue: t.exposeInt('revenue', { description: 'Paise captured that day, before refunds.' }),
    refunds: t.exposeInt('refunds', { description: 'Paise refunded in full that day.' }),
  }),
});

const SalesType = builder.objectRef<SalesView>('AdminSales').implement({
  fields: (t) => ({
    from: t.exposeString('from'),
    to: t.exposeString('to'),
    signups: t.exposeInt('signups'),
    paid_learners: t.exposeInt('paid_learners', { description: 'Learners with a payment captured in the range.' }),
    revenue: t.exposeInt('revenue', { description: 'In paise, before refunds.' }),
    refunds: t.exposeInt('refunds', { description: 'In paise.' }),
    conversion_percent: t.exposeFloat('conversion_percent', {
      description: 'Of the learners who signed up in the range, the percentage who paid within it (one decimal).',
    }),
    days: t.field({ type: [SalesDayType], resolve: (s) => s.days }),
  }),
});

// The two reports' days: each a real day, and then (a rule of the field, on both) in
// order and at most 366 days apart.
const reportRangeRule = { schema: rule(({ from, to }: { from: string; to: string }) => rangeProblem(from, to)) };

/** The learner's page after a change, as every mutation answers. */
async function learnerPage(ctx: GraphQLContext, userRef: string): Promise<AdminLearnerView> {
  const view = await loadLearnerView(ctx.services.db, ctx.services.catalogue, userRef);
  if (!view) throw new Error(`learner ${userRef} vanished after an admin change`);
  return view;
}

builder.queryField('adminFindLearners', (t) =>
  t.withAuth({ admin: true }).field({
    type: [SummaryType],
    description:
      'Learners by part of an email, a phone number, or an exact order, payment, certificate or receipt number (at most 20).',
    args: { query: t.arg.string() },
    resolve: (_root, { query }, ctx) => findLearners(ctx.services.db, query),
  }),
);

builder.queryField('adminLearner', (t) =>
  t.withAuth({ admin: true }).field({
    type: LearnerType,
    nullable: true,
    args: { id: t.arg.id() },
    resolve: (_root, { id }, ctx) => loadLearnerView(ctx.services.db, ctx.services.catalogue, String(id)),
  }),
);

builder.queryField('adminSales', (t) =>
  t.withAuth({ admin: true }).field({
    type: SalesType,
    description: 'Inclusive YYYY-MM-DD days in India time, at most 366; amounts in paise.',
    args: {
      from: t.arg.string({ validate: { schema: rule(dayProblem('from')) } }),
      to: t.arg.string({ validate: { schema: rule(dayProblem('to')) } }),
    },
    validate: reportRangeRule,
    resolve: (_root, { from, to }, ctx) => salesReport(ctx.services.db, from, to),
  }),
);

builder.queryField('adminPaymentsCsv', (t) =>
  t.withAuth({ admin: true }).string({
    description: 'Sales and refunds of the range as CSV for the tax register (RFC 4180, CRLF).',
    args: {
      from: t.arg.string({ validate: { schema: rule(dayProblem('from')) } }),
      to: t.arg.string({ validate: { schema: rule(dayProblem('to')) } }),
    },
    validate: reportRangeRule,
    resolve: (_root, { from, to }, ctx) => paymentsCsv(ctx.services.db, from, to),
  }),
);

builder.mutationField('adminGrantAccess', (t) =>
  t.withAuth({ admin: true }).field({
    type: LearnerType,
    description: 'Complimentary access: unlocks the course without a payment.',
    args: { user_id: t.arg.id(), reason: t.arg.string({ validate: reasonRule }) },
    resolve: async (_root, args, ctx) => {
      const who = acting(ctx.session.user, args.reason);
      return learnerPage(ctx, await grantAccess(ctx.services.db, who, String(args.user_id)));
    },
  }),
);

builder.mutationField('adminRevokeAccess', (t) =>
  t.withAuth({ admin: true }).field({
    type: LearnerType,
    description: 'Locks the course again; payments are not refunded (use adminRefundPayment for that).',
    args: { user_id: t.arg.id(), reason: t.arg.string({ validate: reasonRule }) },
    resolve: async (_root, args, ctx) => {
      const who = acting(ctx.session.user, args.reason);
      return learnerPage(ctx, await revokeAccess(ctx.services.db, who, String(args.user_id)));
    },
  }),
);

builder.mutationField('adminRefundPayment', (t) =>
  t.withAuth({ admin: true }).field({
    type: LearnerType,
    description: 'Refunds a payment in full through the gateway; a second call refunds nothing.',
    args: { payment_id: t.arg.string(), reason: t.arg.string({ validate: reasonRule }) },
    resolve: async (_root, args, ctx) => {
      const who = acting(ctx.session.user, args.reason);
      const deps = billingDeps(ctx.services, ctx.request.log);
      return learnerPage(ctx, await refundPayment(deps, who, args.payment_id));
    },
  }),
);

builder.mutationField('adminResendReceipt', (t) =>
  t.withAuth({ admin: true }).field({
    type: LearnerType,
    args: { payment_id: t.arg.string(), reason: t.arg.string({ validate: reasonRule }) },
    resolve: async (_root, args, ctx) => {
      const who = acting(ctx.session.user, args.reason);
      return learnerPage(ctx, await resendReceipt(ctx.services.db, ctx.services.env.appOrigin, who, args.payment_id));
    },
  }),
);

builder.mutationField('adminRevokeCertificate', (t) =>
  t.withAuth({ admin: true }).field({
    type: LearnerType,
    args: { certificate_id: t.arg.string(), reason: t.arg.string({ validate: reasonRule }) },
    resolve: async (_root, args, ctx) => {
      const who = acting(ctx.session.user, args.reason);
      return learnerPage(ctx, await revokeCertificate(ctx.services.db, who, args.certificate_id));
    },
  }),
);

builder.mutationField('adminReissueCertificate', (t) =>
  t.withAuth({ admin: true }).field({
    type: LearnerType,
    description: 'Same id, corrected holder name; also lifts a revocation.',
    args: {
      certificate_id: t.arg.string(),
      holder_name: t.arg.string({ validate: { schema: rule(holderNameProblem) } }),
      reason: t.arg.string({ validate: reasonRule }),
    },
    resolve: async (_root, args, ctx) => {
      const who = acting(ctx.session.user, args.reason);
      return learnerPage(ctx, await reissueCertificate(ctx.services.db, who, args.certificate_id, args.holder_name));
    },
  }),
);

builder.mutationField('adminSignOutEverywhere', (t) =>
  t.withAuth({ admin: true }).field({
    type: LearnerType,
    args: { user_id: t.arg.id(), reason: t.arg.string({ validate: reasonRule }) },
    resolve: async (_root, args, ctx) => {
      const who = acting(ctx.session.user, args.reason);
      return learnerPage(ctx, await signOutEverywhere(ctx.services.db, who, String(args.user_id)));
    },
  }),
);

builder.mutationField('adminCheckPayment', (t) =>
  t.withAuth({ admin: true }).field({
    type: LearnerType,
    description: "Asks the gateway now about the learner's waiting orders and records what it reports.",
    args: { user_id: t.arg.id(), reason: t.arg.string({ validate: reasonRule }) },
    resolve: async (_root, args, ctx) => {
      const who = acting(ctx.session.user, args.reason);
      const deps = billingDeps(ctx.services, ctx.request.log);
      return learnerPage(ctx, await checkPayments(deps, who, String(args.user_id)));
    },
  }),
);
