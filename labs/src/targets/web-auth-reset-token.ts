// PaisaPlus, a rewards wallet whose "forgot password" flow makes its reset token from the
// username and the minute of the request (base64url of `username:unixMinutes`). The shop
// stores only a hash of each token it issues (good), but anyone who has seen one token
// can write the token of any other request made in a known minute (the flaw). The
// learner reads their own token in the lab's email client, asks for a reset for carlos,
// writes carlos's token, sets his password and signs in as him.
import { createHash } from 'node:crypto';
import { esc, page, type LabTarget, type LabTools } from '../host/lab-kit';

const APP = 'PaisaPlus';
const USERS = ['wiener', 'carlos'] as const;
const TOKEN_LIFETIME_MS = 30 * 60_000;
const MAX_RESETS = 6;
const MAX_INBOX = 4;
/** Indian Standard Time, for the times the app shows. */
const IST_OFFSET_MS = 330 * 60_000;

type User = (typeof USERS)[number];

interface State {
  /** Issued reset tokens, by hash: the app never keeps the token itself. */
  resets?: { user: User; hash: string; at: number }[];
  /** wiener's mailbox: the reset emails sent to him. */
  inbox?: { at: number; token: string }[];
  /** Passwords set through a reset (hashes). */
  passwords?: Partial<Record<User, string>>;
}

