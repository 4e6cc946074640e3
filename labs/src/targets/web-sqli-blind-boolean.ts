// A shop that recognises returning visitors by a TrackingId cookie, looked up with SQL that
// pastes the cookie between quotes. The page never shows data or errors: only whether the
// lookup returned a row ("Welcome back!"). That one yes/no answer is enough to read the
// administrator's password character by character; the sign-in form itself is safe.
import { esc, page, type LabTarget, type LabTools } from '../host/lab-kit';
import { staffSignInForm } from './shop-sign-in';
import { LabSqlError, LabSqlTimeout } from '../host/sql-sandbox';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

function digest(lab: Pick<LabTools, 'instanceSecret'>, purpose: string): Buffer {
  return Buffer.from(lab.instanceSecret(purpose), 'hex');
}

/** Six lowercase letters and digits, different for every start of the lab. */
function adminPassword(lab: Pick<LabTools, 'instanceSecret'>): string {
  return [...digest(lab, 'administrator').subarray(0, 6)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** The visitor id the shop hands out on the first visit. */
function trackingId(lab: Pick<LabTools, 'instanceSecret'>): string {
  return digest(lab, 'tracking').toString('hex').slice(0, 16);
}

// Trusted setup; the values put in it are letters and digits only.
function setup(lab: Pick<LabTools, 'instanceSecret'>): string {
  return `
CREATE TABLE tracking (id TEXT PRIMARY KEY, first_seen TEXT NOT NULL);
INSERT INTO tracking (id, first_seen) VALUES
  ('${trackingId(lab)}', '2025-10-20'),
  ('5be1f07a93c2d4e8', '2025-10-18');
CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL, password TEXT NOT NULL);
INSERT INTO users (username, password) VALUES
  ('administrator', '${adminPassword(lab)}'),
  ('kavya.reddy', 'filtercoffee'),
  ('rohan.das', 'rasgulla99');
`;
}

const PRODUCTS = [
  ['Pashmina stole, rust', 3450],
  ['Terracotta tea cups, set of six', 540],
  ['Kolhapuri chappals', 1190],
  ['Jaipur blue pottery vase', 1675],
] as const;

/** Whether the cookie's visitor is known. Any database error counts as "not known". */
function isReturningVisitor(lab: LabTools, id: string): boolean {
  // The flaw: the cookie is pasted between quotes.
  const query = `SELECT id FROM tracking WHERE id = '${id}'`;
  try {
    return lab.sql(setup(lab), query).rows.length > 0;
  } catch (error) {
    if (error instanceof LabSqlError || error instanceof LabSqlTimeout) return false;
    throw error;
  }
}

function cookieValue(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

const target: LabTarget = {
  id: 'web-sqli-blind-boolean',
  routes: {
    'GET /': (request, lab) => {
      const raw = request.cookies.TrackingId;
      const welcome = raw !== undefined && isReturningVisitor(lab, cookieValue(raw));
      return page(
        'Hastkala Store',
        `<h1>Hastkala Store</h1>
${welcome ? '<p class="lab-card">Welcome back!</p>' : ''}
<p>Crafts from Indian workshops, packed by hand.</p>
<ul>
${PRODUCTS.map(([name, price]) => `<li>${esc(name)}: ₹${price}</li>`).join('\n')}
</ul>
<p><a href="login">Staff sign-in</a></p>`,
        // A first visit gets a visitor id; the shop greets it on every later visit.
        raw === undefined ? { cookies: [{ name: 'TrackingId', value: trackingId(lab) }] } : {},
      );
    },
    'GET /login': () => page('Staff sign-in', staffSignInForm()),
    'POST /login': (request, lab) => {
      const form = request.form();
      const username = form.get('username') ?? '';
      const password = form.get('password') ?? '';
      // Safe: the values are bound, never pasted into the SQL.
      const { rows } = lab.sql(setup(lab), 'SELECT username FROM users WHERE username = ? AND password = ?', [
        username,
        password,
      ]);
      const user = rows[0] as { username: string } | undefined;
      if (!user) {
        return page(
          'Staff sign-in',
          staffSignInForm('<p class="lab-error" role="alert">Invalid username or password.</p>'),
          {
            status: 401,
          },
        );
      }
      if (user.username === 'administrator') {
        const flag = lab.solve();
        return page(
          'Admin dashboard',
          `<h1>Admin dashboard</h1><p>Welcome, administrator.</p><div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
        );
      }
      return page(
        'My account',
        `<h1>My account</h1><p>Signed in as <strong>${esc(user.username)}</strong>. Only administrator sees the admin dashboard.</p><p><a href="./">Back to the shop</a></p>`,
      );
    },
  },
};

export default target;
