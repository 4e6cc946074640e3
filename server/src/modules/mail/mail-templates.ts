import { COURSE_NAME, MODULE_COUNT, paymentMethodName } from '@ehc/common';
import type { Seller as SellerSettings } from '../settings/business-settings';
import type { MailData, QueuedMail } from './mail-queue';
import { invoiceRows, RECEIPT_ITEM, taxLine } from '../billing/receipts';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Seller = SellerSettings;

/**
 * What a message says, once: the text and HTML parts are both drawn from it, so they
 * cannot drift apart, and every value reaches the HTML through one escaping function.
 */
interface MailContent {
  subject: string;
  heading: string;
  blocks: Block[];
}

type Block =
  | { type: 'paragraph'; text: string }
  /** The one thing the reader is asked to do, as a prominent link. */
  | { type: 'action'; label: string; url: string }
  /** Label and value pairs, e.g. the lines of a receipt. */
  | { type: 'facts'; rows: (readonly [string, string])[] };

const COURSE = `${COURSE_NAME} Course`;

/** Subject, plain text and HTML of one queued message, in the seller's name. */
export function renderMail(mail: QueuedMail, seller: Seller, appOrigin: string): RenderedMail {
  const origin = new URL(appOrigin).origin;
  const content = compose(mail, seller, (target) => ownLink(origin, target));
  const subject = oneLine(content.subject);
  return {
    subject,
    text: toText(content, seller, origin),
    html: toHtml({ ...content, subject }, seller, origin),
  };
}

/** The writing of each kind. Links go through `link`, which keeps them on our own site. */
function compose(mail: QueuedMail, seller: Seller, link: (target: string) => string): MailContent {
  switch (mail.kind) {
    case 'welcome':
      return welcome(mail.data, link);
    case 'password_reset':
      return passwordReset(mail.data, link);
    case 'password_changed':
      return passwordChanged(mail.data, seller, link);
    case 'receipt':
      return receipt(mail.data, seller, link);
    case 'certificate_issued':
      return certificateIssued(mail.data, link);
    case 'refund_processed':
      return refundProcessed(mail.data);
    case 'account_deleted':
      return accountDeleted(mail.data, seller);
    default: {
      // Rows come from the database: a kind this code does not know must not be sent blank.
      const unknown: never = mail;
      throw new Error(`no template for mail kind ${JSON.stringify((unknown as { kind: unknown }).kind)}`);
    }
  }
}

function welcome(data: MailData['welcome'], link: (target: string) => string): MailContent {
  return {
    subject: `Welcome to the ${COURSE}`,
    heading: 'Welcome to the course',
    blocks: [
      greeting(data.fullName),
      paragraph('Thank you for signing up. Your account is ready.'),
      ...(data.confirmUrl
        ? [
            paragraph('Please confirm that this email address is yours: the link works once, for 7 days.'),
            { type: 'action' as const, label: 'Confirm my email address', url: link(data.confirmUrl) },
          ]
        : []),
      paragraph(
        `The course has ${MODULE_COUNT} modules. Study at your own pace: your progress is saved as you go, ` +
          'and you earn a certificate for every module you finish and one for the whole course.',
      ),
      { type: 'action', label: 'Go to your dashboard', url: link('/dashboard') },
      paragraph('If you did not create this account, please write to us and we will remove it.'),
    ],
  };
}

function passwordReset(data: MailData['password_reset'], link: (target: string) => string): MailContent {
  return {
    subject: 'Reset your password',
    heading: 'Reset your password',
    blocks: [
      greeting(data.fullName),
      paragraph(
        'We received a request to reset the password of your account. Use the link below to choose a new one. ' +
          `The link works once and is valid for ${plural(data.validMinutes, 'minute')}.`,
      ),
      { type: 'action', label: 'Choose a new password', url: link(data.resetUrl) },
      paragraph(
        'If you did not ask for this, ignore this email. Your password stays as it is, ' +
          'and nobody can change it without this link.',
      ),
    ],
  };
}

function passwordChanged(
  data: MailData['password_changed'],
  seller: Seller,
  link: (target: string) => string,
): MailContent {
  return {
    subject: 'Your password was changed',
    heading: 'Your password was changed',
    blocks: [
      greeting(data.fullName),
      paragraph(`The password of your account was changed on ${formatDateTime(data.changedAt)}.`),
      paragraph('If you made this change, there is nothing more to do.'),
      paragraph(
        'If it was not you, reset your password right away with "Forgot password" on the sign-in page, ' +
          `and contact us at ${seller.supportEmail} so we can help you secure your account.`,
      ),
      { type: 'action', label: 'Go to the sign-in page', url: link('/') },
    ],
  };
}

