// A staff portal whose login concatenates both fields into its SQL, inside single quotes
// (the lab the issue specifies exactly, so it can be checked from outside).
import { esc, page, redirect, type LabTarget } from '../host/lab-kit';

const SETUP = `
CREATE TABLE users (id INTEGER PRIMARY KEY, username TEXT NOT NULL, password TEXT NOT NULL, role TEXT NOT NULL);
INSERT INTO users (username, password, role) VALUES
  ('administrator', 'x9!Qm2#pL7@vR4$t', 'admin'),
  ('wiener', 'peter', 'staff'),
  ('carlos', 'montoya', 'staff');
`;

function loginForm(message = ''): string {
  return `<h1>Staff portal</h1>
<p>Sign in with your staff account. Test account: <code>wiener</code> / <code>peter</code>.</p>
${message}
<form method="post" action="login" class="lab-form">
  <label>Username <input name="username" autocomplete="username" autocapitalize="off" spellcheck="false" required></label>
  <label>Password <input name="password" type="password" autocomplete="current-password"></label>
  <button type="submit">Sign in</button>
</form>`;
}

const target: LabTarget = {
  id: 'web-sqli-login-bypass',
  routes: {
    'GET /': () => page('Staff portal', loginForm()),
    'GET /login': (_request, lab) => redirect(lab, '/'),
    'POST /login': (request, lab) => {
      const form = request.form();
      const username = form.get('username') ?? '';
      const password = form.get('password') ?? '';
      // The flaw: both values pasted between quotes.
      const query = `SELECT username, role FROM users WHERE username = '${username}' AND password = '${password}'`;
      const { rows } = lab.sql(SETUP, query);
      const user = rows[0] as { username: string; role: string } | undefined;
      if (!user) {
        return page(
          'Staff portal',
          loginForm(
            `<p class="lab-error" role="alert">Invalid username or password.</p><details><summary>Debug: the query that ran</summary><pre>${esc(query)}</pre></details>`,
          ),
          { status: 401 },
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
        `<h1>My account</h1><p>Signed in as <strong>${esc(user.username)}</strong> (${esc(user.role)}). Only administrator sees the admin dashboard.</p><p><a href="./">Sign out</a></p>`,
      );
    },
  },
};

export default target;
