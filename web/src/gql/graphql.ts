/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type BusinessSettingsInput = {
  address: string;
  grievance_officer?: GrievanceOfficerInput | null | undefined;
  gstin?: string | null | undefined;
  legal_name: string;
  /** ISO 8601 time, e.g. 2026-12-31T18:29:59Z. */
  offer_ends_at?: string | null | undefined;
  /** In paise. */
  price: number;
  reference_price?: ReferencePriceInput | null | undefined;
  /** The free sample lesson; null offers none; left out, it stays as it is. */
  sample_lesson?: SampleLessonInput | null | undefined;
  support_email: string;
  support_phone?: string | null | undefined;
};

export type GrievanceOfficerInput = {
  contact: string;
  name: string;
};

export type ReferencePriceInput = {
  charged_since?: string | null | undefined;
  charged_until?: string | null | undefined;
  paise: number;
};

export type SampleLessonInput = {
  module_id: string;
  number: number;
};

export type SignupInput = {
  confirm_password?: string | null | undefined;
  email: string;
  full_name?: string | null | undefined;
  password: string;
  phone?: string | null | undefined;
};

export type VerifyPaymentInput = {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
};

export type ConfirmEmailMutationVariables = Exact<{
  token: string;
}>;


export type ConfirmEmailMutation = { confirmEmail: boolean };

export type GetEvidenceShownQueryVariables = Exact<{ [key: string]: never; }>;


export type GetEvidenceShownQuery = { evidenceShown: boolean };

export type SetEvidenceShownMutationVariables = Exact<{
  show: boolean;
}>;


export type SetEvidenceShownMutation = { setEvidenceShown: boolean };

export type AdminLearnerSummaryFieldsFragment = { id: string, email: string, full_name: string, phone: string, paid: boolean, role: string, deleted: boolean, created_at: string };

export type AdminLearnerFieldsFragment = { summary: { id: string, email: string, full_name: string, phone: string, paid: boolean, role: string, deleted: boolean, created_at: string }, orders: Array<{ order_id: string, status: string, amount: number, currency: string, gateway: string, created_at: string, updated_at: string }>, payments: Array<{ payment_id: string, order_id: string, status: string, amount: number, currency: string, method: string | null, captured_at: string, refunded_at: string | null, receipt_number: string | null }>, duplicate_payments: Array<{ payment_id: string, order_id: string, amount: number, status: string, refund_id: string | null, captured_at: string }>, progress: Array<{ module_id: string, title: string, completed_lessons: number, total_lessons: number, completed_at: string | null }>, certificates: Array<{ certificate_id: string, title: string, holder_name: string, completed_at: string, revoked_at: string | null, revoked_reason: string | null }>, emails: Array<{ kind: string, subject: string | null, status: string, attempts: number, created_at: string, sent_at: string | null, last_error: string | null }>, sessions: Array<{ created_at: string, last_seen_at: string, expires_at: string }>, audit: Array<{ at: string, actor_email: string, action: string, target: string | null, reason: string, details: string }> };

export type BusinessSettingsFieldsFragment = { price: number, offer_ends_at: string | null, contact: { legal_name: string, address: string, support_email: string, support_phone: string | null, gstin: string | null, grievance_officer: { name: string, contact: string } | null }, reference_price: { paise: number, charged_since: string | null, charged_until: string | null } | null, sample_lesson: { module_id: string, number: number } | null };

export type AdminFindLearnersQueryVariables = Exact<{
  query: string;
}>;


export type AdminFindLearnersQuery = { adminFindLearners: Array<{ id: string, email: string, full_name: string, phone: string, paid: boolean, role: string, deleted: boolean, created_at: string }> };

export type AdminLearnerQueryVariables = Exact<{
  id: string | number;
}>;


export type AdminLearnerQuery = { adminLearner: { summary: { id: string, email: string, full_name: string, phone: string, paid: boolean, role: string, deleted: boolean, created_at: string }, orders: Array<{ order_id: string, status: string, amount: number, currency: string, gateway: string, created_at: string, updated_at: string }>, payments: Array<{ payment_id: string, order_id: string, status: string, amount: number, currency: string, method: string | null, captured_at: string, refunded_at: string | null, receipt_number: string | null }>, duplicate_payments: Array<{ payment_id: string, order_id: string, amount: number, status: string, refund_id: string | null, captured_at: string }>, progress: Array<{ module_id: string, title: string, completed_lessons: number, total_lessons: number, completed_at: string | null }>, certificates: Array<{ certificate_id: string, title: string, holder_name: string, completed_at: string, revoked_at: string | null, revoked_reason: string | null }>, emails: Array<{ kind: string, subject: string | null, status: string, attempts: number, created_at: string, sent_at: string | null, last_error: string | null }>, sessions: Array<{ created_at: string, last_seen_at: string, expires_at: string }>, audit: Array<{ at: string, actor_email: string, action: string, target: string | null, reason: string, details: string }> } | null };

export type AdminGrantAccessMutationVariables = Exact<{
  user_id: string | number;
  reason: string;
}>;


export type AdminGrantAccessMutation = { adminGrantAccess: { summary: { id: string, email: string, full_name: string, phone: string, paid: boolean, role: string, deleted: boolean, created_at: string }, orders: Array<{ order_id: string, status: string, amount: number, currency: string, gateway: string, created_at: string, updated_at: string }>, payments: Array<{ payment_id: string, order_id: string, status: string, amount: number, currency: string, method: string | null, captured_at: string, refunded_at: string | null, receipt_number: string | null }>, duplicate_payments: Array<{ payment_id: string, order_id: string, amount: number, status: string, refund_id: string | null, captured_at: string }>, progress: Array<{ module_id: string, title: string, completed_lessons: number, total_lessons: number, completed_at: string | null }>, certificates: Array<{ certificate_id: string, title: string, holder_name: string, completed_at: string, revoked_at: string | null, revoked_reason: string | null }>, emails: Array<{ kind: string, subject: string | null, status: string, attempts: number, created_at: string, sent_at: string | null, last_error: string | null }>, sessions: Array<{ created_at: string, last_seen_at: string, expires_at: string }>, audit: Array<{ at: string, actor_email: string, action: string, target: string | null, reason: string, details: string }> } };

export type AdminRevokeAccessMutationVariables = Exact<{
  user_id: string | number;
  reason: string;
}>;


