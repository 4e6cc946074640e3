// DabbaDrop, a lunchbox-delivery app whose session is an HS256 JWT in a cookie. The
// verifier is sound (it pins HS256, refuses `alg: none`, checks the signature in constant
// time and honours `exp`), but the HMAC secret is one word from a short list the app
// itself publishes. The learner cracks it offline (or with the lab's JWT helper, which
// tries at most 100 words), signs {"sub":"administrator"} and opens the admin page.
// All JWT code here is our own, on node:crypto.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { esc, page, redirect, text, type LabRequest, type LabTarget, type LabTools } from '../host/lab-kit';

const APP = 'DabbaDrop';
const MAX_TOKEN = 2048;
const MAX_WORDS = 100;
const MAX_WORD = 64;

/** The wordlist the app offers for download: the instance's secret is one of these. */
const WORDLIST = [
  'chai123',
  'masala',
  'cricket',
  'kohli18',
  'dhoni07',
  'mumbai',
  'bengaluru',
  'diwali2025',
  'holi',
  'biryani',
  'paneer',
  'jalebi',
  'samosa',
  'alphonso',
  'monsoon',
  'namaste',
  'password',
  'secret',
  'admin123',
  'letmein',
  'qwerty',
  'welcome1',
  'india@123',
  'jaihind',
  'bharat',
  'tiger',
  'chennai',
  'kolkata',
  'pune411',
  'rangoli',
  'ladoo',
  'dosa',
  'idli',
  'vadapav',
  'pavbhaji',
  'goa2024',
  'rupee',
  'sitar',
  'tabla',
  'bollywood',
  'rickshaw',
  'tiffin',
  'dabba',
  'kulfi',
  'lassi',
  'thali',
  'chutney',
  'achaar',
  'supersecret',
  'jwtsecret',
] as const;

interface Verified {
  payload: Record<string, unknown>;
}

type Verdict = Verified | { error: string };

function secretFor(lab: LabTools): string {
  return WORDLIST[Number.parseInt(lab.instanceSecret('jwt-secret').slice(0, 8), 16) % WORDLIST.length]!;
}

function b64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

function hs256(secret: string, signingInput: string): string {
  return createHmac('sha256', secret).update(signingInput).digest('base64url');
}

