import type { Generated } from 'kysely';

/**
 * Table shapes as Kysely sees them. Times are integer milliseconds since the epoch and
 * flags are 0/1 integers, so one set of queries runs unchanged on SQLite and PostgreSQL
 * (docs/decisions/0002-portable-column-types.md).
 */
export interface AppUserTable {
  id: string;
  /** The learner's email, trimmed and lower-cased: the spec's `user_id`. */
  user_id: string;
  password_hash: string;
  full_name: string;
  phone: string;
  payment_status: Generated<number>;
  created_at: number;
  /** Set when the learner deleted their account; the row is then anonymised. */
  deleted_at: Generated<number | null>;
  /** "learner" or "admin"; only the command line (npm run admin) changes it. */
  role: Generated<'learner' | 'admin'>;
  /** GST state code the learner gave (place of supply on tax invoices), or null. */
  state_code: Generated<string | null>;
  /** Moves on every write to the learner's progress rows, by trigger (migration 0011). */
  progress_version: Generated<number>;
  /** 1 when the learner chose to show labs solved and knowledge-check scores on /verify (migration 0012). */
  show_evidence: Generated<number>;
  /** When the learner used the link in their welcome email (migration 0016); null until then. */
  email_confirmed_at: Generated<number | null>;
}

export interface EmailConfirmationTable {
  /** SHA-256 of the link's token; the token itself is only ever in the email. */
  token_hash: string;
  user_ref: string;
  created_at: number;
  expires_at: number;
}