function receipt(data: MailData['receipt'], seller: Seller, link: (target: string) => string): MailContent {
  return {
    subject: `Your receipt ${data.receiptNumber} for the ${COURSE}`,
    heading: data.invoice ? 'Tax invoice' : 'Payment receipt',
    blocks: [
      greeting(data.fullName),
      paragraph(
        `Thank you for your payment. You now have lifetime access to all ${MODULE_COUNT} modules. ` +
          'This email is your receipt; please keep it for your records.',
      ),
      {
        type: 'facts',
        rows: [
          ['Receipt number', data.receiptNumber],
          ['Date', formatDateTime(data.paidAt)],
          ['Item', RECEIPT_ITEM],
          ['Amount paid', formatRupees(data.amountPaise)],
          ['Payment ID', data.paymentId],
          ['Payment method', methodOrOnline(data.method)],
          ['Sold by', seller.legalName],
          ['Seller address', seller.address],
          ...(data.invoice ? invoiceRows(data.invoice, formatRupees) : []),
          ['Tax', taxLine(data.invoice ?? null)],
        ],
      },
      { type: 'action', label: 'View your receipt', url: link(data.receiptUrl) },
    ],
  };
}

function certificateIssued(data: MailData['certificate_issued'], link: (target: string) => string): MailContent {
  const what = data.fullCourse ? `the whole ${COURSE}` : `the module "${data.title}"`;
  return {
    subject: data.fullCourse
      ? `Congratulations! Your certificate for the ${COURSE}`
      : `Congratulations! Your certificate for ${data.title}`,
    heading: 'You have earned a certificate',
    blocks: [
      greeting(data.fullName),
      paragraph(`Well done: you have completed ${what}. Your certificate is ready.`),
      {
        type: 'facts',
        rows: [
          ['Certificate', data.title],
          ['Issued to', data.fullName],
          ['Certificate ID', data.certificateId],
        ],
      },
      paragraph(
        'Anyone, such as an employer, can check that it is genuine on its public verification page. ' +
          'You can download the certificate from your dashboard.',
      ),
      { type: 'action', label: 'Verify this certificate', url: link(data.verifyUrl) },
    ],
  };
}

function refundProcessed(data: MailData['refund_processed']): MailContent {
  const amount = formatRupees(data.amountPaise);
  return {
    subject: `Your refund of ${amount} has been processed`,
    heading: 'Your refund has been processed',
    blocks: [
      greeting(data.fullName),
      paragraph(
        `We have refunded ${amount} for payment ${data.paymentId}. It goes back to the account or card you paid ` +
          'with; banks usually take 5 to 7 working days to show it.',
      ),
      {
        type: 'facts',
        rows: [
          ['Amount refunded', amount],
          ['Payment ID', data.paymentId],
          ['Course access', data.accessRevoked ? 'Ended with this refund' : 'Unchanged: you keep your access'],
        ],
      },
      paragraph(
        data.accessRevoked
          ? 'Because this payment was refunded, your access to the lessons has ended. Your account stays open, ' +
              'and you can buy the course again whenever you like.'
          : 'This refund does not change your access: you can keep studying as before.',
      ),
    ],
  };
}

function accountDeleted(data: MailData['account_deleted'], seller: Seller): MailContent {
  return {
    subject: 'Your account has been deleted',
    heading: 'Your account has been deleted',
    blocks: [
      greeting(data.fullName),
      paragraph(
        `Your account was deleted on ${formatDateTime(data.deletedAt)}, as you asked. You can no longer sign in ` +
          'with it. We keep the records of any payment you made for as long as the law requires.',
      ),
      paragraph(`If you did not ask for this, contact us right away at ${seller.supportEmail}.`),
      paragraph('Thank you for learning with us.'),
    ],
  };
}

function paragraph(text: string): Block {
  return { type: 'paragraph', text };
}

function greeting(fullName: string): Block {
  const name = oneLine(fullName);
  return paragraph(name ? `Hello ${name},` : 'Hello,');
}

/**
 * Every link in our mail points at our own site: a template handed a URL elsewhere (a
 * bug, or data someone slipped in) fails loudly instead of sending learners off-site.
 */
function ownLink(origin: string, target: string): string {
  const url = new URL(target, origin);
  if (url.origin !== origin) throw new Error(`refusing to link to ${url.origin} from an email sent for ${origin}`);
  return url.href;
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
/** ₹49.00; ₹1,00,000.00 (Indian digit grouping). */
export function formatRupees(paise: number): string {
  return rupees.format(paise / 100);
}

// Learners are in India: show India's time whatever the server's time zone is.
const indianDateTime = new Intl.DateTimeFormat('en-IN', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Asia/Kolkata',
});
/** "5 March 2026 at 3:04 pm IST". */
export function formatDateTime(epochMs: number): string {
  return `${indianDateTime.format(new Date(epochMs))} IST`;
}