function signJwt(payload: Record<string, unknown>, secret: string): string {
  const input = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`;
  return `${input}.${hs256(secret, input)}`;
}

function parseJson(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The token's parts, decoded, without trusting anything in them. */
function decodeJwt(token: string) {
  const parts = token.trim().split('.');
  if (token.length > MAX_TOKEN || parts.length !== 3) return null;
  const [h, p, s] = parts as [string, string, string];
  const header = parseJson(h);
  const payload = parseJson(p);
  if (!header || !payload) return null;
  return { header, payload, signingInput: `${h}.${p}`, signature: s };
}

function sameSignature(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The server's verifier: the algorithm is the server's choice, never the token's. */
function verifyJwt(token: string, secret: string): Verdict {
  const decoded = decodeJwt(token);
  if (!decoded) return { error: 'The session token is malformed.' };
  if (decoded.header.alg !== 'HS256') {
    return {
      error: `Tokens signed with ${JSON.stringify(decoded.header.alg ?? null)} are refused: only HS256 is accepted.`,
    };
  }
  if (!sameSignature(decoded.signature, hs256(secret, decoded.signingInput))) {
    return { error: 'The session token has an invalid signature.' };
  }
  const { exp } = decoded.payload;
  if (exp !== undefined && (typeof exp !== 'number' || exp * 1000 < Date.now())) {
    return { error: 'The session token has expired. Sign in again.' };
  }
  if (typeof decoded.payload.sub !== 'string') return { error: 'The session token names no user (sub).' };
  return { payload: decoded.payload };
}

function session(request: LabRequest, lab: LabTools): Verdict | null {
  const token = request.cookies.session;
  return token ? verifyJwt(token, secretFor(lab)) : null;
}

function homePage(message = ''): string {
  return `<h1>${APP}</h1>
<p>Hot home-cooked lunch, picked up at 11 and at your desk by 1. Sign in to track your dabba. Test account: <code>wiener</code> / <code>peter</code>.</p>
${message}
<form method="post" action="login" class="lab-form">
  <label>Username <input name="username" autocomplete="username" autocapitalize="off" spellcheck="false" required></label>
  <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
  <button type="submit">Sign in</button>
</form>
<ul>
  <li><a href="admin">Admin panel</a></li>
  <li><a href="jwt">JWT helper</a> (decode, sign, try a wordlist)</li>
  <li><a href="wordlist.txt">wordlist.txt</a>: the "weak secrets" list from our security training</li>
</ul>`;
}

function refused(status: number, message: string) {
  return page(
    'Admin panel',
    `<h1>Admin panel</h1><p class="lab-error" role="alert">${esc(message)}</p><p><a href="./">Back to ${APP}</a></p>`,
    { status },
  );
}

interface HelperValues {
  token?: string;
  payload?: string;
  secret?: string;
  words?: string;
  result?: string;
}

function helperPage(lab: LabTools, values: HelperValues = {}): string {
  const token = esc(values.token ?? '');
  return `<h1>JWT helper</h1>
<p>A token is header.payload.signature, each part Base64url. This helper runs on the lab's server; a real attacker runs the same steps offline (<code>hashcat -m 16500</code>).</p>
${values.result ?? ''}
<section class="lab-card" aria-labelledby="decode-title">
  <h2 id="decode-title">Decode</h2>
  <form method="post" action="${esc(lab.base)}/jwt/decode" class="lab-form">
    <label>Token <textarea name="token" rows="4" autocapitalize="off" autocomplete="off" spellcheck="false" required>${token}</textarea></label>
    <button type="submit">Decode</button>
  </form>
</section>
<section class="lab-card" aria-labelledby="crack-title">
  <h2 id="crack-title">Try a wordlist</h2>
  <form method="post" action="${esc(lab.base)}/jwt/crack" class="lab-form">
    <label>Token <textarea name="token" rows="4" autocapitalize="off" autocomplete="off" spellcheck="false" required>${token}</textarea></label>
    <label>Words, one per line (at most ${MAX_WORDS}; leave empty to use this lab's wordlist.txt) <textarea name="words" rows="4" autocapitalize="off" autocomplete="off" spellcheck="false">${esc(values.words ?? '')}</textarea></label>
    <button type="submit">Try each word as the HS256 secret</button>
  </form>
</section>
<section class="lab-card" aria-labelledby="sign-title">
  <h2 id="sign-title">Sign (HS256)</h2>
  <form method="post" action="${esc(lab.base)}/jwt/sign" class="lab-form">
    <label>Payload (JSON) <textarea name="payload" rows="3" autocapitalize="off" autocomplete="off" spellcheck="false" required>${esc(values.payload ?? '{"sub":"wiener"}')}</textarea></label>
    <label>Secret <input name="secret" value="${esc(values.secret ?? '')}" autocapitalize="off" autocomplete="off" spellcheck="false" required maxlength="${MAX_WORD}"></label>
    <button type="submit">Sign</button>
  </form>
</section>
<p>To send a token as your session, use the request editor: <code>GET /admin</code> with the header <code>Cookie: session=&lt;token&gt;</code>.</p>
<p><a href="./">Back to ${APP}</a></p>`;
}

function resultCard(title: string, body: string, error = false): string {
  return `<section class="lab-card" role="status" aria-labelledby="result-title"><h2 id="result-title"${error ? ' class="lab-error"' : ''}>${esc(title)}</h2>${body}</section>`;
}

const target: LabTarget = {
  id: 'web-jwt-weak-secret',
  routes: {
    'GET /': () => page(APP, homePage()),
    'POST /login': (request, lab) => {
      const form = request.form();
      if (form.get('username') !== 'wiener' || form.get('password') !== 'peter') {
        return page(APP, homePage('<p class="lab-error" role="alert">Invalid username or password.</p>'), {
          status: 401,
        });
      }
      const iat = Math.floor(Date.now() / 1000);
      const token = signJwt({ sub: 'wiener', name: 'Wiener Iyer', iat, exp: iat + 2 * 3600 }, secretFor(lab));
      return redirect(lab, '/my-account', { cookies: [{ name: 'session', value: token }] });
    },
    'GET /my-account': (request, lab) => {
      const verdict = session(request, lab);
      if (!verdict || 'error' in verdict) return redirect(lab, '/');
      return page(
        'My account',
        `<h1>My account</h1>
<p>Signed in as <strong>${esc(verdict.payload.sub)}</strong>. Next delivery: Monday, rajma chawal.</p>
<p>Your session token (the <code>session</code> cookie), for our mobile app:</p>
<pre>${esc(request.cookies.session)}</pre>
<p><a href="jwt">Open it in the JWT helper</a> · <a href="admin">Admin panel</a></p>`,
      );
    },
    'GET /admin': (request, lab) => {
      const verdict = session(request, lab);
      if (!verdict) return refused(401, 'Sign in first: no session cookie.');
      if ('error' in verdict) return refused(401, verdict.error);
      if (verdict.payload.sub !== 'administrator') {
        return refused(
          403,
          `Signed in as ${String(verdict.payload.sub)}. Only administrator may open the admin panel.`,
        );
      }
      const flag = lab.solve();
      return page(
        'Admin panel',
        `<h1>Admin panel</h1><p>Welcome, administrator. 1,284 dabbas out today across 9 routes.</p><div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
      );
    },
    'GET /wordlist.txt': () => text(`${WORDLIST.join('\n')}\n`),
    'GET /jwt': (_request, lab) => page('JWT helper', helperPage(lab)),
    'POST /jwt/decode': (request, lab) => {
      const token = (request.form().get('token') ?? '').trim();
      const decoded = decodeJwt(token);
      const result = decoded
        ? resultCard(
            'Decoded',
            `<p>Header</p><pre>${esc(JSON.stringify(decoded.header, null, 2))}</pre><p>Payload</p><pre>${esc(JSON.stringify(decoded.payload, null, 2))}</pre><p>Signature</p><pre>${esc(decoded.signature)}</pre>`,
          )
        : resultCard(
            'Not a JWT',
            '<p>Give three Base64url parts joined by dots, the first two JSON objects.</p>',
            true,
          );
      return page('JWT helper', helperPage(lab, { token, result }));
    },
    'POST /jwt/crack': (request, lab) => {
      const form = request.form();
      const token = (form.get('token') ?? '').trim();
      const typed = form.get('words') ?? '';
      const words = typed.trim()
        ? typed
            .split(/\r?\n/)
            .map((w) => w.trim())
            .filter(Boolean)
        : [...WORDLIST];
      const decoded = decodeJwt(token);
      let result: string;
      if (!decoded) {
        result = resultCard('Not a JWT', '<p>Paste a whole token: header.payload.signature.</p>', true);
      } else if (decoded.header.alg !== 'HS256') {
        result = resultCard('Not HS256', '<p>This helper tries HMAC-SHA256 secrets only.</p>', true);
      } else if (words.length > MAX_WORDS || words.some((w) => w.length > MAX_WORD)) {
        result = resultCard(
          'Too many words',
          `<p>The helper tries at most ${MAX_WORDS} words of up to ${MAX_WORD} characters. Offline, hashcat has no such limit.</p>`,
          true,
        );
      } else {
        const found = words.find((word) => sameSignature(decoded.signature, hs256(word, decoded.signingInput)));
        result = found
          ? resultCard(
              'Secret found',
              `<p>The token is signed with <code>${esc(found)}</code> (tried ${words.indexOf(found) + 1} of ${words.length} words).</p>`,
            )
          : resultCard('No match', `<p>None of the ${words.length} words signs this token.</p>`, true);
      }
      return page('JWT helper', helperPage(lab, { token, words: typed, result }));
    },
    'POST /jwt/sign': (request, lab) => {
      const form = request.form();
      const payloadText = form.get('payload') ?? '';
      const secret = form.get('secret') ?? '';
      let payload: unknown;
      try {
        payload = payloadText.length <= 1024 ? JSON.parse(payloadText) : null;
      } catch {
        payload = null;
      }
      const values = { payload: payloadText, secret };
      if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
        const result = resultCard('Not signed', '<p>The payload must be a JSON object of at most 1 KB.</p>', true);
        return page('JWT helper', helperPage(lab, { ...values, result }), { status: 400 });
      }
      if (!secret || secret.length > MAX_WORD) {
        const result = resultCard('Not signed', `<p>Give a secret of 1 to ${MAX_WORD} characters.</p>`, true);
        return page('JWT helper', helperPage(lab, { ...values, result }), { status: 400 });
      }
      const token = signJwt(payload as Record<string, unknown>, secret);
      const result = resultCard('Signed', `<pre>${esc(token)}</pre>`);
      return page('JWT helper', helperPage(lab, { ...values, token, result }));
    },
  },
};

export default target;
