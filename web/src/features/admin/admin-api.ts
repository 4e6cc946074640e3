import { gql } from '../../lib/graphql';

// The console's API (server/src/modules/admin). Every field is refused unless the session
// user is an admin; amounts are in paise, times are ISO strings.

export interface AdminLearnerSummary {
  id: string;
  email: string;
  full_name: string;
  phone: string;
  paid: boolean;
  role: string;
  deleted: boolean;
  created_at: string;
}

export interface AdminOrder {
  order_id: string;
  status: string;
  amount: number;
  currency: string;
  gateway: string;
  created_at: string;
  updated_at: string;
}

export interface AdminPayment {
  payment_id: string;
  order_id: string;
  status: string;
  amount: number;
  currency: string;
  method: string | null;
  captured_at: string | null;
  refunded_at: string | null;
  receipt_number: string | null;
}

export interface AdminDuplicatePayment {
  payment_id: string;
  order_id: string;
  amount: number;
  status: string;
  refund_id: string | null;
  captured_at: string | null;
}

export interface AdminModuleProgress {
  module_id: string;
  title: string;
  completed_lessons: number;
  total_lessons: number;
  completed_at: string | null;
}

export interface AdminCertificate {
  certificate_id: string;
  title: string;
  holder_name: string;
  completed_at: string;
  revoked_at: string | null;
  revoked_reason: string | null;
}

export interface AdminEmail {
  kind: string;
  /** Null until the message is rendered for sending. */
  subject: string | null;
  status: string;
  attempts: number;
  created_at: string;
  sent_at: string | null;
  last_error: string | null;
}