export type AdminRevokeAccessMutation = { adminRevokeAccess: { summary: { id: string, email: string, full_name: string, phone: string, paid: boolean, role: string, deleted: boolean, created_at: string }, orders: Array<{ order_id: string, status: string, amount: number, currency: string, gateway: string, created_at: string, updated_at: string }>, payments: Array<{ payment_id: string, order_id: string, status: string, amount: number, currency: string, method: string | null, captured_at: string, refunded_at: string | null, receipt_number: string | null }>, duplicate_payments: Array<{ payment_id: string, order_id: string, amount: number, status: string, refund_id: string | null, captured_at: string }>, progress: Array<{ module_id: string, title: string, completed_lessons: number, total_lessons: number, completed_at: string | null }>, certificates: Array<{ certificate_id: string, title: string, holder_name: string, completed_at: string, revoked_at: string | null, revoked_reason: string | null }>, emails: Array<{ kind: string, subject: string | null, status: string, attempts: number, created_at: string, sent_at: string | null, last_error: string | null }>, sessions: Array<{ created_at: string, last_seen_at: string, expires_at: string }>, audit: Array<{ at: string, actor_email: string, action: string, target: string | null, reason: string, details: string }> } };

export type AdminSignOutEverywhereMutationVariables = Exact<{
  user_id: string | number;
  reason: string;
}>;


export type AdminSignOutEverywhereMutation = { adminSignOutEverywhere: { summary: { id: string, email: string, full_name: string, phone: string, paid: boolean, role: string, deleted: boolean, created_at: string }, orders: Array<{ order_id: string, status: string, amount: number, currency: string, gateway: string, created_at: string, updated_at: string }>, payments: Array<{ payment_id: string, order_id: string, status: string, amount: number, currency: string, method: string | null, captured_at: string, refunded_at: string | null, receipt_number: string | null }>, duplicate_payments: Array<{ payment_id: string, order_id: string, amount: number, status: string, refund_id: string | null, captured_at: string }>, progress: Array<{ module_id: string, title: string, completed_lessons: number, total_lessons: number, completed_at: string | null }>, certificates: Array<{ certificate_id: string, title: string, holder_name: string, completed_at: string, revoked_at: string | null, revoked_reason: string | null }>, emails: Array<{ kind: string, subject: string | null, status: string, attempts: number, created_at: string, sent_at: string | null, last_error: string | null }>, sessions: Array<{ created_at: string, last_seen_at: string, expires_at: string }>, audit: Array<{ at: string, actor_email: string, action: string, target: string | null, reason: string, details: string }> } };

export type AdminCheckPaymentMutationVariables = Exact<{
  user_id: string | number;
  reason: string;
}>;


export type AdminCheckPaymentMutation = { adminCheckPayment: { summary: { id: string, email: string, full_name: string, phone: string, paid: boolean, role: string, deleted: boolean, created_at: string }, orders: Array<{ order_id: string, status: string, amount: number, currency: string, gateway: string, created_at: string, updated_at: string }>, payments: Array<{ payment_id: string, order_id: string, status: string, amount: number, currency: string, method: string | null, captured_at: string, refunded_at: string | null, receipt_number: string | null }>, duplicate_payments: Array<{ payment_id: string, order_id: string, amount: number, status: string, refund_id: string | null, captured_at: string }>, progress: Array<{ module_id: string, title: string, completed_lessons: number, total_lessons: number, completed_at: string | null }>, certificates: Array<{ certificate_id: string, title: string, holder_name: string, completed_at: string, revoked_at: string | null, revoked_reason: string | null }>, emails: Array<{ kind: string, subject: string | null, status: string, attempts: number, created_at: string, sent_at: string | null, last_error: string | null }>, sessions: Array<{ created_at: string, last_seen_at: string, expires_at: string }>, audit: Array<{ at: string, actor_email: string, action: string, target: string | null, reason: string, details: string }> } };

export type AdminRefundPaymentMutationVariables = Exact<{
  payment_id: string;
  reason: string;
}>;


export type AdminRefundPaymentMutation = { adminRefundPayment: { summary: { id: string, email: string, full_name: string, phone: string, paid: boolean, role: string, deleted: boolean, created_at: string }, orders: Array<{ order_id: string, status: string, amount: number, currency: string, gateway: string, created_at: string, updated_at: string }>, payments: Array<{ payment_id: string, order_id: string, status: string, amount: number, currency: string, method: string | null, captured_at: string, refunded_at: string | null, receipt_number: string | null }>, duplicate_payments: Array<{ payment_id: string, order_id: string, amount: number, status: string, refund_id: string | null, captured_at: string }>, progress: Array<{ module_id: string, title: string, completed_lessons: number, total_lessons: number, completed_at: string | null }>, certificates: Array<{ certificate_id: string, title: string, holder_name: string, completed_at: string, revoked_at: string | null, revoked_reason: string | null }>, emails: Array<{ kind: string, subject: string | null, status: string, attempts: number, created_at: string, sent_at: string | null, last_error: string | null }>, sessions: Array<{ created_at: string, last_seen_at: string, expires_at: string }>, audit: Array<{ at: string, actor_email: string, action: string, target: string | null, reason: string, details: string }> } };

export type AdminResendReceiptMutationVariables = Exact<{
  payment_id: string;
  reason: string;
}>;


export type AdminResendReceiptMutation = { adminResendReceipt: { summary: { id: string, email: string, full_name: string, phone: string, paid: boolean, role: string, deleted: boolean, created_at: string }, orders: Array<{ order_id: string, status: string, amount: number, currency: string, gateway: string, created_at: string, updated_at: string }>, payments: Array<{ payment_id: string, order_id: string, status: string, amount: number, currency: string, method: string | null, captured_at: string, refunded_at: string | null, receipt_number: string | null }>, duplicate_payments: Array<{ payment_id: string, order_id: string, amount: number, status: string, refund_id: string | null, captured_at: string }>, progress: Array<{ module_id: string, title: string, completed_lessons: number, total_lessons: number, completed_at: string | null }>, certificates: Array<{ certificate_id: string, title: string, holder_name: string, completed_at: string, revoked_at: string | null, revoked_reason: string | null }>, emails: Array<{ kind: string, subject: string | null, status: string, attempts: number, created_at: string, sent_at: string | null, last_error: string | null }>, sessions: Array<{ created_at: string, last_seen_at: string, expires_at: string }>, audit: Array<{ at: string, actor_email: string, action: string, target: string | null, reason: string, details: string }> } };

