// KiranaKart, a grocery shop whose "change email" form has no anti-CSRF token and whose
// session cookie is SameSite=None. The learner (wiener) writes an attacker page on the
// lab's exploit server; "Deliver exploit to victim" has carlos, who is signed in to the
// shop, open it. The simulated victim (parse5, ../host/victim) finds the forms the page
// submits by itself, and each one is sent to the shop the way carlos's browser would send
// it: with his session cookie when the cookie's SameSite attribute allows it, to the
// same change-email handler the learner's own form uses.
import { esc, page, redirect, type LabRequest, type LabTarget, type LabTools } from '../host/lab-kit';
import { formsSubmittedOnLoad } from '../host/victim';

const SHOP = 'KiranaKart';
const ENDPOINT = '/my-account/change-email';
/** The flaw's second half: the session cookie goes along on cross-site requests. */
const SESSION_SAMESITE: 'Strict' | 'Lax' | 'None' = 'None';
const MAX_EXPLOIT_BYTES = 2048;
/**
 * The state with a stored page may take this much JSON, so that the two email addresses
 * added later still fit in the platform's 3 KB state cookie (base64 of about 2.2 KB).
 */
const MAX_STATE_JSON = 1950;
const DEFAULT_EMAIL = { wiener: 'wiener@kiranakart.example', carlos: 'carlos@kiranakart.example' };
const STARTER = `<!doctype html>
<html>
<body>
<h1>Hello from the exploit server</h1>
</body>
</html>`;

type User = keyof typeof DEFAULT_EMAIL;

interface State {
  emails?: Partial<Record<User, string>>;
  exploit?: string;
  solved?: boolean;
}

function sessionFor(lab: LabTools, user: User): string {
  return lab.instanceSecret(`session:${user}`);
}

function userOf(lab: LabTools, cookies: Record<string, string>): User | null {
  const session = cookies.session;
  if (!session) return null;
  return (['wiener', 'carlos'] as const).find((user) => sessionFor(lab, user) === session) ?? null;
}

function state(lab: LabTools): State {
  return lab.state<State>() ?? {};
}

function emailOf(lab: LabTools, user: User): string {
  return state(lab).emails?.[user] ?? DEFAULT_EMAIL[user];
}

function validEmail(email: string): boolean {
  return email.length <= 100 && /^[^\s@<>"'()]+@[^\s@<>"'()]+\.[A-Za-z]{2,}$/.test(email);
}

/** The shop's own change-email handler, whoever's browser sends the request. */
function changeEmail(lab: LabTools, cookies: Record<string, string>, form: URLSearchParams) {
  const user = userOf(lab, cookies);
  if (!user) return { status: 401, user: null, message: 'Not signed in: the request carried no valid session cookie.' };
  // The flaw: no anti-CSRF token, no check of Origin or Sec-Fetch-Site, no re-authentication.
  const email = (form.get('email') ?? '').trim();
  if (!validEmail(email)) return { status: 400, user, message: 'That is not a valid email address.' };
  const current = state(lab);
  lab.setState({ ...current, emails: { ...current.emails, [user]: email } });
  return { status: 303, user, message: `Email changed to ${email}.` };
}

/** Does a browser attach a cookie with this SameSite value to a cross-site request? */
function sentCrossSite(sameSite: typeof SESSION_SAMESITE, method: string, topLevel: boolean): boolean {
  if (sameSite === 'None') return true;
  if (sameSite === 'Lax') return topLevel && (method === 'GET' || method === 'HEAD');
  return false;
}

function requestHost(request: LabRequest): string {
  return (request.headers['x-forwarded-host'] ?? request.headers.host ?? '').split(',')[0]!.trim();
}

function hostnameOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return null;
  }
}

function shopOrigin(request: LabRequest): string {
  const host = requestHost(request) || 'lab.example';
  const proto =
    request.headers['x-forwarded-proto']?.split(',')[0]?.trim() ??
    (/^(localhost|127\.|\[::1\])/.test(host) ? 'http' : 'https');
  return `${proto}://${host}`;
}

/**
 * Where carlos's browser sends a form the exploit page submits: the exploit server is
 * another site, so a full URL must name the shop's host and this lab's own path; a bare
 * path is accepted when it ends in the change-email endpoint.
 */