export interface UserSessionTable {
  /** SHA-256 of the cookie token, hex; the token itself is never stored. */
  token_hash: string;
  user_ref: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

export interface LessonProgressTable {
  user_ref: string;
  module_id: string;
  lesson_slug: string;
  completed_at: number;
}

export interface QuestionAttemptTable {
  user_ref: string;
  module_id: string;
  lesson_slug: string;
  question_id: string;
  first_correct: number;
  first_answer: string;
  first_answered_at: number;
  last_correct: number;
  last_answer: string;
  last_answered_at: number;
  attempts: number;
  /** 1 once the learner asked to see the right answer (migration 0017). */
  answer_shown: Generated<number>;
}

export interface LabProgressTable {
  user_ref: string;
  lab_id: string;
  first_started_at: number;
  last_started_at: number;
  hints_shown: Generated<number>;
  writeup_viewed_at: number | null;
  /** Set once, by the first accepted flag. */
  solved_at: number | null;
  /** 1 when the write-up had been opened before the solve. */
  solved_with_writeup: Generated<number>;
}

export interface ModuleCompletionTable {
  user_ref: string;
  module_id: string;
  completed_at: number;
}

export type OrderStatus = 'created' | 'attempted' | 'paid' | 'refunded';

export interface PaymentOrderTable {
  order_id: string;
  user_ref: string;
  amount: number;
  currency: string;
  receipt: string;
  status: OrderStatus;
  gateway: string;
  created_at: number;
  updated_at: number;
}

export interface PaymentTable {
  payment_id: string;
  order_id: string;
  user_ref: string;
  amount: number;
  currency: string;
  status: 'captured' | 'refunded';
  captured_at: number;
  refunded_at: number | null;
  /** The seller's sequential receipt number (1, 2, 3…). */
  receipt_number: Generated<number | null>;
  /** How the learner paid, as the gateway reports it (upi, card, netbanking…). */
  method: Generated<string | null>;
  /** The invoice's tax facts at the time of payment (JSON, see billing/tax-invoice.ts); null when not registered for GST. */
  tax_invoice: Generated<string | null>;
  /** Until when an admin's refund of this payment holds its turn (migration 0015). */
  refund_claimed_until: Generated<number | null>;
}

/** One refund the gateway made of a payment (migration 0015): partial refunds add up. */
export interface PaymentRefundTable {
  refund_id: string;
  payment_id: string;
  amount: number;
  refunded_at: number;
  /** The credit note reversing (part of) the payment's tax invoice; null without an invoice. */
  credit_note_number: number | null;
}

export interface CreditNoteSequenceTable {
  id: number;
  last_number: number;
}

export interface WebhookEventTable {
  event_id: string;
  event: string;
  received_at: number;
  /** processed, ignored or unmatched (migration 0014); null for rows from before it. */
  outcome: string | null;
}

export interface CertificateTable {
  certificate_id: string;
  user_ref: string;
  /** A module id, or "FULL" for the whole course. */
  scope: string;
  /** Full name (or email) at the time of issue. */
  holder_name: string;
  completed_at: number;
  revoked_at: Generated<number | null>;
  revoked_reason: Generated<string | null>;
  /** Where the current credential's revocation bit is: list number and index in it. */
  status_list: number;
  status_index: number;
  /** When the current version of the signed credential was issued (its validFrom). */
  credential_issued_at: number;
  /** Salt of the email hash in the credential (Open Badges IdentityObject). */
  identity_salt: string;
  /** The credential subject's id, a urn:uuid. */
  subject_id: string;
}

export interface RateLimitTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface JobScheduleTable {
  name: string;
  next_run_at: number;
  lease_holder: string | null;
  lease_expires_at: number;
  runs: number;
}

export type DuplicatePaymentStatus = 'pending' | 'refunding' | 'refunded';

export interface DuplicatePaymentTable {
  payment_id: string;
  order_id: string;
  user_ref: string;
  amount: number;
  currency: string;
  status: DuplicatePaymentStatus;
  refund_id: string | null;
  attempts: number;
  captured_at: number;
  updated_at: number;
}

export interface SimulatedGatewaySecretTable {
  id: number;
  key_secret: string;
  webhook_secret: string;
}

export interface SimulatedGatewayOrderTable {
  order_id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: string;
  /** JSON of the order's notes. */
  notes: string;
  created_at: number;
}

export interface SimulatedGatewayPaymentTable {
  payment_id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string;
  amount_refunded: number;
  created_at: number;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: string;
  kind: string;
  to_address: string;
  user_ref: string | null;
  /** JSON: what the template needs, captured when the message was queued. */
  data: string;
  /** Filled in when the message is rendered and sent. */
  subject: string | null;
  status: MailStatus;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface PasswordResetTable {
  token_hash: string;
  user_ref: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface ReceiptSequenceTable {
  id: number;
  last_number: number;
}

export interface AuditLogTable {
  id: string;
  at: number;
  actor_ref: string;
  actor_email: string;
  action: string;
  target_user_ref: string | null;
  target: string | null;
  reason: string;
  /** JSON: what changed (old and new values). */
  details: string;
}

export interface BusinessSettingsTable {
  id: number;
  /** JSON of BusinessSettings (modules/settings/business-settings.ts). */
  data: string;
  updated_at: number;
  updated_by: string;
}

export interface CredentialSigningKeyTable {
  kid: string;
  /** The algorithm it signs with: 'EdDSA' (Ed25519) or 'RS256' (migration 0018). */
  alg: 'EdDSA' | 'RS256';
  /** JSON of the public JWK, with its kid. */
  public_jwk: string;
  /** JSON of the private JWK of a key this database generated (development and tests only). */
  private_jwk: string | null;
  /** 1 for the key that signs with its algorithm; null once retired (it still verifies). */
  active_slot: number | null;
  created_at: number;
  retired_at: number | null;
}

export interface CredentialStatusEntryTable {
  list_number: number;
  list_index: number;
  certificate_id: string;
  created_at: number;
  /** Set when the certificate moved to a new entry after a revocation was lifted. */
  superseded_at: number | null;
}

export interface Database {
  app_user: AppUserTable;
  user_session: UserSessionTable;
  lesson_progress: LessonProgressTable;
  module_completion: ModuleCompletionTable;
  question_attempt: QuestionAttemptTable;
  lab_progress: LabProgressTable;
  email_confirmation: EmailConfirmationTable;
  payment_order: PaymentOrderTable;
  payment: PaymentTable;
  payment_refund: PaymentRefundTable;
  credit_note_sequence: CreditNoteSequenceTable;
  webhook_event: WebhookEventTable;
  certificate: CertificateTable;
  rate_limit: RateLimitTable;
  job_schedule: JobScheduleTable;
  duplicate_payment: DuplicatePaymentTable;
  simulated_gateway_secret: SimulatedGatewaySecretTable;
  simulated_gateway_order: SimulatedGatewayOrderTable;
  simulated_gateway_payment: SimulatedGatewayPaymentTable;
  mail_outbox: MailOutboxTable;
  password_reset: PasswordResetTable;
  receipt_sequence: ReceiptSequenceTable;
  audit_log: AuditLogTable;
  business_settings: BusinessSettingsTable;
  credential_signing_key: CredentialSigningKeyTable;
  credential_status_entry: CredentialStatusEntryTable;
}
