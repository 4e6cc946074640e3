// A small-business billing portal. Invoices are opened by their number, in the page
// (`/invoices/1042`) and in a JSON API (`/api/invoices/1042`). Both check that someone is
// signed in, and neither checks whose invoice it is: an IDOR. Reading the invoice that
// belongs to the administrator solves the lab.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { esc, json, page, redirect, type LabRequest, type LabTarget, type LabTools } from '../host/lab-kit';

interface Line {
  description: string;
  qty: number;
  rate: number;
}

interface Invoice {
  id: number;
  customer: string;
  billed_to: string;
  gstin: string;
  issued: string;
  status: string;
  items: string;
  notes: string;
}

// The portal's data, rebuilt for every query (trusted rows; the lookups bind their values).
// Numbers are sequential across all customers, with gaps where a draft was voided.
const SETUP = `
CREATE TABLE invoices (
  id INTEGER PRIMARY KEY, customer TEXT NOT NULL, billed_to TEXT NOT NULL, gstin TEXT NOT NULL,
  issued TEXT NOT NULL, status TEXT NOT NULL, items TEXT NOT NULL, notes TEXT NOT NULL
);
INSERT INTO invoices VALUES
  (1042, 'wiener', 'Wiener Stationers, Sitabuldi, Nagpur 440012', '27AAKFW4821M1Z3', '2026-08-04', 'Paid',
   '[{"description":"Hisaab Cloud Starter plan, August","qty":1,"rate":499},{"description":"E-invoice add-on","qty":1,"rate":149}]', ''),
  (1043, 'ravi.kumar', 'Kumar Textiles Pvt Ltd, Ring Road, Surat 395002', '24AACCK7314R1ZQ', '2026-08-04', 'Paid',
   '[{"description":"Hisaab Cloud Business plan, August","qty":1,"rate":2499},{"description":"Extra user seats","qty":6,"rate":199}]',
   'Pay to HDFC Bank, A/c 50200061234587, IFSC HDFC0001263.'),
  (1045, 'asha.menon', 'Menon Home Bakes, Kakkanad, Kochi 682030', '32ABNPM2290K1Z8', '2026-08-06', 'Paid',
   '[{"description":"Hisaab Cloud Starter plan, August","qty":1,"rate":499}]', ''),
  (1046, 'ravi.kumar', 'Kumar Textiles Pvt Ltd, Ring Road, Surat 395002', '24AACCK7314R1ZQ', '2026-09-04', 'Paid',
   '[{"description":"Hisaab Cloud Business plan, September","qty":1,"rate":2499},{"description":"Extra user seats","qty":8,"rate":199}]',
   'Credit limit raised to Rs 5,00,000 on request of Mr Ravi Kumar (mobile 98250 41877).'),
  (1047, 'wiener', 'Wiener Stationers, Sitabuldi, Nagpur 440012', '27AAKFW4821M1Z3', '2026-09-04', 'Paid',
   '[{"description":"Hisaab Cloud Starter plan, September","qty":1,"rate":499},{"description":"E-invoice add-on","qty":1,"rate":149}]', ''),
  (1049, 'administrator', 'Hisaab Cloud Pvt Ltd (platform account), Baner, Pune 411045', '27AAHCH5512P1ZK', '2026-09-15', 'Internal',
   '[{"description":"SMS gateway credits, quarterly top-up","qty":50000,"rate":0.18},{"description":"Payment gateway fees, August","qty":1,"rate":18460}]',
   'INTERNAL. Live payment gateway API key: hcpg_live_7Qm2v9XkT4rW8zLp. Rotate after the September audit and never send it to a customer.'),
  (1051, 'ravi.kumar', 'Kumar Textiles Pvt Ltd, Ring Road, Surat 395002', '24AACCK7314R1ZQ', '2026-10-04', 'Due',
   '[{"description":"Hisaab Cloud Business plan, October","qty":1,"rate":2499},{"description":"Extra user seats","qty":8,"rate":199}]', ''),
  (1052, 'asha.menon', 'Menon Home Bakes, Kakkanad, Kochi 682030', '32ABNPM2290K1Z8', '2026-10-06', 'Due',
   '[{"description":"Hisaab Cloud Starter plan, October","qty":1,"rate":499}]', ''),
  (1053, 'wiener', 'Wiener Stationers, Sitabuldi, Nagpur 440012', '27AAKFW4821M1Z3', '2026-10-04', 'Due',
   '[{"description":"Hisaab Cloud Starter plan, October","qty":1,"rate":499},{"description":"E-invoice add-on","qty":1,"rate":149}]', '');
`;