function state(lab: LabTools): State {
  return lab.state<State>() ?? {};
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The flaw: nothing secret or random goes into the token. */
function resetToken(user: User, at: number): string {
  return Buffer.from(`${user}:${Math.floor(at / 60_000)}`).toString('base64url');
}

/** The same token whichever base64 alphabet or padding the learner used. */
function canonical(token: string): string | null {
  const trimmed = token.trim().replaceAll(' ', '+');
  if (!/^[A-Za-z0-9+/_-]{4,200}={0,2}$/.test(trimmed)) return null;
  return Buffer.from(trimmed, 'base64').toString('base64url');
}

function findReset(lab: LabTools, token: string) {
  const given = canonical(token);
  if (!given) return undefined;
  const hash = sha256(given);
  return state(lab).resets?.find((reset) => reset.hash === hash && Date.now() - reset.at < TOKEN_LIFETIME_MS);
}

function istTime(at: number): string {
  return new Date(at + IST_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19) + ' IST';
}

function timeTag(at: number): string {
  return `<time datetime="${new Date(at).toISOString()}">${istTime(at)}</time>`;
}

function passwordOk(lab: LabTools, user: User, password: string): boolean {
  const set = state(lab).passwords?.[user];
  if (set) return sha256(password) === set;
  // Before any reset: wiener's password is peter; carlos's is one you will not guess.
  return user === 'wiener' && password === 'peter';
}

function homePage(message = ''): string {
  return `<h1>${APP}</h1>
<p>Cashback on every UPI payment. Sign in to see your rewards. Your test account: <code>wiener</code> / <code>peter</code>.</p>
${message}
<form method="post" action="login" class="lab-form">
  <label>Username <input name="username" autocomplete="username" autocapitalize="off" spellcheck="false" required></label>
  <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
  <button type="submit">Sign in</button>
</form>
<ul>
  <li><a href="forgot-password">Forgot password?</a></li>
  <li><a href="email">Email client</a> (wiener's mailbox)</li>
  <li><a href="decoder">Decoder</a> (Base64)</li>
</ul>`;
}

function forgotForm(message = ''): string {
  return `<h1>Forgot password</h1>
<p>Give your username and we will email you a link to choose a new password.</p>
${message}
<form method="post" action="forgot-password" class="lab-form">
  <label>Username <input name="username" autocomplete="username" autocapitalize="off" spellcheck="false" required></label>
  <button type="submit">Send reset link</button>
</form>
<p><a href="./">Back to sign in</a></p>`;
}

function resetForm(token: string, message = ''): string {
  return `<h1>Choose a new password</h1>
${message}
<form method="post" action="reset" class="lab-form">
  <input type="hidden" name="token" value="${esc(token)}">
  <label>New password <input name="password" type="password" autocomplete="new-password" required maxlength="64"></label>
  <button type="submit">Save password</button>
</form>`;
}

const invalidLink = () =>
  page(
    'Reset link',
    '<h1>Reset link</h1><p class="lab-error" role="alert">This reset link is invalid or has expired. Ask for a new one.</p><p><a href="forgot-password">Forgot password</a></p>',
    { status: 400 },
  );

const target: LabTarget = {
  id: 'web-auth-reset-token',
  routes: {
    'GET /': () => page(APP, homePage()),
    'POST /login': (request, lab) => {
      const form = request.form();
      const username = (form.get('username') ?? '').trim();
      const user = USERS.find((u) => u === username);
      if (!user || !passwordOk(lab, user, form.get('password') ?? '')) {
        return page(APP, homePage('<p class="lab-error" role="alert">Invalid username or password.</p>'), {
          status: 401,
        });
      }
      if (user === 'carlos') {
        const flag = lab.solve();
        return page(
          'My rewards',
          `<h1>My rewards</h1><p>Signed in as <strong>carlos</strong>. Balance: ₹4,870 in cashback.</p><div class="lab-card"><p>You took over carlos's account. Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
        );
      }
      return page(
        'My rewards',
        `<h1>My rewards</h1><p>Signed in as <strong>wiener</strong>. Balance: ₹120 in cashback.</p><p>carlos has the big balance. <a href="./">Sign out</a></p>`,
      );
    },
    'GET /forgot-password': () => page('Forgot password', forgotForm()),
    'POST /forgot-password': (request, lab) => {
      const username = (request.form().get('username') ?? '').trim();
      const at = Date.now();
      const user = USERS.find((u) => u === username);
      if (user) {
        const token = resetToken(user, at);
        const current = state(lab);
        const resets = [...(current.resets ?? []), { user, hash: sha256(token), at }].slice(-MAX_RESETS);
        const inbox = user === 'wiener' ? [{ at, token }, ...(current.inbox ?? [])].slice(0, MAX_INBOX) : current.inbox;
        lab.setState({ ...current, resets, inbox });
      }
      // The same answer for every username: the form does not tell who has an account.
      return page(
        'Forgot password',
        forgotForm(
          `<p role="status">If <strong>${esc(username)}</strong> has an account, a reset link is on its way to that account's email. Requested at ${timeTag(at)}.</p>`,
        ),
      );
    },
    'GET /email': (_request, lab) => {
      const inbox = state(lab).inbox ?? [];
      const mails = inbox
        .map(
          (mail) => `<article class="lab-card">
  <p class="lab-muted">From: no-reply@paisaplus.example<br>To: wiener@paisaplus.example<br>Date: ${timeTag(mail.at)}</p>
  <h2>Reset your PaisaPlus password</h2>
  <p>Hello wiener, someone asked to reset your password. Use this link within 30 minutes:</p>
  <p><a href="reset?token=${esc(mail.token)}">reset?token=${esc(mail.token)}</a></p>
  <p class="lab-muted">If it was not you, ignore this email.</p>
</article>`,
        )
        .join('\n');
      return page(
        'Email client',
        `<h1>Email client</h1><p>wiener@paisaplus.example, newest first.</p>${mails || '<p>No emails yet.</p>'}<p><a href="./">Back to ${APP}</a></p>`,
      );
    },
    'GET /reset': (request, lab) => {
      const token = request.query.get('token') ?? '';
      if (!findReset(lab, token)) return invalidLink();
      return page('Choose a new password', resetForm(token));
    },
    'POST /reset': (request, lab) => {
      const form = request.form();
      const token = form.get('token') ?? '';
      const password = form.get('password') ?? '';
      const reset = findReset(lab, token);
      if (!reset) return invalidLink();
      if (password.length < 1 || password.length > 64) {
        return page(
          'Choose a new password',
          resetForm(token, '<p class="lab-error" role="alert">Choose a password of 1 to 64 characters.</p>'),
          {
            status: 400,
          },
        );
      }
      const current = state(lab);
      lab.setState({
        ...current,
        // Single use: every token of that account is spent.
        resets: (current.resets ?? []).filter((r) => r.user !== reset.user),
        passwords: { ...current.passwords, [reset.user]: sha256(password) },
      });
      return page(
        'Password changed',
        `<h1>Password changed</h1><p>The password of <strong>${esc(reset.user)}</strong> is changed. <a href="./">Sign in</a> with it.</p>`,
      );
    },
    'GET /decoder': (request) => {
      const input = request.query.get('text') ?? '';
      const mode = request.query.get('mode') === 'encode' ? 'encode' : 'decode';
      let result = '';
      if (input) {
        const clipped = input.slice(0, 500);
        const output =
          mode === 'encode'
            ? Buffer.from(clipped).toString('base64url')
            : Buffer.from(clipped.trim().replaceAll(' ', '+'), 'base64').toString('utf8');
        result = `<div class="lab-card"><p>Result:</p><pre>${esc(output)}</pre></div>`;
      }
      return page(
        'Decoder',
        `<h1>Decoder</h1>
<p>Base64 (and its URL-safe form) both ways. Encoding gives the URL-safe form, without padding.</p>
<form method="get" action="decoder" class="lab-form">
  <label>Text <textarea name="text" rows="3" autocapitalize="off" autocomplete="off" spellcheck="false" required>${esc(input)}</textarea></label>
  <label>Direction <select name="mode"><option value="decode"${mode === 'decode' ? ' selected' : ''}>Decode from Base64</option><option value="encode"${mode === 'encode' ? ' selected' : ''}>Encode to Base64</option></select></label>
  <button type="submit">Convert</button>
</form>
${result}
<p><a href="./">Back to ${APP}</a></p>`,
      );
    },
  },
};

export default target;