export type AdminRevokeCertificateMutationVariables = Exact<{
  certificate_id: string;
  reason: string;
}>;


export type AdminRevokeCertificateMutation = { adminRevokeCertificate: { summary: { id: string, email: string, full_name: string, phone: string, paid: boolean, role: string, deleted: boolean, created_at: string }, orders: Array<{ order_id: string, status: string, amount: number, currency: string, gateway: string, created_at: string, updated_at: string }>, payments: Array<{ payment_id: string, order_id: string, status: string, amount: number, currency: string, method: string | null, captured_at: string, refunded_at: string | null, receipt_number: string | null }>, duplicate_payments: Array<{ payment_id: string, order_id: string, amount: number, status: string, refund_id: string | null, captured_at: string }>, progress: Array<{ module_id: string, title: string, completed_lessons: number, total_lessons: number, completed_at: string | null }>, certificates: Array<{ certificate_id: string, title: string, holder_name: string, completed_at: string, revoked_at: string | null, revoked_reason: string | null }>, emails: Array<{ kind: string, subject: string | null, status: string, attempts: number, created_at: string, sent_at: string | null, last_error: string | null }>, sessions: Array<{ created_at: string, last_seen_at: string, expires_at: string }>, audit: Array<{ at: string, actor_email: string, action: string, target: string | null, reason: string, details: string }> } };

export type AdminReissueCertificateMutationVariables = Exact<{
  certificate_id: string;
  holder_name: string;
  reason: string;
}>;


export type AdminReissueCertificateMutation = { adminReissueCertificate: { summary: { id: string, email: string, full_name: string, phone: string, paid: boolean, role: string, deleted: boolean, created_at: string }, orders: Array<{ order_id: string, status: string, amount: number, currency: string, gateway: string, created_at: string, updated_at: string }>, payments: Array<{ payment_id: string, order_id: string, status: string, amount: number, currency: string, method: string | null, captured_at: string, refunded_at: string | null, receipt_number: string | null }>, duplicate_payments: Array<{ payment_id: string, order_id: string, amount: number, status: string, refund_id: string | null, captured_at: string }>, progress: Array<{ module_id: string, title: string, completed_lessons: number, total_lessons: number, completed_at: string | null }>, certificates: Array<{ certificate_id: string, title: string, holder_name: string, completed_at: string, revoked_at: string | null, revoked_reason: string | null }>, emails: Array<{ kind: string, subject: string | null, status: string, attempts: number, created_at: string, sent_at: string | null, last_error: string | null }>, sessions: Array<{ created_at: string, last_seen_at: string, expires_at: string }>, audit: Array<{ at: string, actor_email: string, action: string, target: string | null, reason: string, details: string }> } };

export type AdminSalesQueryVariables = Exact<{
  from: string;
  to: string;
}>;


export type AdminSalesQuery = { adminSales: { from: string, to: string, signups: number, paid_learners: number, revenue: number, refunds: number, conversion_percent: number, days: Array<{ date: string, signups: number, paid: number, revenue: number, refunds: number }> } };

export type AdminPaymentsCsvQueryVariables = Exact<{
  from: string;
  to: string;
}>;


export type AdminPaymentsCsvQuery = { adminPaymentsCsv: string };

export type GetBusinessSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetBusinessSettingsQuery = { businessSettings: { price: number, offer_ends_at: string | null, contact: { legal_name: string, address: string, support_email: string, support_phone: string | null, gstin: string | null, grievance_officer: { name: string, contact: string } | null }, reference_price: { paise: number, charged_since: string | null, charged_until: string | null } | null, sample_lesson: { module_id: string, number: number } | null } };

export type UpdateBusinessSettingsMutationVariables = Exact<{
  input: BusinessSettingsInput;
  reason: string;
}>;


export type UpdateBusinessSettingsMutation = { updateBusinessSettings: { price: number, offer_ends_at: string | null, contact: { legal_name: string, address: string, support_email: string, support_phone: string | null, gstin: string | null, grievance_officer: { name: string, contact: string } | null }, reference_price: { paise: number, charged_since: string | null, charged_until: string | null } | null, sample_lesson: { module_id: string, number: number } | null } };

export type CreatePaymentOrderMutationVariables = Exact<{ [key: string]: never; }>;


export type CreatePaymentOrderMutation = { createPaymentOrder: { mode: string, key_id: string, order_id: string, amount: number, currency: string, name: string, description: string, prefill: { name: string, email: string, contact: string }, notes: { user_id: string, course: string, phone: string } } };

export type VerifyPaymentMutationVariables = Exact<{
  input: VerifyPaymentInput;
}>;


export type VerifyPaymentMutation = { verifyPayment: { status: string, user: { user_id: string, full_name: string, phone: string, payment_status: boolean, subscribed: boolean, is_admin: boolean, state_code: string | null } } };

export type GetUserPaymentStatusQueryVariables = Exact<{ [key: string]: never; }>;


export type GetUserPaymentStatusQuery = { paymentStatus: { user_id: string, full_name: string, phone: string, payment_status: boolean, subscribed: boolean, is_admin: boolean, state_code: string | null } };

export type ReceiptFieldsFragment = { number: string, paid_at: string, amount: number, currency: string, payment_id: string, method: string | null, refunded_at: string | null, item: string, tax_line: string, refunds: Array<{ amount: number, refunded_at: string, credit_note: string | null }>, tax_invoice: { gstin: string, place_of_supply: string, place_from_learner: boolean, sac: string, rate_percent: number, taxable: number, cgst: number, sgst: number, igst: number } | null, seller: { legal_name: string, address: string, support_email: string, support_phone: string | null, gstin: string | null }, buyer: { name: string, email: string, phone: string } };

export type GetAccountQueryVariables = Exact<{ [key: string]: never; }>;


export type GetAccountQuery = { account: { created_at: string, email_confirmed: boolean, user: { user_id: string, full_name: string, phone: string, payment_status: boolean }, receipts: Array<{ number: string, paid_at: string, amount: number, currency: string, refunded_at: string | null }>, sessions: Array<{ created_at: string, last_seen_at: string, current: boolean }> } };

export type GetReceiptQueryVariables = Exact<{
  number: string;
}>;


