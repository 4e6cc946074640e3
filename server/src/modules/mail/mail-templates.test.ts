import { taxInvoiceFor } from '../billing/tax-invoice';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_ORIGIN, EXAMPLE_SELLER, mailExamples } from '../../test/mail-examples';
import type { MailKind, QueuedMail } from './mail-queue';
import { escapeHtml, formatRupees, renderMail } from './mail-templates';

const examples = mailExamples('asha@example.in');
const kinds = Object.keys(examples) as MailKind[];
const render = (mail: QueuedMail, seller = EXAMPLE_SELLER) => renderMail(mail, seller, EXAMPLE_ORIGIN);

/** Every http(s) address written anywhere in the HTML, in attributes or text. */
const httpUrls = (html: string) => html.match(/https?:\/\/[^\s"'<>)]+/gi) ?? [];

describe('renderMail', () => {
  it.each(kinds)('writes %s with its subject and key facts in both parts', (kind) => {
    const { mail, subject, facts } = examples[kind];
    const rendered = render(mail);
    expect(rendered.subject).toContain(subject);
    for (const fact of facts) {
      expect(rendered.text, `text of ${kind}`).toContain(fact);
      expect(rendered.html, `HTML of ${kind}`).toContain(escapeHtml(fact));
    }
  });

  it.each(kinds)('puts the seller and the support contact in the footer of %s', (kind) => {
    const rendered = render(examples[kind].mail);
    for (const part of [rendered.text, rendered.html]) {
      const footer = part.slice(part.lastIndexOf(EXAMPLE_SELLER.legalName));
      expect(footer).toContain(EXAMPLE_SELLER.supportEmail);
      expect(footer).toContain(EXAMPLE_SELLER.supportPhone);
    }
  });

  it.each(kinds)('writes %s as a simple, self-contained, accessible HTML page', (kind) => {
    const { html } = render(examples[kind].mail);
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en"/);
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html).not.toMatch(/<img|<link|<script|<iframe|<style|url\(/i);
    for (const url of httpUrls(html)) expect(new URL(url).origin, url).toBe(EXAMPLE_ORIGIN);
  });

  it('writes every link of the HTML out in full in the text part', () => {
    for (const kind of kinds) {
      const { text, html } = render(examples[kind].mail);
      const hrefs = [...html.matchAll(/href="(https?:[^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
      for (const href of hrefs) expect(text, `${kind}: ${href}`).toContain(href);
    }
  });

  it('escapes what learners and the database supply', () => {
    const hostile = `<script>alert("x")</script> & 'Rao'`;
    const mail: QueuedMail = {
      kind: 'certificate_issued',
      to: 'x@example.in',
      userRef: null,
      data: {
        fullName: hostile,
        title: '<b>Web</b> & "Apps"',
        certificateId: 'C<1>',
        verifyUrl: `${EXAMPLE_ORIGIN}/verify/a?b=1&c="2"`,
        fullCourse: false,
      },
    };
    const { html, text } = render(mail, { ...EXAMPLE_SELLER, legalName: 'A & B <Pvt> "Ltd"' });
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<Pvt>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Rao&#39;');
    expect(html).toContain('&lt;b&gt;Web&lt;/b&gt; &amp; &quot;Apps&quot;');
    expect(html).toContain('A &amp; B &lt;Pvt&gt; &quot;Ltd&quot;');
    // The attribute cannot be closed early by a quote in the URL.
    expect(html).not.toMatch(/href="[^"]*"2/);
    // The text part is plain text: it carries the name as written.
    expect(text).toContain(`Hello ${hostile},`);
  });

  it('keeps a line break in a name out of the subject', () => {
    const { subject } = render({
      kind: 'certificate_issued',
      to: 'x@example.in',
      userRef: null,
      data: { ...examples.certificate_issued.mail.data, title: 'Web\r\nBcc: victim@example.com' } as never,
    });
    expect(subject).not.toMatch(/[\r\n]/);
  });

  it('refuses to link anywhere but our own site', () => {
    for (const resetUrl of ['https://evil.example/reset', 'javascript:alert(1)', '//evil.example/x']) {
      const mail: QueuedMail = {
        kind: 'password_reset',
        to: 'x@example.in',
        userRef: null,
        data: { fullName: 'Asha', resetUrl, validMinutes: 30 },
      };
      expect(() => render(mail), resetUrl).toThrow(/refusing to link/);
    }
  });

  it('is a tax invoice when the payment carries one, and says GST is not charged when not', () => {
    const unregistered = render(examples.receipt.mail, { ...EXAMPLE_SELLER, gstin: '29ABCDE1234F1Z5' });
    // Today's GSTIN does not turn an earlier, untaxed sale into an invoice.
    expect(unregistered.text).toContain('GST not charged: supplier not registered under GST');
    expect(unregistered.text).not.toContain('Tax invoice');
    const invoice = taxInvoiceFor(4900, '29ABCDE1234F1Z5', '27');
    const registered = render({
      ...examples.receipt.mail,
      data: { ...examples.receipt.mail.data, invoice },
    } as QueuedMail);
    expect(registered.text).toContain('Tax invoice');
    expect(registered.text).toContain('GSTIN: 29ABCDE1234F1Z5');
    expect(registered.text).toContain('Maharashtra (27)');
    expect(registered.text).toContain('999293');
    expect(registered.text).toMatch(/IGST @ 18%\W+₹7\.47/);
    expect(registered.html).toContain('29ABCDE1234F1Z5');
    expect(registered.text).not.toContain('GST not charged');
  });

  it('says whether a refund took the course away', () => {
    const kept = render({
      ...examples.refund_processed.mail,
      data: { ...examples.refund_processed.mail.data, accessRevoked: false },
    } as QueuedMail);
    expect(kept.text).toContain('you can keep studying');
    expect(kept.text).not.toContain('has ended');
  });

  it('tells a full-course certificate from a module one', () => {
    const full = render({
      ...examples.certificate_issued.mail,
      data: { ...examples.certificate_issued.mail.data, title: 'Ethical Hacking & Cybersecurity', fullCourse: true },
    } as QueuedMail);
    expect(full.subject).toContain('Ethical Hacking & Cybersecurity Course');
    expect(full.text).toContain('completed the whole Ethical Hacking & Cybersecurity Course');
  });

  it('formats rupees the Indian way, with paise', () => {
    expect(formatRupees(4900)).toBe('₹49.00');
    expect(formatRupees(4950)).toBe('₹49.50');
    expect(formatRupees(10_000_000)).toBe('₹1,00,000.00');
  });

  it('refuses a kind it has no template for', () => {
    expect(() => render({ kind: 'newsletter', to: 'x@example.in', userRef: null, data: {} } as never)).toThrow(
      /no template/,
    );
  });
});
