import type { Env } from '../lib/env';
import type { MailKind, QueuedMail } from '../modules/mail/mail-queue';

export const EXAMPLE_ORIGIN = 'https://course.example.in';

export const EXAMPLE_SELLER: Env['seller'] = {
  legalName: 'Vidya Secure Learning Pvt Ltd',
  address: '4th Floor, 21 Residency Road, Bengaluru 560025, Karnataka',
  supportEmail: 'help@vidya.example.in',
  supportPhone: '+91 98765 43210',
  gstin: null,
};

// 5 March 2026, 3:04 pm in India.
const AT = Date.UTC(2026, 2, 5, 9, 34);

export interface MailExample {
  mail: QueuedMail;
  /** Words each kind must say, in its subject. */
  subject: string;
  /** Facts that must be in both the text and (escaped) HTML parts. */
  facts: string[];
}

/** One message of each kind for `to`, with the facts a reader must find in it. */
export function mailExamples(to: string, origin = EXAMPLE_ORIGIN): Record<MailKind, MailExample> {
  const base = { to, userRef: null };
  return {
    welcome: {
      mail: { ...base, kind: 'welcome', data: { fullName: 'Asha Rao' } },
      subject: 'Welcome',
      facts: ['Hello Asha Rao,', `${origin}/dashboard`, '7 modules'],
    },
    password_reset: {
      mail: {
        ...base,
        kind: 'password_reset',
        data: { fullName: 'Asha Rao', resetUrl: `${origin}/reset-password?token=abc123`, validMinutes: 30 },
      },
      subject: 'Reset your password',
      facts: [`${origin}/reset-password?token=abc123`, '30 minutes', 'If you did not ask for this, ignore this email'],
    },
    password_changed: {
      mail: { ...base, kind: 'password_changed', data: { fullName: 'Asha Rao', changedAt: AT } },
      subject: 'password was changed',
      facts: ['5 March 2026 at 3:04 pm IST', 'If it was not you, reset your password', EXAMPLE_SELLER.supportEmail],
    },
    receipt: {
      mail: {
        ...base,
        kind: 'receipt',
        data: {
          fullName: 'Asha Rao',
          receiptNumber: 'EHC-000042',
          receiptUrl: `${origin}/receipts/EHC-000042`,
          amountPaise: 4900,
          paidAt: AT,
          paymentId: 'pay_Q1w2E3r4T5y6U7',
          method: 'upi',
        },
      },
      subject: 'EHC-000042',
      facts: [
        'EHC-000042',
        '5 March 2026 at 3:04 pm IST',
        'Ethical Hacking & Cybersecurity Course — lifetime access',
        '₹49.00',
        'pay_Q1w2E3r4T5y6U7',
        'UPI',
        EXAMPLE_SELLER.legalName,
        EXAMPLE_SELLER.address,
        'GST not charged: supplier not registered under GST',
        `${origin}/receipts/EHC-000042`,
      ],
    },
    certificate_issued: {
      mail: {
        ...base,
        kind: 'certificate_issued',
        data: {
          fullName: 'Asha Rao',
          title: 'Web Application Security',
          certificateId: 'CERT-7F3A9C',
          verifyUrl: `${origin}/verify/CERT-7F3A9C`,
          fullCourse: false,
        },
      },
      subject: 'Web Application Security',
      facts: ['Web Application Security', 'CERT-7F3A9C', `${origin}/verify/CERT-7F3A9C`, 'the module'],
    },
    refund_processed: {
      mail: {
        ...base,
        kind: 'refund_processed',
        data: { fullName: 'Asha Rao', amountPaise: 4900, paymentId: 'pay_R8e9F0u1N2d3', accessRevoked: true },
      },
      subject: '₹49.00',
      facts: ['₹49.00', 'pay_R8e9F0u1N2d3', 'your access to the lessons has ended'],
    },
    account_deleted: {
      mail: { ...base, kind: 'account_deleted', data: { fullName: 'Asha Rao', deletedAt: AT } },
      subject: 'account has been deleted',
      facts: ['5 March 2026 at 3:04 pm IST', 'If you did not ask for this', EXAMPLE_SELLER.supportEmail],
    },
  };
}