export type GetReceiptQuery = { receipt: { number: string, paid_at: string, amount: number, currency: string, payment_id: string, method: string | null, refunded_at: string | null, item: string, tax_line: string, refunds: Array<{ amount: number, refunded_at: string, credit_note: string | null }>, tax_invoice: { gstin: string, place_of_supply: string, place_from_learner: boolean, sac: string, rate_percent: number, taxable: number, cgst: number, sgst: number, igst: number } | null, seller: { legal_name: string, address: string, support_email: string, support_phone: string | null, gstin: string | null }, buyer: { name: string, email: string, phone: string } } | null };

export type GetMyDataQueryVariables = Exact<{ [key: string]: never; }>;


export type GetMyDataQuery = { myData: string };

export type RequestPasswordResetMutationVariables = Exact<{
  email: string;
}>;


export type RequestPasswordResetMutation = { requestPasswordReset: boolean };

export type ResetPasswordMutationVariables = Exact<{
  token: string;
  password: string;
  confirm: string;
}>;


export type ResetPasswordMutation = { resetPassword: { user_id: string, full_name: string, phone: string, payment_status: boolean, subscribed: boolean, is_admin: boolean, state_code: string | null } };

export type UpdateProfileMutationVariables = Exact<{
  name: string;
  phone: string;
  state?: string | null | undefined;
}>;


export type UpdateProfileMutation = { updateProfile: { user_id: string, full_name: string, phone: string, payment_status: boolean, subscribed: boolean, is_admin: boolean, state_code: string | null } };

export type ChangePasswordMutationVariables = Exact<{
  current: string;
  password: string;
  confirm: string;
}>;


export type ChangePasswordMutation = { changePassword: boolean };

export type LogoutOtherSessionsMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutOtherSessionsMutation = { logoutOtherSessions: number };

export type DeleteAccountMutationVariables = Exact<{
  password: string;
  confirmation: string;
}>;


export type DeleteAccountMutation = { deleteAccount: boolean };

export type ResendEmailConfirmationMutationVariables = Exact<{ [key: string]: never; }>;


export type ResendEmailConfirmationMutation = { resendEmailConfirmation: boolean };

export type GetAppConfigQueryVariables = Exact<{ [key: string]: never; }>;


export type GetAppConfigQuery = { appConfig: { payments_mode: string, tracking: { ads_id: string | null, signup_label: string | null, purchase_label: string | null, ga4_id: string | null } | null } };

export type GetCertificatesQueryVariables = Exact<{ [key: string]: never; }>;


export type GetCertificatesQuery = { certificates: Array<{ certificate_id: string, module_id: string | null, title: string, holder_name: string, completed_at: string, verify_url: string, image_url: string, file_name: string, credential_url: string, credential_eddsa_url: string, study_hours: number, issuer_name: string, linkedin_url: string, knowledge_checks: { total: number, answered: number, first_time_right: number } | null, labs_solved: { solved: number, total: number } | null }> };

export type VerifyCertificateQueryVariables = Exact<{
  id: string;
}>;


export type VerifyCertificateQuery = { verifyCertificate: { certificate_id: string, holder_name: string, title: string, kind: string, completed_at: string, revoked_at: string | null, study_hours: number, issuer_name: string, issuer_url: string, credential_check: { signature_valid: boolean, key_id: string | null, status: string } | null, knowledge_checks: { total: number, answered: number, first_time_right: number } | null, labs_solved: { solved: number, total: number } | null } | null };

export type CheckScoreFieldsFragment = { total: number, answered: number, first_time_right: number };

export type AttemptFieldsFragment = { question_id: string, first_correct: boolean, last_correct: boolean, attempts: number, last_choices: Array<number>, last_text: string | null, answer_shown: boolean, correct_choices: Array<number>, correct_answer: string | null, explanation_html: string };

export type ModuleProgressFieldsFragment = { module_id: string, completed_lessons: Array<number>, completed: boolean, completed_at: string | null, checks: { total: number, answered: number, first_time_right: number } };

export type GetLessonQuestionsQueryVariables = Exact<{
  module: string;
  number: number;
}>;


export type GetLessonQuestionsQuery = { lesson: { questions: Array<{ id: string, kind: string, prompt_html: string, options: Array<{ index: number, html: string }>, attempt: { question_id: string, first_correct: boolean, last_correct: boolean, attempts: number, last_choices: Array<number>, last_text: string | null, answer_shown: boolean, correct_choices: Array<number>, correct_answer: string | null, explanation_html: string } | null }> } };

export type UpdateUserProgressMutationVariables = Exact<{
  module: string;
  number: number;
}>;


export type UpdateUserProgressMutation = { markLessonComplete: { module_id: string, completed_lessons: Array<number>, completed: boolean, completed_at: string | null, checks: { total: number, answered: number, first_time_right: number } } };

export type AnswerQuestionMutationVariables = Exact<{
  module: string;
  number: number;
  question: string;
  choices?: Array<number> | number | null | undefined;
  text?: string | null | undefined;
}>;


export type AnswerQuestionMutation = { answerQuestion: { question_id: string, first_correct: boolean, last_correct: boolean, attempts: number, last_choices: Array<number>, last_text: string | null, answer_shown: boolean, correct_choices: Array<number>, correct_answer: string | null, explanation_html: string } };

export type ShowAnswerMutationVariables = Exact<{
  module: string;
  number: number;
  question: string;
}>;


export type ShowAnswerMutation = { showAnswer: { question_id: string, first_correct: boolean, last_correct: boolean, attempts: number, last_choices: Array<number>, last_text: string | null, answer_shown: boolean, correct_choices: Array<number>, correct_answer: string | null, explanation_html: string } };

export type LabFieldsFragment = { id: string, module_id: string, lesson_number: number, title: string, difficulty: string, objective: string, solved: boolean, solved_at: string | null, solved_with_writeup: boolean, hint_count: number, hints: Array<string>, writeup_html: string | null };

export type GetLabsQueryVariables = Exact<{ [key: string]: never; }>;


export type GetLabsQuery = { labs: Array<{ id: string, module_id: string, lesson_number: number, title: string, difficulty: string, objective: string, solved: boolean, solved_at: string | null, solved_with_writeup: boolean, hint_count: number, hints: Array<string>, writeup_html: string | null }> };

export type StartLabMutationVariables = Exact<{
  lab: string;
}>;


export type StartLabMutation = { startLab: { url: string, expires_at: string } };