function reachesEndpoint(action: string, request: LabRequest, lab: LabTools): boolean {
  let url: URL;
  try {
    url = new URL(action.trim(), `http://exploit.invalid${lab.base}/exploit`);
  } catch {
    return false;
  }
  const path = url.pathname.replace(/\/+$/, '');
  if (url.host === 'exploit.invalid') return path.endsWith(ENDPOINT);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = requestHost(request);
  return (!host || url.hostname === hostnameOf(host)) && path === `${lab.base}${ENDPOINT}`;
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function carlosOpens(html: string, request: LabRequest, lab: LabTools): { log: string[]; changed: string | null } {
  const log = ['carlos, signed in to KiranaKart, opened your page.'];
  const forms = formsSubmittedOnLoad(html).slice(0, 5);
  if (forms.length === 0) {
    log.push('Nothing happened by itself: no form on the page submits without a click, and carlos clicks nothing.');
    return { log, changed: null };
  }
  let changed: string | null = null;
  for (const form of forms) {
    const fields = new URLSearchParams(form.fields);
    const sent = clip(`${form.method} ${form.action || '(no action)'} with ${fields.toString() || 'no fields'}`);
    if (!reachesEndpoint(form.action, request, lab)) {
      log.push(`His browser sent ${sent}: that is not KiranaKart's change-email endpoint, so nothing changed.`);
      continue;
    }
    if (form.method !== 'POST') {
      log.push(`His browser sent ${sent}: KiranaKart answered 405, its change-email endpoint takes POST only.`);
      continue;
    }
    const cookies: Record<string, string> = sentCrossSite(SESSION_SAMESITE, form.method, true)
      ? { session: sessionFor(lab, 'carlos') }
      : {};
    const result = changeEmail(lab, cookies, fields);
    log.push(`His browser sent ${sent}. KiranaKart answered ${result.status}: ${result.message}`);
    if (result.user === 'carlos' && result.status === 303) changed = emailOf(lab, 'carlos');
  }
  return { log, changed };
}

function homePage(lab: LabTools): string {
  return `<h1>${SHOP}</h1>
<p>Fresh atta, dal and masala delivered in 20 minutes. You are signed in as <strong>wiener</strong>.</p>
<ul>
  <li><a href="my-account">My account</a> (change your email address)</li>
  <li><a href="exploit">Exploit server</a> (your own site, somewhere else on the internet)</li>
</ul>
<div class="lab-card">
  <p>To keep shoppers signed in inside its partner widgets, ${SHOP} sets its session cookie like this:</p>
  <pre>Set-Cookie: session=…; Secure; HttpOnly; SameSite=${SESSION_SAMESITE}</pre>
  <p class="lab-muted">carlos, another shopper, is signed in too, and opens any link he is sent.</p>
</div>
${state(lab).solved ? `<p>carlos's email is now <strong>${esc(emailOf(lab, 'carlos'))}</strong>.</p>` : ''}`;
}

function accountPage(lab: LabTools, message = ''): string {
  return `<h1>My account</h1>
<p>Username: <strong>wiener</strong><br>Email: <strong>${esc(emailOf(lab, 'wiener'))}</strong></p>
${message}
<form method="post" action="my-account/change-email" class="lab-form">
  <label>New email <input name="email" type="email" autocomplete="email" autocapitalize="off" spellcheck="false" required></label>
  <button type="submit">Update email</button>
</form>
<p><a href="./">Back to the shop</a></p>`;
}

function exploitPage(request: LabRequest, lab: LabTools, message = ''): string {
  const current = state(lab);
  return `<h1>Exploit server</h1>
<p>This stands for a site you own, on another domain. Whatever HTML you store here is the page its visitors receive. Up to 2 KB.</p>
<p>${SHOP}'s change-email endpoint, as a full address:</p>
<pre>${esc(shopOrigin(request))}${esc(lab.base)}${ENDPOINT}</pre>
${message}
<form method="post" action="exploit" class="lab-form">
  <label>Your page (HTML) <textarea name="html" rows="12" autocapitalize="off" autocomplete="off" spellcheck="false" required>${esc(current.exploit ?? STARTER)}</textarea></label>
  <div class="lab-row">
    <button type="submit" name="action" value="store">Store</button>
    <button type="submit" name="action" value="deliver">Deliver exploit to victim</button>
  </div>
</form>
<p><a href="./">Back to the shop</a></p>`;
}

function withSession(request: LabRequest, lab: LabTools) {
  return userOf(lab, request.cookies) === 'wiener' ? [] : [{ name: 'session', value: sessionFor(lab, 'wiener') }];
}

const target: LabTarget = {
  id: 'web-csrf-email-change',
  routes: {
    'GET /': (request, lab) => {
      if (state(lab).solved) lab.solve();
      return page(SHOP, homePage(lab), { cookies: withSession(request, lab) });
    },
    'GET /my-account': (request, lab) => page('My account', accountPage(lab), { cookies: withSession(request, lab) }),
    'POST /my-account/change-email': (request, lab) => {
      const result = changeEmail(lab, request.cookies, request.form());
      if (result.status === 303) return redirect(lab, '/my-account');
      if (result.status === 401) {
        return page(
          'Signed out',
          `<h1>Signed out</h1><p class="lab-error">${esc(result.message)}</p><p><a href="../">Sign in again</a></p>`,
          { status: 401 },
        );
      }
      return page('My account', accountPage(lab, `<p class="lab-error" role="alert">${esc(result.message)}</p>`), {
        status: result.status,
      });
    },
    'GET /exploit': (request, lab) => {
      if (state(lab).solved) lab.solve();
      return page('Exploit server', exploitPage(request, lab));
    },
    'POST /exploit': (request, lab) => {
      const form = request.form();
      const html = (form.get('html') ?? '').replace(/\r\n/g, '\n');
      const error = (text: string) =>
        page('Exploit server', exploitPage(request, lab, `<p class="lab-error" role="alert">${esc(text)}</p>`), {
          status: 400,
        });
      if (Buffer.byteLength(html) > MAX_EXPLOIT_BYTES) {
        return error('The exploit server keeps at most 2 KB. Make the page shorter.');
      }
      const stored: State = { ...state(lab), exploit: html };
      if (Buffer.byteLength(JSON.stringify(stored)) > MAX_STATE_JSON) {
        return error('That page is too long for the exploit server once stored. Make it shorter.');
      }
      lab.setState(stored);
      if (form.get('action') !== 'deliver') {
        return page('Exploit server', exploitPage(request, lab, '<p role="status">Stored.</p>'));
      }
      const { log, changed } = carlosOpens(html, request, lab);
      if (changed) lab.setState({ ...state(lab), solved: true });
      if (state(lab).solved) lab.solve();
      const outcome = changed
        ? `<p role="status">carlos's email is now <strong>${esc(changed)}</strong>. A password reset for his account would now reach you.</p>`
        : '<p role="status">Delivered, but carlos\'s account did not change. Read what his browser did below.</p>';
      const report = `${outcome}<section class="lab-card" aria-labelledby="delivery-title"><h2 id="delivery-title">What happened</h2>${log.map((line) => `<p>${esc(line)}</p>`).join('')}</section>`;
      return page('Exploit server', exploitPage(request, lab, report));
    },
  },
};

export default target;
