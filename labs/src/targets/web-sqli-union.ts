// A gift shop whose category filter pastes the category into its SQL, inside single quotes,
// and prints the two columns it selects as a table. The accounts live in the same database,
// so a UNION SELECT reads them; the sign-in form itself is parameterised and safe.
import { esc, page, type LabTarget, type LabTools } from '../host/lab-kit';
import { staffSignInForm } from './shop-sign-in';

const CATEGORIES = ['Gifts', 'Kitchen', 'Stationery', 'Festive'];

/** The administrator's password: different for every start of the lab, so it must be read out. */
function adminPassword(lab: Pick<LabTools, 'instanceSecret'>): string {
  return lab.instanceSecret('administrator-password').slice(0, 12);
}

// Trusted setup; the only value put in it is hex from adminPassword().
function setup(lab: Pick<LabTools, 'instanceSecret'>): string {
  return `
CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT NOT NULL, category TEXT NOT NULL, price INTEGER NOT NULL, released INTEGER NOT NULL);
INSERT INTO products (name, category, price, released) VALUES
  ('Brass diya set of four', 'Gifts', 649, 1),
  ('Hand-block printed cushion cover', 'Gifts', 399, 1),
  ('Kashmiri saffron, 2 g tin', 'Gifts', 899, 1),
  ('Madhubani bookmark trio', 'Gifts', 149, 0),
  ('Cast-iron dosa tawa', 'Kitchen', 1249, 1),
  ('Steel masala dabba', 'Kitchen', 575, 1),
  ('Clay water pot with tap', 'Kitchen', 720, 0),
  ('Handmade paper notebook', 'Stationery', 220, 1),
  ('Bamboo pen stand', 'Stationery', 180, 1),
  ('Rangoli colour kit', 'Festive', 299, 1),
  ('Torans of marigold fabric', 'Festive', 459, 1),
  ('Diwali hamper (pre-order)', 'Festive', 2499, 0);
CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL, password TEXT NOT NULL, email TEXT NOT NULL);
INSERT INTO users (username, password, email) VALUES
  ('administrator', '${adminPassword(lab)}', 'admin@bazaarlane.example'),
  ('deepa.nair', 'Backwaters#2019', 'deepa.nair@bazaarlane.example'),
  ('arjun.mehta', 'chai-before-code', 'arjun.mehta@bazaarlane.example');
`;
}

function categoryNav(): string {
  return `<nav aria-label="Categories"><p>${CATEGORIES.map(
    (c) => `<a href="filter?category=${encodeURIComponent(c)}">${esc(c)}</a>`,
  ).join(' · ')}</p></nav>`;
}

const target: LabTarget = {
  id: 'web-sqli-union',
  routes: {
    'GET /': () =>
      page(
        'Bazaar Lane',
        `<h1>Bazaar Lane</h1>
<p>Handmade things from across India, delivered to your door. Choose a category:</p>
${categoryNav()}
<p><a href="login">Staff sign-in</a></p>`,
      ),
    'GET /filter': (request, lab) => {
      const category = request.query.get('category') ?? '';
      // The flaw: the category is pasted between quotes. A database error is shown as such.
      const query = `SELECT name, price FROM products WHERE category = '${category}' AND released = 1`;
      const { columns, rows } = lab.sql(setup(lab), query);
      const body = rows.length
        ? `<table>
<thead><tr><th scope="col">Product</th><th scope="col">Price (₹)</th></tr></thead>
<tbody>
${rows.map((row) => `<tr>${columns.map((c) => `<td>${esc(row[c] ?? '')}</td>`).join('')}</tr>`).join('\n')}
</tbody>
</table>`
        : '<p>No products in this category yet.</p>';
      return page(
        'Products | Bazaar Lane',
        `<h1>${esc(category)}</h1>
${categoryNav()}
${body}
<p><a href="./">Back to the shop</a></p>`,
      );
    },
    'GET /login': () => page('Staff sign-in', staffSignInForm()),
    'POST /login': (request, lab) => {
      const form = request.form();
      const username = form.get('username') ?? '';
      const password = form.get('password') ?? '';
      // Safe: the values are bound, never pasted into the SQL.
      const { rows } = lab.sql(setup(lab), 'SELECT username, email FROM users WHERE username = ? AND password = ?', [
        username,
        password,
      ]);
      const user = rows[0] as { username: string; email: string } | undefined;
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
          `<h1>Admin dashboard</h1><p>Welcome back, administrator.</p><div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
        );
      }
      return page(
        'My account',
        `<h1>My account</h1><p>Signed in as <strong>${esc(user.username)}</strong> (${esc(user.email)}). Only administrator sees the admin dashboard.</p><p><a href="./">Sign out</a></p>`,
      );
    },
  },
};

export default target;