export type SubmitLabFlagMutationVariables = Exact<{
  lab: string;
  flag: string;
}>;


export type SubmitLabFlagMutation = { submitLabFlag: { solved: boolean, solved_at: string | null } };

export type RevealLabHintMutationVariables = Exact<{
  lab: string;
}>;


export type RevealLabHintMutation = { revealLabHint: { id: string, module_id: string, lesson_number: number, title: string, difficulty: string, objective: string, solved: boolean, solved_at: string | null, solved_with_writeup: boolean, hint_count: number, hints: Array<string>, writeup_html: string | null } };

export type OpenLabWriteupMutationVariables = Exact<{
  lab: string;
}>;


export type OpenLabWriteupMutation = { openLabWriteup: { id: string, module_id: string, lesson_number: number, title: string, difficulty: string, objective: string, solved: boolean, solved_at: string | null, solved_with_writeup: boolean, hint_count: number, hints: Array<string>, writeup_html: string | null } };

export type GetLegalPageQueryVariables = Exact<{
  slug: string;
}>;


export type GetLegalPageQuery = { legalPage: { slug: string, title: string, html: string } | null };

export type GetPricingQueryVariables = Exact<{ [key: string]: never; }>;


export type GetPricingQuery = { pricing: { price: number, reference_price: number | null, discount_percent: number | null, reference_charged_since: string | null, reference_charged_until: string | null, offer_ends_at: string | null, gst_registered: boolean } };

export type GetSampleLessonQueryVariables = Exact<{ [key: string]: never; }>;


export type GetSampleLessonQuery = { sampleLesson: { module_id: string, module_title: string, number: number, title: string, summary: string, path: string } | null };

export type UserFieldsFragment = { user_id: string, full_name: string, phone: string, payment_status: boolean, subscribed: boolean, is_admin: boolean, state_code: string | null };

export type LoginUserMutationVariables = Exact<{
  email: string;
  password: string;
}>;


export type LoginUserMutation = { loginUser: { user_id: string, full_name: string, phone: string, payment_status: boolean, subscribed: boolean, is_admin: boolean, state_code: string | null } };

export type SignupUserMutationVariables = Exact<{
  input: SignupInput;
}>;


export type SignupUserMutation = { signupUser: { user_id: string, full_name: string, phone: string, payment_status: boolean, subscribed: boolean, is_admin: boolean, state_code: string | null } };

export type LogoutUserMutationVariables = Exact<{ [key: string]: never; }>;


export type LogoutUserMutation = { logoutUser: boolean };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const AdminLearnerSummaryFieldsFragmentDoc = new TypedDocumentString(`
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
    `, {"fragmentName":"AdminLearnerSummaryFields"}) as unknown as TypedDocumentString<AdminLearnerSummaryFieldsFragment, unknown>;
export const AdminLearnerFieldsFragmentDoc = new TypedDocumentString(`
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
    fragment AdminLearnerSummaryFields on AdminLearnerSummary {
  id
  email
  full_name
  phone
  paid
  role
  deleted
  created_at
}`, {"fragmentName":"AdminLearnerFields"}) as unknown as TypedDocumentString<AdminLearnerFieldsFragment, unknown>;
export const BusinessSettingsFieldsFragmentDoc = new TypedDocumentString(`
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
    `, {"fragmentName":"BusinessSettingsFields"}) as unknown as TypedDocumentString<BusinessSettingsFieldsFragment, unknown>;
export const ReceiptFieldsFragmentDoc = new TypedDocumentString(`
    fragment ReceiptFields on Receipt {
  number
  paid_at
  amount
  currency
  payment_id
  method
  refunded_at
  refunds {
    amount
    refunded_at
    credit_note
  }
  item
  tax_line
  tax_invoice {
    gstin
    place_of_supply
    place_from_learner
    sac
    rate_percent
    taxable
    cgst
    sgst
    igst
  }
  seller {
    legal_name
    address
    support_email
    support_phone
    gstin
  }
  buyer {
    name
    email
    phone
  }
}
    `, {"fragmentName":"ReceiptFields"}) as unknown as TypedDocumentString<ReceiptFieldsFragment, unknown>;
export const AttemptFieldsFragmentDoc = new TypedDocumentString(`
    fragment AttemptFields on QuestionAttempt {
  question_id
  first_correct
  last_correct
  attempts
  last_choices
  last_text
  answer_shown
  correct_choices
  correct_answer
  explanation_html
}
    `, {"fragmentName":"AttemptFields"}) as unknown as TypedDocumentString<AttemptFieldsFragment, unknown>;
export const CheckScoreFieldsFragmentDoc = new TypedDocumentString(`
    fragment CheckScoreFields on CheckScore {
  total
  answered
  first_time_right
}
    `, {"fragmentName":"CheckScoreFields"}) as unknown as TypedDocumentString<CheckScoreFieldsFragment, unknown>;
export const ModuleProgressFieldsFragmentDoc = new TypedDocumentString(`
    fragment ModuleProgressFields on ModuleProgress {
  module_id
  completed_lessons
  completed
  completed_at
  checks {
    ...CheckScoreFields
  }
}
    fragment CheckScoreFields on CheckScore {
  total
  answered
  first_time_right
}`, {"fragmentName":"ModuleProgressFields"}) as unknown as TypedDocumentString<ModuleProgressFieldsFragment, unknown>;
export const LabFieldsFragmentDoc = new TypedDocumentString(`
    fragment LabFields on Lab {
  id
  module_id
  lesson_number
  title
  difficulty
  objective
  solved
  solved_at
  solved_with_writeup
  hint_count
  hints
  writeup_html
}
    `, {"fragmentName":"LabFields"}) as unknown as TypedDocumentString<LabFieldsFragment, unknown>;
export const UserFieldsFragmentDoc = new TypedDocumentString(`
    fragment UserFields on User {
  user_id
  full_name
  phone
  payment_status
  subscribed
  is_admin
  state_code
}
    `, {"fragmentName":"UserFields"}) as unknown as TypedDocumentString<UserFieldsFragment, unknown>;
export const ConfirmEmailDocument = new TypedDocumentString(`
    mutation ConfirmEmail($token: String!) {
  confirmEmail(token: $token)
}
    `) as unknown as TypedDocumentString<ConfirmEmailMutation, ConfirmEmailMutationVariables>;