// Only the test account can sign in; the others are there to be found.
const PASSWORDS: Record<string, string> = { wiener: 'peter' };

interface State {
  session?: string;
}

function signedInUser(request: LabRequest, lab: LabTools): string | null {
  const given = request.cookies.session;
  const expected = lab.state<State>()?.session;
  if (!given || !expected) return null;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) ? 'wiener' : null;
}

// The flaw: the invoice is fetched by its number alone. The fix is one more condition,
// `AND customer = ?` bound to the signed-in user, and a 404 when nothing comes back.
function findInvoice(lab: LabTools, id: string | undefined): Invoice | undefined {
  if (!id || !/^\d{1,9}$/.test(id)) return undefined;
  const { rows } = lab.sql(SETUP, 'SELECT * FROM invoices WHERE id = ?', [Number(id)]);
  return rows[0] as Invoice | undefined;
}

function lines(invoice: Invoice): Line[] {
  return JSON.parse(invoice.items) as Line[];
}

function total(invoice: Invoice): number {
  const net = lines(invoice).reduce((sum, line) => sum + line.qty * line.rate, 0);
  return Math.round(net * 1.18 * 100) / 100;
}

function rupees(amount: number): string {
  return `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function loginForm(message = ''): string {
  return `<h1>Hisaab Cloud billing</h1>
<p>Sign in to see your plan's invoices. Test account: <code>wiener</code> / <code>peter</code>.</p>
${message}
<form method="post" action="login" class="lab-form">
  <label>Username <input name="username" autocomplete="username" autocapitalize="off" spellcheck="false" required></label>
  <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
  <button type="submit">Sign in</button>
</form>`;
}

function signInFirst(lab: LabTools) {
  return page(
    'Sign in',
    `<h1>Sign in first</h1><p class="lab-error">Invoices are only shown to signed-in customers.</p><p><a href="${esc(lab.base)}/">Sign in</a></p>`,
    { status: 401 },
  );
}

function invoicePage(invoice: Invoice, flag: string | null, base: string) {
  const rows = lines(invoice)
    .map(
      (line) =>
        `<tr><td>${esc(line.description)}</td><td>${esc(line.qty)}</td><td>${esc(rupees(line.rate))}</td><td>${esc(rupees(line.qty * line.rate))}</td></tr>`,
    )
    .join('');
  const notes = invoice.notes ? `<p><strong>Notes:</strong> ${esc(invoice.notes)}</p>` : '';
  const flagCard = flag
    ? `<div class="lab-card"><p>This invoice belongs to administrator, not to you. Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`
    : '';
  return page(
    `Invoice ${invoice.id}`,
    `<h1>Invoice ${esc(invoice.id)}</h1>
${flagCard}
<div class="lab-card">
  <p><strong>Billed to:</strong> ${esc(invoice.billed_to)}<br>GSTIN ${esc(invoice.gstin)}</p>
  <p>Issued ${esc(invoice.issued)} · Status: ${esc(invoice.status)}</p>
</div>
<table>
  <thead><tr><th>Item</th><th>Qty</th><th>Rate</th><th>Amount</th></tr></thead>
  <tbody>${rows}</tbody>
</table>
<p><strong>Total with 18% GST: ${esc(rupees(total(invoice)))}</strong></p>
${notes}
<p><a href="${esc(base)}/api/invoices/${esc(invoice.id)}">This invoice as JSON</a> · <a href="${esc(base)}/account">My account</a></p>`,
  );
}

const target: LabTarget = {
  id: 'web-idor-invoices',
  routes: {
    'GET /': (request, lab) => {
      if (signedInUser(request, lab)) return redirect(lab, '/account');
      return page('Hisaab Cloud billing', loginForm());
    },
    'GET /login': (_request, lab) => redirect(lab, '/'),
    'POST /login': (request, lab) => {
      const form = request.form();
      const username = form.get('username') ?? '';
      const password = form.get('password') ?? '';
      if (!Object.hasOwn(PASSWORDS, username) || PASSWORDS[username] !== password) {
        return page(
          'Hisaab Cloud billing',
          loginForm('<p class="lab-error" role="alert">Invalid username or password.</p>'),
          { status: 401 },
        );
      }
      const session = randomBytes(18).toString('base64url');
      lab.setState({ session } satisfies State);
      return redirect(lab, '/account', { cookies: [{ name: 'session', value: session }] });
    },
    'GET /logout': (_request, lab) => {
      lab.setState({} satisfies State);
      return redirect(lab, '/', { cookies: [{ name: 'session', value: '' }] });
    },
    'GET /account': (request, lab) => {
      const user = signedInUser(request, lab);
      if (!user) return signInFirst(lab);
      const { rows } = lab.sql(SETUP, 'SELECT * FROM invoices WHERE customer = ? ORDER BY id DESC', [user]);
      const list = (rows as unknown as Invoice[])
        .map(
          (invoice) =>
            `<tr><td><a href="invoices/${esc(invoice.id)}">${esc(invoice.id)}</a></td><td>${esc(invoice.issued)}</td><td>${esc(rupees(total(invoice)))}</td><td>${esc(invoice.status)}</td></tr>`,
        )
        .join('');
      return page(
        'My account',
        `<h1>My account</h1>
<p>Signed in as <strong>${esc(user)}</strong> (Wiener Stationers, Nagpur). <a href="logout">Sign out</a></p>
<h2>Your invoices</h2>
<table>
  <thead><tr><th>Invoice</th><th>Issued</th><th>Total</th><th>Status</th></tr></thead>
  <tbody>${list}</tbody>
</table>
<p class="lab-muted">For your accountant's software: every invoice is also served as JSON at <code>api/invoices/&lt;number&gt;</code>, with your session cookie.</p>`,
      );
    },
    'GET /invoices/:id': (request, lab) => {
      if (!signedInUser(request, lab)) return signInFirst(lab);
      const invoice = findInvoice(lab, request.params.id);
      if (!invoice) {
        return page(
          'No such invoice',
          `<h1>No such invoice</h1><p class="lab-error">There is no invoice ${esc(request.params.id)}.</p><p><a href="${esc(lab.base)}/account">My account</a></p>`,
          { status: 404 },
        );
      }
      const flag = invoice.customer === 'administrator' ? lab.solve() : null;
      return invoicePage(invoice, flag, lab.base);
    },
    'GET /api/invoices/:id': (request, lab) => {
      if (!signedInUser(request, lab))
        return json({ error: 'Not signed in: send your session cookie.' }, { status: 401 });
      const invoice = findInvoice(lab, request.params.id);
      if (!invoice) return json({ error: `No invoice ${request.params.id ?? ''}.` }, { status: 404 });
      const answer = {
        id: invoice.id,
        customer: invoice.customer,
        billedTo: invoice.billed_to,
        gstin: invoice.gstin,
        issued: invoice.issued,
        status: invoice.status,
        lines: lines(invoice),
        totalWithGst: total(invoice),
        notes: invoice.notes,
      };
      if (invoice.customer === 'administrator') return json({ ...answer, flag: lab.solve() });
      return json(answer);
    },
  },
};

export default target;
