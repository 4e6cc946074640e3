import type {
  AdminLearnerFieldsFragment,
  AdminLearnerSummaryFieldsFragment,
  AdminSalesQuery,
  BusinessSettingsFieldsFragment,
  BusinessSettingsInput,
} from '../../gql/graphql';
import { gql, graphql, withFragments } from '../../lib/graphql';

// The console's API (server/src/modules/admin). Every field is refused unless the session
// user is an admin; amounts are in paise, times are ISO strings.

export type { BusinessSettingsInput };

export type AdminLearnerSummary = AdminLearnerSummaryFieldsFragment;
/** Everything the console shows about one learner; lists newest first. */
export type AdminLearner = AdminLearnerFieldsFragment;
export type AdminOrder = AdminLearner['orders'][number];
export type AdminPayment = AdminLearner['payments'][number];
export type AdminDuplicatePayment = AdminLearner['duplicate_payments'][number];
export type AdminModuleProgress = AdminLearner['progress'][number];
export type AdminCertificate = AdminLearner['certificates'][number];
/** `subject` is null until the message is rendered for sending. */
export type AdminEmail = AdminLearner['emails'][number];
export type AdminSession = AdminLearner['sessions'][number];
/** `details` is JSON text. */
export type AuditEntry = AdminLearner['audit'][number];
export type AdminSales = AdminSalesQuery['adminSales'];
export type AdminSalesDay = AdminSales['days'][number];
export type BusinessSettings = BusinessSettingsFieldsFragment;

const AdminLearnerSummaryFields = graphql(`
  fragment AdminLearnerSummaryFields on AdminLearnerSummary {
    id
    email
    full_name
    phone
    paid
    role
    deleted
    created_at
  }
`);

const AdminLearnerFields = withFragments(
  graphql(`
    fragment AdminLearnerFields on AdminLearner {
      summary {
        ...AdminLearnerSummaryFields
      }
      orders {
        order_id
        status
        amount
        currency
        gateway
        created_at
        updated_at
      }
      payments {
        payment_id
        order_id
        status
        amount
        currency
        method
        captured_at
        refunded_at
        receipt_number
      }
      duplicate_payments {
        payment_id
        order_id
        amount
        status
        refund_id
        captured_at
      }
      progress {
        module_id
        title
        completed_lessons
        total_lessons
        completed_at
      }
      certificates {
        certificate_id
        title
        holder_name
        completed_at
        revoked_at
        revoked_reason
      }
      emails {
        kind
        subject
        status
        attempts
        created_at
        sent_at
        last_error
      }
      sessions {
        created_at
        last_seen_at
        expires_at
      }
      audit {
        at
        actor_email
        action
        target
        reason
        details
      }
    }
  `),
  AdminLearnerSummaryFields,
);

const BusinessSettingsFields = graphql(`
  fragment BusinessSettingsFields on BusinessSettings {
    contact {
      legal_name
      address
      support_email
      support_phone
      grievance_officer {
        name
        contact
      }
      gstin
    }
    price
    reference_price {
      paise
      charged_since
      charged_until
    }
    offer_ends_at
    sample_lesson {
      module_id
      number
    }
  }
`);

const AdminFindLearners = withFragments(
  graphql(`
    query AdminFindLearners($query: String!) {
      adminFindLearners(query: $query) {
        ...AdminLearnerSummaryFields
      }
    }
  `),
  AdminLearnerSummaryFields,
);

/** Learners whose email, phone, order id, payment id or certificate id matches. */
export async function findLearners(query: string): Promise<AdminLearnerSummary[]> {
  return (await gql(AdminFindLearners, { query })).adminFindLearners;
}

const LearnerQuery = withFragments(
  graphql(`
    query AdminLearner($id: ID!) {
      adminLearner(id: $id) {
        ...AdminLearnerFields
      }
    }
  `),
  AdminLearnerFields,
);

export async function fetchLearner(id: string): Promise<AdminLearner | null> {
  return (await gql(LearnerQuery, { id })).adminLearner;
}

/**
 * The actions of the learner page. Each takes the thing acted on and a reason, and
 * answers with the learner as they now stand, the new audit entry included.
 */
export type LearnerAction =
  | { kind: 'grantAccess'; userId: string }
  | { kind: 'revokeAccess'; userId: string }
  | { kind: 'signOutEverywhere'; userId: string }
  | { kind: 'checkPayment'; userId: string }
  | { kind: 'refundPayment'; paymentId: string; amount: number }
  | { kind: 'resendReceipt'; paymentId: string; receiptNumber: string }
  | { kind: 'revokeCertificate'; certificateId: string; title: string }
  | { kind: 'reissueCertificate'; certificateId: string; title: string; holderName: string };