export const GetEvidenceShownDocument = new TypedDocumentString(`
    query GetEvidenceShown {
  evidenceShown
}
    `) as unknown as TypedDocumentString<GetEvidenceShownQuery, GetEvidenceShownQueryVariables>;
export const SetEvidenceShownDocument = new TypedDocumentString(`
    mutation SetEvidenceShown($show: Boolean!) {
  setEvidenceShown(show: $show)
}
    `) as unknown as TypedDocumentString<SetEvidenceShownMutation, SetEvidenceShownMutationVariables>;
export const AdminFindLearnersDocument = new TypedDocumentString(`
    query AdminFindLearners($query: String!) {
  adminFindLearners(query: $query) {
    ...AdminLearnerSummaryFields
  }
}
    fragment AdminLearnerSummaryFields on AdminLearnerSummary {
  id
  email
  full_name
  phone
  paid
  role
  deleted
  created_at
}`) as unknown as TypedDocumentString<AdminFindLearnersQuery, AdminFindLearnersQueryVariables>;
export const AdminLearnerDocument = new TypedDocumentString(`
    query AdminLearner($id: ID!) {
  adminLearner(id: $id) {
    ...AdminLearnerFields
  }
}
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
}`) as unknown as TypedDocumentString<AdminLearnerQuery, AdminLearnerQueryVariables>;
export const AdminGrantAccessDocument = new TypedDocumentString(`
    mutation AdminGrantAccess($user_id: ID!, $reason: String!) {
  adminGrantAccess(user_id: $user_id, reason: $reason) {
    ...AdminLearnerFields
  }
}
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
}`) as unknown as TypedDocumentString<AdminGrantAccessMutation, AdminGrantAccessMutationVariables>;
export const AdminRevokeAccessDocument = new TypedDocumentString(`
    mutation AdminRevokeAccess($user_id: ID!, $reason: String!) {
  adminRevokeAccess(user_id: $user_id, reason: $reason) {
    ...AdminLearnerFields
  }
}
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
}`) as unknown as TypedDocumentString<AdminRevokeAccessMutation, AdminRevokeAccessMutationVariables>;
export const AdminSignOutEverywhereDocument = new TypedDocumentString(`
    mutation AdminSignOutEverywhere($user_id: ID!, $reason: String!) {
  adminSignOutEverywhere(user_id: $user_id, reason: $reason) {
    ...AdminLearnerFields
  }
}
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
}`) as unknown as TypedDocumentString<AdminSignOutEverywhereMutation, AdminSignOutEverywhereMutationVariables>;
export const AdminCheckPaymentDocument = new TypedDocumentString(`
    mutation AdminCheckPayment($user_id: ID!, $reason: String!) {
  adminCheckPayment(user_id: $user_id, reason: $reason) {
    ...AdminLearnerFields
  }
}
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
}`) as unknown as TypedDocumentString<AdminCheckPaymentMutation, AdminCheckPaymentMutationVariables>;
export const AdminRefundPaymentDocument = new TypedDocumentString(`
    mutation AdminRefundPayment($payment_id: String!, $reason: String!) {
  adminRefundPayment(payment_id: $payment_id, reason: $reason) {
    ...AdminLearnerFields
  }
}
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
}`) as unknown as TypedDocumentString<AdminRefundPaymentMutation, AdminRefundPaymentMutationVariables>;
export const AdminResendReceiptDocument = new TypedDocumentString(`
    mutation AdminResendReceipt($payment_id: String!, $reason: String!) {
  adminResendReceipt(payment_id: $payment_id, reason: $reason) {
    ...AdminLearnerFields
  }
}
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
}`) as unknown as TypedDocumentString<AdminResendReceiptMutation, AdminResendReceiptMutationVariables>;
export const AdminRevokeCertificateDocument = new TypedDocumentString(`
    mutation AdminRevokeCertificate($certificate_id: String!, $reason: String!) {
  adminRevokeCertificate(certificate_id: $certificate_id, reason: $reason) {
    ...AdminLearnerFields
  }
}
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
}`) as unknown as TypedDocumentString<AdminRevokeCertificateMutation, AdminRevokeCertificateMutationVariables>;
export const AdminReissueCertificateDocument = new TypedDocumentString(`
    mutation AdminReissueCertificate($certificate_id: String!, $holder_name: String!, $reason: String!) {
  adminReissueCertificate(
    certificate_id: $certificate_id
    holder_name: $holder_name
    reason: $reason
  ) {
    ...AdminLearnerFields
  }
}
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
}`) as unknown as TypedDocumentString<AdminReissueCertificateMutation, AdminReissueCertificateMutationVariables>;
export const AdminSalesDocument = new TypedDocumentString(`
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
    `) as unknown as TypedDocumentString<AdminSalesQuery, AdminSalesQueryVariables>;
export const AdminPaymentsCsvDocument = new TypedDocumentString(`
    query AdminPaymentsCsv($from: String!, $to: String!) {
  adminPaymentsCsv(from: $from, to: $to)
}
    `) as unknown as TypedDocumentString<AdminPaymentsCsvQuery, AdminPaymentsCsvQueryVariables>;
export const GetBusinessSettingsDocument = new TypedDocumentString(`
    query GetBusinessSettings {
  businessSettings {
    ...BusinessSettingsFields
  }
}
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
}`) as unknown as TypedDocumentString<GetBusinessSettingsQuery, GetBusinessSettingsQueryVariables>;
export const UpdateBusinessSettingsDocument = new TypedDocumentString(`
    mutation UpdateBusinessSettings($input: BusinessSettingsInput!, $reason: String!) {
  updateBusinessSettings(input: $input, reason: $reason) {
    ...BusinessSettingsFields
  }
}
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
}`) as unknown as TypedDocumentString<UpdateBusinessSettingsMutation, UpdateBusinessSettingsMutationVariables>;
export const CreatePaymentOrderDocument = new TypedDocumentString(`
    mutation CreatePaymentOrder {
  createPaymentOrder {
    mode
    key_id
    order_id
    amount
    currency
    name
    description
    prefill {
      name
      email
      contact
    }
    notes {
      user_id
      course
      phone
    }
  }
}
    `) as unknown as TypedDocumentString<CreatePaymentOrderMutation, CreatePaymentOrderMutationVariables>;