export interface AdminSession {
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

export interface AuditEntry {
  at: string;
  actor_email: string;
  action: string;
  target: string | null;
  reason: string;
  /** JSON text. */
  details: string;
}

export interface AdminLearner {
  summary: AdminLearnerSummary;
  orders: AdminOrder[];
  payments: AdminPayment[];
  duplicate_payments: AdminDuplicatePayment[];
  progress: AdminModuleProgress[];
  certificates: AdminCertificate[];
  emails: AdminEmail[];
  sessions: AdminSession[];
  /** Newest first. */
  audit: AuditEntry[];
}

export interface AdminSalesDay {
  date: string;
  signups: number;
  paid: number;
  /** Paise. */
  revenue: number;
  /** Paise refunded that day. */
  refunds: number;
}

export interface AdminSales {
  from: string;
  to: string;
  signups: number;
  paid_learners: number;
  revenue: number;
  refunds: number;
  conversion_percent: number;
  days: AdminSalesDay[];
}

export interface BusinessSettings {
  contact: {
    legal_name: string;
    address: string;
    support_email: string;
    support_phone: string | null;
    grievance_officer: { name: string; contact: string } | null;
    gstin: string | null;
  };
  price: number;
  reference_price: { paise: number; charged_since: string | null; charged_until: string | null } | null;
  offer_ends_at: string | null;
  sample_lesson: { module_id: string; number: number } | null;
}

export interface BusinessSettingsInput {
  legal_name: string;
  address: string;
  support_email: string;
  support_phone: string | null;
  grievance_officer: { name: string; contact: string } | null;
  gstin: string | null;
  price: number;
  reference_price: { paise: number; charged_since: string | null; charged_until: string | null } | null;
  offer_ends_at: string | null;
  /** The free sample lesson anyone may read; null offers none. */
  sample_lesson: { module_id: string; number: number } | null;
}

const SUMMARY_FIELDS = 'id email full_name phone paid role deleted created_at';

const LEARNER_FIELDS = `
  summary { ${SUMMARY_FIELDS} }
  orders { order_id status amount currency gateway created_at updated_at }
  payments { payment_id order_id status amount currency method captured_at refunded_at receipt_number }
  duplicate_payments { payment_id order_id amount status refund_id captured_at }
  progress { module_id title completed_lessons total_lessons completed_at }
  certificates { certificate_id title holder_name completed_at revoked_at revoked_reason }
  emails { kind subject status attempts created_at sent_at last_error }
  sessions { created_at last_seen_at expires_at }
  audit { at actor_email action target reason details }`;

const SETTINGS_FIELDS = `
  contact { legal_name address support_email support_phone grievance_officer { name contact } gstin }
  price reference_price { paise charged_since charged_until } offer_ends_at sample_lesson { module_id number }`;

/** Learners whose email, phone, order id, payment id or certificate id matches. */
export async function findLearners(query: string): Promise<AdminLearnerSummary[]> {
  const data = await gql<{ adminFindLearners: AdminLearnerSummary[] }>(
    'AdminFindLearners',
    `query AdminFindLearners($query: String!) { adminFindLearners(query: $query) { ${SUMMARY_FIELDS} } }`,
    { query },
  );
  return data.adminFindLearners;
}

export async function fetchLearner(id: string): Promise<AdminLearner | null> {
  const data = await gql<{ adminLearner: AdminLearner | null }>(
    'AdminLearner',
    `query AdminLearner($id: ID!) { adminLearner(id: $id) { ${LEARNER_FIELDS} } }`,
    { id },
  );
  return data.adminLearner;
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

type Parameter = readonly [name: string, type: string];
const USER: Parameter = ['user_id', 'ID!'];
const PAYMENT: Parameter = ['payment_id', 'String!'];
const CERTIFICATE: Parameter = ['certificate_id', 'String!'];

const MUTATIONS: Record<LearnerAction['kind'], { field: string; parameters: Parameter[] }> = {
  grantAccess: { field: 'adminGrantAccess', parameters: [USER] },
  revokeAccess: { field: 'adminRevokeAccess', parameters: [USER] },
  signOutEverywhere: { field: 'adminSignOutEverywhere', parameters: [USER] },
  checkPayment: { field: 'adminCheckPayment', parameters: [USER] },
  refundPayment: { field: 'adminRefundPayment', parameters: [PAYMENT] },
  resendReceipt: { field: 'adminResendReceipt', parameters: [PAYMENT] },
  revokeCertificate: { field: 'adminRevokeCertificate', parameters: [CERTIFICATE] },
  reissueCertificate: { field: 'adminReissueCertificate', parameters: [CERTIFICATE, ['holder_name', 'String!']] },
};

function targetOf(action: LearnerAction): string {
  if ('userId' in action) return action.userId;
  if ('paymentId' in action) return action.paymentId;
  return action.certificateId;
}

/** Runs one action; `holderName` is the corrected name of a re-issued certificate. */
export async function runLearnerAction(action: LearnerAction, reason: string, holderName = ''): Promise<AdminLearner> {
  const { field, parameters } = MUTATIONS[action.kind];
  const [target, ...rest] = parameters;
  const variables: Record<string, string> = { [target![0]]: targetOf(action), reason };
  if (rest.length > 0) variables.holder_name = holderName;
  const all = [...parameters, ['reason', 'String!'] as const];
  // e.g. mutation AdminGrantAccess($user_id: ID!, $reason: String!) { adminGrantAccess(user_id: $user_id, reason: $reason) { … } }
  const operation = field.charAt(0).toUpperCase() + field.slice(1);
  const declared = all.map(([name, type]) => `$${name}: ${type}`).join(', ');
  const passed = all.map(([name]) => `${name}: $${name}`).join(', ');
  const data = await gql<Record<string, AdminLearner>>(
    operation,
    `mutation ${operation}(${declared}) { ${field}(${passed}) { ${LEARNER_FIELDS} } }`,
    variables,
  );
  return data[field]!;
}

export async function fetchSales(from: string, to: string): Promise<AdminSales> {
  const data = await gql<{ adminSales: AdminSales }>(
    'AdminSales',
    `query AdminSales($from: String!, $to: String!) { adminSales(from: $from, to: $to) {
      from to signups paid_learners revenue refunds conversion_percent days { date signups paid revenue refunds } } }`,
    { from, to },
  );
  return data.adminSales;
}

/** The payments of the range as CSV text. */
export async function fetchPaymentsCsv(from: string, to: string): Promise<string> {
  const data = await gql<{ adminPaymentsCsv: string }>(
    'AdminPaymentsCsv',
    'query AdminPaymentsCsv($from: String!, $to: String!) { adminPaymentsCsv(from: $from, to: $to) }',
    { from, to },
  );
  return data.adminPaymentsCsv;
}

export async function fetchBusinessSettings(): Promise<BusinessSettings> {
  const data = await gql<{ businessSettings: BusinessSettings }>(
    'GetBusinessSettings',
    `query GetBusinessSettings { businessSettings { ${SETTINGS_FIELDS} } }`,
  );
  return data.businessSettings;
}

export async function updateBusinessSettings(input: BusinessSettingsInput, reason: string): Promise<BusinessSettings> {
  const data = await gql<{ updateBusinessSettings: BusinessSettings }>(
    'UpdateBusinessSettings',
    `mutation UpdateBusinessSettings($input: BusinessSettingsInput!, $reason: String!) {
      updateBusinessSettings(input: $input, reason: $reason) { ${SETTINGS_FIELDS} } }`,
    { input, reason },
  );
  return data.updateBusinessSettings;
}