const AdminGrantAccess = withFragments(
  graphql(`
    mutation AdminGrantAccess($user_id: ID!, $reason: String!) {
      adminGrantAccess(user_id: $user_id, reason: $reason) {
        ...AdminLearnerFields
      }
    }
  `),
  AdminLearnerFields,
);
const AdminRevokeAccess = withFragments(
  graphql(`
    mutation AdminRevokeAccess($user_id: ID!, $reason: String!) {
      adminRevokeAccess(user_id: $user_id, reason: $reason) {
        ...AdminLearnerFields
      }
    }
  `),
  AdminLearnerFields,
);
const AdminSignOutEverywhere = withFragments(
  graphql(`
    mutation AdminSignOutEverywhere($user_id: ID!, $reason: String!) {
      adminSignOutEverywhere(user_id: $user_id, reason: $reason) {
        ...AdminLearnerFields
      }
    }
  `),
  AdminLearnerFields,
);
const AdminCheckPayment = withFragments(
  graphql(`
    mutation AdminCheckPayment($user_id: ID!, $reason: String!) {
      adminCheckPayment(user_id: $user_id, reason: $reason) {
        ...AdminLearnerFields
      }
    }
  `),
  AdminLearnerFields,
);
const AdminRefundPayment = withFragments(
  graphql(`
    mutation AdminRefundPayment($payment_id: String!, $reason: String!) {
      adminRefundPayment(payment_id: $payment_id, reason: $reason) {
        ...AdminLearnerFields
      }
    }
  `),
  AdminLearnerFields,
);
const AdminResendReceipt = withFragments(
  graphql(`
    mutation AdminResendReceipt($payment_id: String!, $reason: String!) {
      adminResendReceipt(payment_id: $payment_id, reason: $reason) {
        ...AdminLearnerFields
      }
    }
  `),
  AdminLearnerFields,
);
const AdminRevokeCertificate = withFragments(
  graphql(`
    mutation AdminRevokeCertificate($certificate_id: String!, $reason: String!) {
      adminRevokeCertificate(certificate_id: $certificate_id, reason: $reason) {
        ...AdminLearnerFields
      }
    }
  `),
  AdminLearnerFields,
);
const AdminReissueCertificate = withFragments(
  graphql(`
    mutation AdminReissueCertificate($certificate_id: String!, $holder_name: String!, $reason: String!) {
      adminReissueCertificate(certificate_id: $certificate_id, holder_name: $holder_name, reason: $reason) {
        ...AdminLearnerFields
      }
    }
  `),
  AdminLearnerFields,
);

/** Runs one action; `holderName` is the corrected name of a re-issued certificate. */
export async function runLearnerAction(action: LearnerAction, reason: string, holderName = ''): Promise<AdminLearner> {
  switch (action.kind) {
    case 'grantAccess':
      return (await gql(AdminGrantAccess, { user_id: action.userId, reason })).adminGrantAccess;
    case 'revokeAccess':
      return (await gql(AdminRevokeAccess, { user_id: action.userId, reason })).adminRevokeAccess;
    case 'signOutEverywhere':
      return (await gql(AdminSignOutEverywhere, { user_id: action.userId, reason })).adminSignOutEverywhere;
    case 'checkPayment':
      return (await gql(AdminCheckPayment, { user_id: action.userId, reason })).adminCheckPayment;
    case 'refundPayment':
      return (await gql(AdminRefundPayment, { payment_id: action.paymentId, reason })).adminRefundPayment;
    case 'resendReceipt':
      return (await gql(AdminResendReceipt, { payment_id: action.paymentId, reason })).adminResendReceipt;
    case 'revokeCertificate':
      return (await gql(AdminRevokeCertificate, { certificate_id: action.certificateId, reason }))
        .adminRevokeCertificate;
    case 'reissueCertificate':
      return (
        await gql(AdminReissueCertificate, {
          certificate_id: action.certificateId,
          holder_name: holderName,
          reason,
        })
      ).adminReissueCertificate;
  }
}

const SalesQuery = graphql(`
  query AdminSales($from: String!, $to: String!) {
    adminSales(from: $from, to: $to) {
      from
      to
      signups
      paid_learners
      revenue
      refunds
      conversion_percent
      days {
        date
        signups
        paid
        revenue
        refunds
      }
    }
  }
`);

/** Sign-ups, payments and refunds per day of the range; amounts in paise. */
export async function fetchSales(from: string, to: string): Promise<AdminSales> {
  return (await gql(SalesQuery, { from, to })).adminSales;
}

const AdminPaymentsCsv = graphql(`
  query AdminPaymentsCsv($from: String!, $to: String!) {
    adminPaymentsCsv(from: $from, to: $to)
  }
`);

/** The payments of the range as CSV text. */
export async function fetchPaymentsCsv(from: string, to: string): Promise<string> {
  return (await gql(AdminPaymentsCsv, { from, to })).adminPaymentsCsv;
}

const GetBusinessSettings = withFragments(
  graphql(`
    query GetBusinessSettings {
      businessSettings {
        ...BusinessSettingsFields
      }
    }
  `),
  BusinessSettingsFields,
);

export async function fetchBusinessSettings(): Promise<BusinessSettings> {
  return (await gql(GetBusinessSettings)).businessSettings;
}

const UpdateBusinessSettings = withFragments(
  graphql(`
    mutation UpdateBusinessSettings($input: BusinessSettingsInput!, $reason: String!) {
      updateBusinessSettings(input: $input, reason: $reason) {
        ...BusinessSettingsFields
      }
    }
  `),
  BusinessSettingsFields,
);

/** `input.sample_lesson` null offers no free sample lesson. */
export async function updateBusinessSettings(input: BusinessSettingsInput, reason: string): Promise<BusinessSettings> {
  return (await gql(UpdateBusinessSettings, { input, reason })).updateBusinessSettings;
}