export const VerifyPaymentDocument = new TypedDocumentString(`
    mutation VerifyPayment($input: VerifyPaymentInput!) {
  verifyPayment(input: $input) {
    status
    user {
      ...UserFields
    }
  }
}
    fragment UserFields on User {
  user_id
  full_name
  phone
  payment_status
  subscribed
  is_admin
  state_code
}`) as unknown as TypedDocumentString<VerifyPaymentMutation, VerifyPaymentMutationVariables>;
export const GetUserPaymentStatusDocument = new TypedDocumentString(`
    query GetUserPaymentStatus {
  paymentStatus {
    ...UserFields
  }
}
    fragment UserFields on User {
  user_id
  full_name
  phone
  payment_status
  subscribed
  is_admin
  state_code
}`) as unknown as TypedDocumentString<GetUserPaymentStatusQuery, GetUserPaymentStatusQueryVariables>;
export const GetAccountDocument = new TypedDocumentString(`
    query GetAccount {
  account {
    user {
      user_id
      full_name
      phone
      payment_status
    }
    created_at
    email_confirmed
    receipts {
      number
      paid_at
      amount
      currency
      refunded_at
    }
    sessions {
      created_at
      last_seen_at
      current
    }
  }
}
    `) as unknown as TypedDocumentString<GetAccountQuery, GetAccountQueryVariables>;
export const GetReceiptDocument = new TypedDocumentString(`
    query GetReceipt($number: String!) {
  receipt(number: $number) {
    ...ReceiptFields
  }
}
    fragment ReceiptFields on Receipt {
  number
  paid_at
  amount
  currency
  payment_id
  method
  refunded_at
  refunds {
    amount
    refunded_at
    credit_note
  }
  item
  tax_line
  tax_invoice {
    gstin
    place_of_supply
    place_from_learner
    sac
    rate_percent
    taxable
    cgst
    sgst
    igst
  }
  seller {
    legal_name
    address
    support_email
    support_phone
    gstin
  }
  buyer {
    name
    email
    phone
  }
}`) as unknown as TypedDocumentString<GetReceiptQuery, GetReceiptQueryVariables>;
export const GetMyDataDocument = new TypedDocumentString(`
    query GetMyData {
  myData
}
    `) as unknown as TypedDocumentString<GetMyDataQuery, GetMyDataQueryVariables>;
export const RequestPasswordResetDocument = new TypedDocumentString(`
    mutation RequestPasswordReset($email: String!) {
  requestPasswordReset(email: $email)
}
    `) as unknown as TypedDocumentString<RequestPasswordResetMutation, RequestPasswordResetMutationVariables>;
export const ResetPasswordDocument = new TypedDocumentString(`
    mutation ResetPassword($token: String!, $password: String!, $confirm: String!) {
  resetPassword(token: $token, password: $password, confirm_password: $confirm) {
    ...UserFields
  }
}
    fragment UserFields on User {
  user_id
  full_name
  phone
  payment_status
  subscribed
  is_admin
  state_code
}`) as unknown as TypedDocumentString<ResetPasswordMutation, ResetPasswordMutationVariables>;
export const UpdateProfileDocument = new TypedDocumentString(`
    mutation UpdateProfile($name: String!, $phone: String!, $state: String) {
  updateProfile(full_name: $name, phone: $phone, state_code: $state) {
    ...UserFields
  }
}
    fragment UserFields on User {
  user_id
  full_name
  phone
  payment_status
  subscribed
  is_admin
  state_code
}`) as unknown as TypedDocumentString<UpdateProfileMutation, UpdateProfileMutationVariables>;
export const ChangePasswordDocument = new TypedDocumentString(`
    mutation ChangePassword($current: String!, $password: String!, $confirm: String!) {
  changePassword(
    current_password: $current
    password: $password
    confirm_password: $confirm
  )
}
    `) as unknown as TypedDocumentString<ChangePasswordMutation, ChangePasswordMutationVariables>;
export const LogoutOtherSessionsDocument = new TypedDocumentString(`
    mutation LogoutOtherSessions {
  logoutOtherSessions
}
    `) as unknown as TypedDocumentString<LogoutOtherSessionsMutation, LogoutOtherSessionsMutationVariables>;
export const DeleteAccountDocument = new TypedDocumentString(`
    mutation DeleteAccount($password: String!, $confirmation: String!) {
  deleteAccount(password: $password, confirmation: $confirmation)
}
    `) as unknown as TypedDocumentString<DeleteAccountMutation, DeleteAccountMutationVariables>;
export const ResendEmailConfirmationDocument = new TypedDocumentString(`
    mutation ResendEmailConfirmation {
  resendEmailConfirmation
}
    `) as unknown as TypedDocumentString<ResendEmailConfirmationMutation, ResendEmailConfirmationMutationVariables>;
export const GetAppConfigDocument = new TypedDocumentString(`
    query GetAppConfig {
  appConfig {
    payments_mode
    tracking {
      ads_id
      signup_label
      purchase_label
      ga4_id
    }
  }
}
    `) as unknown as TypedDocumentString<GetAppConfigQuery, GetAppConfigQueryVariables>;
