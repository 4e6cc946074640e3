// A reported phishing email to take apart. The lab generates the .eml for each start of the
// lab (its lookalike domain, sending IP and IDs come from the instance secret) and offers
// it as a download and through a header viewer that parses it: Received chain, every
// Authentication-Results field, the address fields, and the HTML part's links. The viewer
// does not say which hop or which verdict to trust: the learner must find the hop where the
// company's own MX received the message from outside, read the verdict that MX wrote (not
// the forged one the sender put lower down), and spot the lookalike domain.
import { esc, page, text, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import {
  decodeWords,
  encodeQuotedPrintable,
  headerValues,
  htmlLinks,
  leafParts,
  parseAuthResults,
  parseReceived,
  splitMessage,
} from './se-eml';

const COMPANY = 'Sampada Finserv';
const REAL = 'sampadafinserv.example';
const MX = `mx1.${REAL}`;
const MAILSTORE = `mbox03.${REAL}`;
const MX_INTERNAL_IP = '10.12.0.21';
/** The company's genuine outbound mail server: the sender names it in a forged hop. */
const REAL_OUTBOUND_IP = '203.0.113.25';
const ORIGINATING_IP = '10.8.0.14';
const FREEMAIL = 'quickinbox.example';

// Lookalikes of `sampadafinserv`: homoglyphs (rn for m, l or 1 for i, u for v) and extra letters.
const LOOKALIKES = [
  'sarnpadafinserv',
  'sampaddafinserv',
  'sampadafinnserv',
  'sampadaflnserv',
  'samppadafinserv',
  'sampadafinseru',
  'sampadaf1nserv',
  'sampadaafinserv',
].map((name) => `${name}.example`);

const SPF_RESULTS = ['pass', 'fail', 'softfail', 'neutral', 'none', 'temperror', 'permerror'];

interface Facts {
  lookalike: string;
  senderIp: string;
  queueId: string;
  token: string;
  seconds: number;
}

/** The answers and IDs of this start of the lab. */
function facts(lab: Pick<LabTools, 'instanceSecret'>): Facts {
  const secret = lab.instanceSecret('phish-eml');
  const n = (from: number, to: number) => parseInt(secret.slice(from, to), 16);
  const net = n(4, 6) % 2 ? '198.51.100' : '192.0.2';
  return {
    lookalike: LOOKALIKES[n(0, 4) % LOOKALIKES.length]!,
    senderIp: `${net}.${2 + (n(6, 8) % 252)}`,
    queueId: secret.slice(8, 18).toUpperCase(),
    token: secret.slice(18, 30),
    seconds: n(30, 32) % 50,
  };
}

export function answers(lab: Pick<LabTools, 'instanceSecret'>): { ip: string; domain: string; spf: string } {
  const f = facts(lab);
  return { ip: f.senderIp, domain: f.lookalike, spf: 'fail' };
}

const BOUNDARY = '=_b7e2c1a9f04d_alt';

/** The reported message, as the company's mail store saved it (CRLF line ends). */
export function buildEml(lab: Pick<LabTools, 'instanceSecret'>): string {
  const f = facts(lab);
  const s = (offset: number) => String(f.seconds + offset).padStart(2, '0');
  const fake = `https://mail.${REAL}/owa/verify`;
  const real = `https://mail.${f.lookalike}/owa/verify?u=kavya.menon&t=${f.token}`;
  const subject = `=?UTF-8?B?${Buffer.from('⚠ Action required: your mailbox will be suspended today').toString('base64')}?=`;
  const html = `<html><body>
<p>Dear Kavya,</p>
<p>Your mailbox has used 99% of its storage. To avoid suspension of incoming mail from 6 PM today, verify your account through the Sampada webmail portal:</p>
<p><a href="${real.replaceAll('&', '&amp;')}">${fake}</a></p>
<p>If you do not verify, pending salary and vendor payment notifications may be lost.</p>
<p>Regards,<br>IT Helpdesk, ${COMPANY}<br>Ext. 4410</p>
</body></html>`;
  const plain = `Dear Kavya,

Your mailbox has used 99% of its storage. To avoid suspension of incoming mail from 6 PM today, verify your account through the Sampada webmail portal:

${fake}

Regards,
IT Helpdesk, ${COMPANY}
Ext. 4410`;
  const lines = [
    `Return-Path: <bounce-7731@${f.lookalike}>`,
    `Delivered-To: kavya.menon@${REAL}`,
    `Received: from ${MX} (${MX} [${MX_INTERNAL_IP}])`,
    `\tby ${MAILSTORE} (Postfix) with LMTP id 7F21C40A9E`,
    `\tfor <kavya.menon@${REAL}>; Tue, 10 Mar 2026 09:14:${s(6)} +0530 (IST)`,
    `Authentication-Results: ${MX};`,
    `\tspf=fail (${MX}: domain of bounce-7731@${f.lookalike} does not designate ${f.senderIp} as permitted sender) smtp.mailfrom=bounce-7731@${f.lookalike};`,
    `\tdkim=none (message not signed) header.d=none;`,
    `\tdmarc=fail (p=NONE sp=NONE dis=NONE) header.from=${f.lookalike}`,
    `Received: from mail.${f.lookalike} (vps-${f.senderIp.replaceAll('.', '-')}.cloudhost.example [${f.senderIp}])`,
    `\tby ${MX} (Postfix) with ESMTPS id ${f.queueId}`,
    `\tfor <kavya.menon@${REAL}>; Tue, 10 Mar 2026 09:14:${s(4)} +0530 (IST)`,
    `Received: from mail.${REAL} (mail.${REAL} [${REAL_OUTBOUND_IP}])`,
    `\tby mail.${f.lookalike} (Postfix) with ESMTP id 3B9D0E21;`,
    `\tTue, 10 Mar 2026 03:43:${s(1)} +0000 (UTC)`,
    `Authentication-Results: secure-gw.${REAL};`,
    `\tspf=pass smtp.mailfrom=${REAL};`,
    `\tdkim=pass header.d=${REAL};`,
    `\tdmarc=pass header.from=${REAL}`,
    `X-Originating-IP: [${ORIGINATING_IP}]`,
    `From: "${COMPANY} IT Helpdesk" <it-helpdesk@${f.lookalike}>`,
    `Reply-To: <sampada.it.desk@${FREEMAIL}>`,
    `To: "Kavya Menon" <kavya.menon@${REAL}>`,
    `Subject: ${subject}`,
    `Date: Tue, 10 Mar 2026 09:13:${s(0)} +0530`,
    `Message-ID: <${f.token}.${f.queueId.toLowerCase()}@mail.${f.lookalike}>`,
    `X-Mailer: Microsoft Outlook 16.0`,
    `MIME-Version: 1.0`,
    `Content-Type: multipart/alternative; boundary="${BOUNDARY}"`,
    ``,
    `This is a multi-part message in MIME format.`,
    ``,
    `--${BOUNDARY}`,
    `Content-Type: text/plain; charset=UTF-8`,
    `Content-Transfer-Encoding: 7bit`,
    ``,
    plain,
    ``,
    `--${BOUNDARY}`,
    `Content-Type: text/html; charset=UTF-8`,
    `Content-Transfer-Encoding: quoted-printable`,
    ``,
    encodeQuotedPrintable(html),
    ``,
    `--${BOUNDARY}--`,
    ``,
  ];
  return lines.join('\n').replace(/\r?\n/g, '\r\n');
}

const NAV = `<p><a href="./">Report</a> · <a href="viewer">Header viewer</a> · <a href="source">Raw source</a> · <a href="message.eml">Download message.eml</a></p>`;

function viewerPage(lab: LabTools): LabResponse {
  const { headers, body } = splitMessage(buildEml(lab));
  const one = (name: string) => esc(decodeWords(headerValues(headers, name)[0] ?? '(none)'));
  const received = headerValues(headers, 'received').map(parseReceived);
  const auth = headers
    .map((h, index) => ({ ...h, index }))
    .filter((h) => h.name.toLowerCase() === 'authentication-results');
  const parts = leafParts(headers, body);
  const html = parts.find((p) => p.contentType === 'text/html');
  const links = html ? htmlLinks(html.body) : [];
  return page(
    'Header viewer',
    `<h1>Header viewer</h1>
${NAV}
<h2>Addresses</h2>
<table>
<tbody>
<tr><th scope="row">From</th><td>${one('from')}</td></tr>
<tr><th scope="row">Reply-To</th><td>${one('reply-to')}</td></tr>
<tr><th scope="row">Return-Path</th><td>${one('return-path')}</td></tr>
<tr><th scope="row">To</th><td>${one('to')}</td></tr>
<tr><th scope="row">Subject</th><td>${one('subject')}</td></tr>
<tr><th scope="row">Date</th><td>${one('date')}</td></tr>
<tr><th scope="row">Message-ID</th><td>${one('message-id')}</td></tr>
</tbody>
</table>
<h2>Received chain</h2>
<p>In the order the fields appear, top first. Each server adds its field above the ones already there.</p>
<table>
<thead><tr><th scope="col">#</th><th scope="col">from (and IP)</th><th scope="col">by</th><th scope="col">when</th></tr></thead>
<tbody>
${received
  .map(
    (hop, i) =>
      `<tr><td>${i + 1}</td><td>${esc(hop.from)}${hop.ip ? `<br>IP <code>${esc(hop.ip)}</code>` : ''}</td><td>${esc(hop.by)}</td><td>${esc(hop.date)}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>
<h2>Authentication-Results</h2>
${auth
  .map((field, i) => {
    const parsed = parseAuthResults(field.value);
    const position = headers.slice(0, field.index).filter((h) => h.name.toLowerCase() === 'received').length;
    return `<div class="lab-card"><p>Field ${i + 1}, written by <code>${esc(parsed.authservId)}</code>, found below Received field ${position} of the chain.</p>
<ul>${parsed.results.map((r) => `<li><strong>${esc(r.method)}=${esc(r.result)}</strong> ${esc(r.detail)}</li>`).join('')}</ul></div>`;
  })
  .join('\n')}
<h2>Links in the HTML part</h2>
<table>
<thead><tr><th scope="col">Text the reader sees</th><th scope="col">Where it really goes (href)</th></tr></thead>
<tbody>
${links.map((l) => `<tr><td><code>${esc(l.text)}</code></td><td><code>${esc(l.href)}</code></td></tr>`).join('\n')}
</tbody>
</table>
<h2>Other fields</h2>
<table>
<tbody>
${headers
  .filter(
    (h) =>
      ![
        'received',
        'authentication-results',
        'from',
        'reply-to',
        'return-path',
        'to',
        'subject',
        'date',
        'message-id',
      ].includes(h.name.toLowerCase()),
  )
  .map((h) => `<tr><th scope="row">${esc(h.name)}</th><td><code>${esc(h.value)}</code></td></tr>`)
  .join('\n')}
</tbody>
</table>`,
  );
}

function answerForm(values: { ip?: string; domain?: string; spf?: string } = {}, feedback = ''): string {
  return `<section class="lab-card" aria-labelledby="answer-title">
<h2 id="answer-title">Your analysis</h2>
${feedback}
<form method="post" action="answer" class="lab-form">
  <label>The IP address that really sent the message to ${COMPANY} <input name="ip" inputmode="decimal" autocomplete="off" spellcheck="false" value="${esc(values.ip ?? '')}" required></label>
  <label>The lookalike domain <input name="domain" autocapitalize="off" autocomplete="off" spellcheck="false" value="${esc(values.domain ?? '')}" required></label>
  <label>The SPF result ${esc(COMPANY)}'s own mail server recorded <select name="spf">${SPF_RESULTS.map(
    (r) => `<option value="${r}"${values.spf === r ? ' selected' : ''}>${r}</option>`,
  ).join('')}</select></label>
  <button type="submit">Submit analysis</button>
</form>
</section>`;
}

function homePage(values?: { ip?: string; domain?: string; spf?: string }, feedback = '', status = 200): LabResponse {
  return page(
    'Reported phishing email',
    `<h1>A reported phishing email</h1>
${NAV}
<p>Kavya Menon in accounts at ${COMPANY} (a fictional company, like everyone in this lab) pressed "Report phishing" on an email from the "IT Helpdesk". The security team saved the message exactly as their mail store received it. Before blocking anything, they need three facts from its headers.</p>
<ol>
<li>The IP address of the server that actually handed the message to ${COMPANY}'s mail system. Mail headers below that point were written by the sender and can say anything.</li>
<li>The lookalike domain the sender registered to imitate <code>${REAL}</code>.</li>
<li>The SPF result that ${COMPANY}'s own receiving server (<code>${MX}</code>) recorded.</li>
</ol>
<p>Open it in the <a href="viewer">header viewer</a>, read the <a href="source">raw source</a>, or <a href="message.eml">download message.eml</a> for your own mail client or tools.</p>
${answerForm(values, feedback)}`,
    { status },
  );
}

function normaliseDomain(raw: string): string {
  let value = raw.trim().toLowerCase();
  value = value.replace(/^[a-z]+:\/\//, '').replace(/[/?#].*$/, '');
  if (value.includes('@')) value = value.slice(value.lastIndexOf('@') + 1);
  return value.replace(/[>.]+$/, '');
}

const target: LabTarget = {
  id: 'se-phishing-eml-forensics',
  routes: {
    'GET /': () => homePage(),
    'GET /viewer': (_request, lab) => viewerPage(lab),
    'GET /source': (_request, lab) =>
      page(
        'Raw source',
        `<h1>Raw source</h1>
${NAV}
<pre>${esc(buildEml(lab))}</pre>`,
      ),
    'GET /message.eml': (_request, lab) =>
      text(buildEml(lab), {
        contentType: 'message/rfc822',
        headers: { 'content-disposition': 'attachment; filename="message.eml"' },
      }),
    'POST /answer': (request, lab) => {
      const form = request.form();
      const values = { ip: form.get('ip') ?? '', domain: form.get('domain') ?? '', spf: form.get('spf') ?? '' };
      const expected = answers(lab);
      const f = facts(lab);
      const ip = values.ip.trim().replace(/^\[|\]$/g, '');
      const domain = normaliseDomain(values.domain);
      const spf = values.spf.trim().toLowerCase();
      const notes: string[] = [];

      if (ip === expected.ip) notes.push('Sending IP: correct.');
      else if (ip === REAL_OUTBOUND_IP)
        notes.push(
          `Sending IP: ${ip} appears in a Received field written by the sender's own server, below the hop where ${COMPANY}'s MX took the message. Anything down there can be forged.`,
        );
      else if (ip === MX_INTERNAL_IP)
        notes.push(`Sending IP: ${ip} is an internal hop between ${COMPANY}'s own servers.`);
      else if (ip === ORIGINATING_IP)
        notes.push('Sending IP: X-Originating-IP is a field the sender wrote; it proves nothing.');
      else
        notes.push(
          'Sending IP: not the one. Find the Received field your MX wrote when a server from outside connected.',
        );

      if (domain === expected.domain) notes.push('Lookalike domain: correct.');
      else if (domain === REAL) notes.push(`Lookalike domain: ${REAL} is the genuine domain being imitated.`);
      else if (domain === FREEMAIL)
        notes.push('Lookalike domain: that is the free-mail domain in Reply-To, not a lookalike.');
      else if (domain.endsWith(`.${expected.domain}`))
        notes.push('Lookalike domain: that is a host name under it; give the registered domain itself.');
      else notes.push('Lookalike domain: not the one. Compare the From domain with the real one letter by letter.');

      if (spf === expected.spf) notes.push('SPF result: correct.');
      else if (spf === 'pass')
        notes.push(
          `SPF result: that "pass" comes from an Authentication-Results field the sender inserted lower in the message. Read the one ${MX} wrote.`,
        );
      else notes.push(`SPF result: not what ${MX} recorded.`);

      if (ip === expected.ip && domain === expected.domain && spf === expected.spf) {
        const flag = lab.solve();
        return page(
          'Analysis confirmed',
          `<h1>Analysis confirmed</h1>
<p>The message came from <code>${esc(f.senderIp)}</code>, a rented server, using the lookalike <code>${esc(f.lookalike)}</code>. SPF failed because that domain's record does not list the server, DKIM was absent, and DMARC failed, but the lookalike's policy is <code>p=none</code>, so the message was delivered. The "pass" verdicts lower down were the sender's own decoration.</p>
<p>Next steps: block the domain and IP at the gateway, search all mailboxes for the same Message-ID domain, and check whether anyone opened the link.</p>
<div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
        );
      }
      return homePage(
        values,
        `<ul class="lab-error" role="alert">${notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>`,
        400,
      );
    },
  },
};

export default target;