function methodOrOnline(method: string | null): string {
  return method ? paymentMethodName(method) : 'Online payment';
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

// Values come from learners and the database: no line break may reach a header or a
// line of its own.
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function toText(content: MailContent, seller: Seller, origin: string): string {
  const parts: string[] = [content.heading];
  for (const block of content.blocks) {
    if (block.type === 'paragraph') parts.push(block.text);
    // Plain-text readers cannot click a label: the address is written out in full.
    else if (block.type === 'action') parts.push(`${block.label}:\n${block.url}`);
    else parts.push(block.rows.map(([label, value]) => `${label}: ${value}`).join('\n'));
  }
  parts.push(['--', ...footerLines(seller, origin)].join('\n'));
  return `${parts.join('\n\n')}\n`;
}

function footerLines(seller: Seller, origin: string): string[] {
  const phone = seller.supportPhone ? ` or call ${seller.supportPhone}` : '';
  return [
    seller.legalName,
    seller.address,
    `Questions? Write to ${seller.supportEmail}${phone}.`,
    `This is an automatic email about your account at ${new URL(origin).host}.`,
  ];
}

/** Text as HTML: every interpolated value goes through here. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// Inline styles only (mail clients drop <style> and external sheets); colours meet WCAG
// AA: #1f2328 on white is 15.8:1, #4b5563 is 7.6:1, white on #0b5cad is 6.6:1.
const STYLE = {
  body: 'margin:0;padding:0;background-color:#f3f4f6;',
  article:
    'max-width:600px;margin:0 auto;padding:24px;background-color:#ffffff;color:#1f2328;' +
    'font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;',
  h1: 'margin:0 0 16px;font-size:24px;line-height:1.3;color:#1f2328;',
  p: 'margin:0 0 16px;',
  action:
    'display:inline-block;padding:12px 20px;background-color:#0b5cad;color:#ffffff;' +
    'font-weight:bold;text-decoration:none;border-radius:6px;',
  table: 'border-collapse:collapse;margin:0 0 16px;width:100%;',
  th: 'text-align:left;vertical-align:top;padding:6px 12px 6px 0;border-bottom:1px solid #d1d5db;font-weight:bold;',
  td: 'text-align:left;vertical-align:top;padding:6px 0;border-bottom:1px solid #d1d5db;',
  footer: 'margin:32px 0 0;padding-top:16px;border-top:1px solid #d1d5db;font-size:14px;color:#4b5563;',
  footerLink: 'color:#0b5cad;',
};

function toHtml(content: MailContent, seller: Seller, origin: string): string {
  const blocks = content.blocks.map((block) => {
    if (block.type === 'paragraph') return `<p style="${STYLE.p}">${escapeHtml(block.text)}</p>`;
    if (block.type === 'action') {
      return `<p style="margin:24px 0;"><a href="${escapeHtml(block.url)}" style="${STYLE.action}">${escapeHtml(block.label)}</a></p>`;
    }
    const rows = block.rows.map(
      ([label, value]) =>
        `<tr><th scope="row" style="${STYLE.th}">${escapeHtml(label)}</th><td style="${STYLE.td}">${escapeHtml(value)}</td></tr>`,
    );
    return `<table style="${STYLE.table}">\n${rows.join('\n')}\n</table>`;
  });
  const [legalName, address, , automatic] = footerLines(seller, origin).map(escapeHtml);
  const email = escapeHtml(seller.supportEmail);
  const phone = seller.supportPhone
    ? ` or call <a href="tel:${escapeHtml(seller.supportPhone.replace(/[^\d+]/g, ''))}" style="${STYLE.footerLink}">${escapeHtml(seller.supportPhone)}</a>`
    : '';
  const subject = escapeHtml(content.subject);
  return `<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${subject}</title>
</head>
<body style="${STYLE.body}">
<div role="article" aria-roledescription="email" aria-label="${subject}" lang="en" style="${STYLE.article}">
<h1 style="${STYLE.h1}">${escapeHtml(content.heading)}</h1>
${blocks.join('\n')}
<div style="${STYLE.footer}">
<p style="margin:0 0 8px;">${legalName}<br>${address}</p>
<p style="margin:0 0 8px;">Questions? Write to <a href="mailto:${email}" style="${STYLE.footerLink}">${email}</a>${phone}.</p>
<p style="margin:0;">${automatic}</p>
</div>
</div>
</body>
</html>
`;
}