export const GetCertificatesDocument = new TypedDocumentString(`
    query GetCertificates {
  certificates {
    certificate_id
    module_id
    title
    holder_name
    completed_at
    verify_url
    image_url
    file_name
    credential_url
    credential_eddsa_url
    study_hours
    issuer_name
    linkedin_url
    knowledge_checks {
      ...CheckScoreFields
    }
    labs_solved {
      solved
      total
    }
  }
}
    fragment CheckScoreFields on CheckScore {
  total
  answered
  first_time_right
}`) as unknown as TypedDocumentString<GetCertificatesQuery, GetCertificatesQueryVariables>;
export const VerifyCertificateDocument = new TypedDocumentString(`
    query VerifyCertificate($id: String!) {
  verifyCertificate(certificate_id: $id) {
    certificate_id
    holder_name
    title
    kind
    completed_at
    revoked_at
    study_hours
    issuer_name
    issuer_url
    credential_check {
      signature_valid
      key_id
      status
    }
    knowledge_checks {
      ...CheckScoreFields
    }
    labs_solved {
      solved
      total
    }
  }
}
    fragment CheckScoreFields on CheckScore {
  total
  answered
  first_time_right
}`) as unknown as TypedDocumentString<VerifyCertificateQuery, VerifyCertificateQueryVariables>;
export const GetLessonQuestionsDocument = new TypedDocumentString(`
    query GetLessonQuestions($module: String!, $number: Int!) {
  lesson(module_id: $module, number: $number) {
    questions {
      id
      kind
      prompt_html
      options {
        index
        html
      }
      attempt {
        ...AttemptFields
      }
    }
  }
}
    fragment AttemptFields on QuestionAttempt {
  question_id
  first_correct
  last_correct
  attempts
  last_choices
  last_text
  answer_shown
  correct_choices
  correct_answer
  explanation_html
}`) as unknown as TypedDocumentString<GetLessonQuestionsQuery, GetLessonQuestionsQueryVariables>;
export const UpdateUserProgressDocument = new TypedDocumentString(`
    mutation UpdateUserProgress($module: String!, $number: Int!) {
  markLessonComplete(module_id: $module, number: $number) {
    ...ModuleProgressFields
  }
}
    fragment CheckScoreFields on CheckScore {
  total
  answered
  first_time_right
}
fragment ModuleProgressFields on ModuleProgress {
  module_id
  completed_lessons
  completed
  completed_at
  checks {
    ...CheckScoreFields
  }
}`) as unknown as TypedDocumentString<UpdateUserProgressMutation, UpdateUserProgressMutationVariables>;
export const AnswerQuestionDocument = new TypedDocumentString(`
    mutation AnswerQuestion($module: String!, $number: Int!, $question: String!, $choices: [Int!], $text: String) {
  answerQuestion(
    module_id: $module
    number: $number
    question_id: $question
    choices: $choices
    text: $text
  ) {
    ...AttemptFields
  }
}
    fragment AttemptFields on QuestionAttempt {
  question_id
  first_correct
  last_correct
  attempts
  last_choices
  last_text
  answer_shown
  correct_choices
  correct_answer
  explanation_html
}`) as unknown as TypedDocumentString<AnswerQuestionMutation, AnswerQuestionMutationVariables>;
export const ShowAnswerDocument = new TypedDocumentString(`
    mutation ShowAnswer($module: String!, $number: Int!, $question: String!) {
  showAnswer(module_id: $module, number: $number, question_id: $question) {
    ...AttemptFields
  }
}
    fragment AttemptFields on QuestionAttempt {
  question_id
  first_correct
  last_correct
  attempts
  last_choices
  last_text
  answer_shown
  correct_choices
  correct_answer
  explanation_html
}`) as unknown as TypedDocumentString<ShowAnswerMutation, ShowAnswerMutationVariables>;
export const GetLabsDocument = new TypedDocumentString(`
    query GetLabs {
  labs {
    ...LabFields
  }
}
    fragment LabFields on Lab {
  id
  module_id
  lesson_number
  title
  difficulty
  objective
  solved
  solved_at
  solved_with_writeup
  hint_count
  hints
  writeup_html
}`) as unknown as TypedDocumentString<GetLabsQuery, GetLabsQueryVariables>;
export const StartLabDocument = new TypedDocumentString(`
    mutation StartLab($lab: String!) {
  startLab(lab_id: $lab) {
    url
    expires_at
  }
}
    `) as unknown as TypedDocumentString<StartLabMutation, StartLabMutationVariables>;
export const SubmitLabFlagDocument = new TypedDocumentString(`
    mutation SubmitLabFlag($lab: String!, $flag: String!) {
  submitLabFlag(lab_id: $lab, flag: $flag) {
    solved
    solved_at
  }
}
    `) as unknown as TypedDocumentString<SubmitLabFlagMutation, SubmitLabFlagMutationVariables>;
export const RevealLabHintDocument = new TypedDocumentString(`
    mutation RevealLabHint($lab: String!) {
  revealLabHint(lab_id: $lab) {
    ...LabFields
  }
}
    fragment LabFields on Lab {
  id
  module_id
  lesson_number
  title
  difficulty
  objective
  solved
  solved_at
  solved_with_writeup
  hint_count
  hints
  writeup_html
}`) as unknown as TypedDocumentString<RevealLabHintMutation, RevealLabHintMutationVariables>;
export const OpenLabWriteupDocument = new TypedDocumentString(`
    mutation OpenLabWriteup($lab: String!) {
  openLabWriteup(lab_id: $lab) {
    ...LabFields
  }
}
    fragment LabFields on Lab {
  id
  module_id
  lesson_number
  title
  difficulty
  objective
  solved
  solved_at
  solved_with_writeup
  hint_count
  hints
  writeup_html
}`) as unknown as TypedDocumentString<OpenLabWriteupMutation, OpenLabWriteupMutationVariables>;
export const GetLegalPageDocument = new TypedDocumentString(`
    query GetLegalPage($slug: String!) {
  legalPage(slug: $slug) {
    slug
    title
    html
  }
}
    `) as unknown as TypedDocumentString<GetLegalPageQuery, GetLegalPageQueryVariables>;
export const GetPricingDocument = new TypedDocumentString(`
    query GetPricing {
  pricing {
    price
    reference_price
    discount_percent
    reference_charged_since
    reference_charged_until
    offer_ends_at
    gst_registered
  }
}
    `) as unknown as TypedDocumentString<GetPricingQuery, GetPricingQueryVariables>;
export const GetSampleLessonDocument = new TypedDocumentString(`
    query GetSampleLesson {
  sampleLesson {
    module_id
    module_title
    number
    title
    summary
    path
  }
}
    `) as unknown as TypedDocumentString<GetSampleLessonQuery, GetSampleLessonQueryVariables>;
export const LoginUserDocument = new TypedDocumentString(`
    mutation LoginUser($email: String!, $password: String!) {
  loginUser(email: $email, password: $password) {
    ...UserFields
  }
}
    fragment UserFields on User {
  user_id
  full_name
  phone
  payment_status
  subscribed
  is_admin
  state_code
}`) as unknown as TypedDocumentString<LoginUserMutation, LoginUserMutationVariables>;
export const SignupUserDocument = new TypedDocumentString(`
    mutation SignupUser($input: SignupInput!) {
  signupUser(input: $input) {
    ...UserFields
  }
}
    fragment UserFields on User {
  user_id
  full_name
  phone
  payment_status
  subscribed
  is_admin
  state_code
}`) as unknown as TypedDocumentString<SignupUserMutation, SignupUserMutationVariables>;
export const LogoutUserDocument = new TypedDocumentString(`
    mutation LogoutUser {
  logoutUser
}
    `) as unknown as TypedDocumentString<LogoutUserMutation, LogoutUserMutationVariables>;