import { formatPaise } from '../../lib/indian-format';
import type { AdminLearnerSummary, LearnerAction } from './admin-api';

export interface ActionCopy {
  title: string;
  /** What will happen, said before it happens. */
  explanation: string;
  confirm: string;
  /** Irreversible or money-moving actions get the red button. */
  danger: boolean;
  /** Announced once the server has done it. */
  done: string;
}

/** The words of each learner action's dialog. */
export function describeAction(action: LearnerAction, learner: AdminLearnerSummary): ActionCopy {
  const who = learner.email;
  switch (action.kind) {
    case 'grantAccess':
      return {
        title: 'Grant access',
        explanation: `Unlocks all modules for ${who} without a new payment: for a payment that arrived but was not recorded, or a goodwill grant.`,
        confirm: 'Grant access',
        danger: false,
        done: 'Access granted.',
      };
    case 'revokeAccess':
      return {
        title: 'Revoke access',
        explanation: `Locks the paid modules for ${who}. Payments stay as they are: refund one separately if money should go back.`,
        confirm: 'Revoke access',
        danger: true,
        done: 'Access revoked.',
      };
    case 'signOutEverywhere':
      return {
        title: 'Sign out everywhere',
        explanation: `Ends every session of ${who} on every device. They can sign in again with their password.`,
        confirm: 'Sign out everywhere',
        danger: false,
        done: 'Signed out on every device.',
      };
    case 'checkPayment':
      return {
        title: 'Check payment now',
        explanation: `Asks the payment gateway now about the unpaid orders of ${who}, and records any payment it reports: the same check the payment sweep makes every few minutes.`,
        confirm: 'Check payment now',
        danger: false,
        done: 'Payment checked with the gateway.',
      };
    case 'refundPayment':
      return {
        title: 'Refund payment',
        explanation: `Refunds ${formatPaise(action.amount)} of payment ${action.paymentId} in full through the payment gateway. A full refund locks the course again, unless the learner holds another payment.`,
        confirm: `Refund ${formatPaise(action.amount)}`,
        danger: true,
        done: 'Refund recorded.',
      };
    case 'resendReceipt':
      return {
        title: 'Resend receipt',
        explanation: `Emails receipt ${action.receiptNumber} again to ${who}.`,
        confirm: 'Resend receipt',
        danger: false,
        done: 'Receipt queued for sending.',
      };
    case 'revokeCertificate':
      return {
        title: 'Revoke certificate',
        explanation: `The ${action.title} certificate ${action.certificateId} will show as revoked on its public verification page. Re-issue it instead if only the name is wrong.`,
        confirm: 'Revoke certificate',
        danger: true,
        done: 'Certificate revoked.',
      };
    case 'reissueCertificate':
      return {
        title: 'Re-issue certificate',
        explanation: `Issues the ${action.title} certificate again with the corrected name below, for a name that was misspelt.`,
        confirm: 'Re-issue certificate',
        danger: false,
        done: 'Certificate re-issued.',
      };
  }
}
