// MandiLink, a (fictional) crop-price API for farmer co-operatives, authenticates every
// write with HMAC-SHA256 over METHOD \n PATH \n BODY. The construction is sound (HMAC,
// constant-time comparison), but the one signing secret, shared by the mobile app and the
// back office, is a word from a short list. The learner takes a signed request from the
// app's debug log, finds the secret by a dictionary attack (the lab's helper tries at most
// 100 words on the server, as hashcat -m 1450 would offline), signs a back-office request
// to release a payout batch, and sends it from the request editor.
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  esc,
  json,
  page,
  text,
  type LabRequest,
  type LabResponse,
  type LabTarget,
  type LabTools,
} from '../host/lab-kit';
import { secretIndex } from './crypto-bytes';

const APP = 'MandiLink';
const HEADER = 'X-MandiLink-Signature';
const MAX_WORDS = 100;
const MAX_WORD = 64;
const MAX_BODY = 2048;
const ADMIN_PATH = '/api/admin/payouts/release';

/** The "weak secrets" list from the co-operative's security awareness poster; the secret is one of them. */
const WORDLIST = [
  'mandi2024',
  'kisan123',
  'onion',
  'tomato',
  'soyabean',
  'cotton',
  'wheat',
  'basmati',
  'jowar',
  'bajra',
  'ragi',
  'tur-dal',
  'chana',
  'groundnut',
  'turmeric',
  'cardamom',
  'lasalgaon',
  'nashik',
  'indore',
  'azadpur',
  'vashi',
  'guntur',
  'erode',
  'unjha',
  'harvest',
  'kharif',
  'rabi',
  'monsoon',
  'tractor',
  'mandilink',
  'apisecret',
  'hmackey',
  'changeme',
  'password1',
  'admin@123',
  'welcome',
  'qwerty123',
  'secret',
  'letmein',
  'iloveindia',
  'jaikisan',
  'jaijawan',
  'krishi',
  'sabzi',
  'bhindi',
  'baingan',
  'aloo',
  'pyaz',
  'adrak',
  'lehsun',
  'mirchi',
  'haldi',
  'jeera',
  'dhaniya',
  'methi',
  'palak',
  'gobhi',
  'matar',
  'santra',
  'anaar',
] as const;

function secretFor(lab: Pick<LabTools, 'instanceSecret'>): string {
  return WORDLIST[secretIndex(lab, 'hmac-secret', WORDLIST.length)]!;
}

export function canonical(method: string, path: string, body: string): string {
  return `${method}\n${path}\n${body}`;
}

function hmacHex(key: string, message: string): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

function sameHex(given: string, expected: string): boolean {
  const a = Buffer.from(given.trim().toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The sample request in the app's debug log: genuine, signed with this instance's secret. */
function sampleRequest(lab: LabTools) {
  const method = 'POST';
  const path = '/api/prices';
  const body = '{"mandi":"Lasalgaon","crop":"onion","price_per_quintal":1840}';
  return { method, path, body, signature: hmacHex(secretFor(lab), canonical(method, path, body)) };
}

type Signed = { ok: true; payload: Record<string, unknown> } | { ok: false; response: LabResponse };

/** The API's check: signature first (constant time), then a JSON object body. */
function verify(request: LabRequest, lab: LabTools): Signed {
  const signature = request.headers[HEADER.toLowerCase()];
  if (!signature) {
    return { ok: false, response: json({ error: `Missing ${HEADER} header.` }, { status: 401 }) };
  }
  const expected = hmacHex(secretFor(lab), canonical(request.method, request.path, request.body));
  if (!sameHex(signature, expected)) {
    return {
      ok: false,
      response: json(
        { error: 'Bad signature: HMAC-SHA256 over METHOD\\nPATH\\nBODY does not match.' },
        { status: 401 },
      ),
    };
  }
  let payload: unknown;
  try {
    payload = JSON.parse(request.body);
  } catch {
    payload = null;
  }
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) {
    return { ok: false, response: json({ error: 'The body must be a JSON object.' }, { status: 400 }) };
  }
  return { ok: true, payload: payload as Record<string, unknown> };
}

function homePage(lab: LabTools): string {
  const sample = sampleRequest(lab);
  return `<h1>${APP} partner API</h1>
<p>Daily crop prices from APMC mandis across Maharashtra and Madhya Pradesh, for farmer producer companies. Reading prices is open; every write must be signed.</p>
<section class="lab-card" aria-labelledby="sign-title">
<h2 id="sign-title">How requests are signed</h2>
<pre>signature = hex( HMAC-SHA256( secret, METHOD + "\\n" + PATH + "\\n" + BODY ) )</pre>
<p>PATH is the part after this lab's address, such as <code>/api/prices</code>; BODY is the raw body, exactly as sent. Send the signature in the <code>${HEADER}</code> header. One secret is shared by our Android app and the back office.</p>
</section>
<section class="lab-card" aria-labelledby="log-title">
<h2 id="log-title">From the Android app's debug log</h2>
<pre id="sample">${esc(`${sample.method} ${sample.path}\nContent-Type: application/json\n${HEADER}: ${sample.signature}\n\n${sample.body}`)}</pre>
</section>
<h2>Endpoints</h2>
<ul>
  <li><code>GET /api/prices</code>: today's prices (<a href="api/prices">open</a>)</li>
  <li><code>POST /api/prices</code>: report a price (signed)</li>
  <li><code>POST ${ADMIN_PATH}</code>: back office only, releases a payout batch, body <code>{"batch":"PAY-1125"}</code> (signed)</li>
</ul>
<ul>
  <li><a href="tools">HMAC tools</a>: try a wordlist against a signature, or sign a request</li>
  <li><a href="wordlist.txt">wordlist.txt</a>: the "never use these" list from our security poster</li>
</ul>`;
}

interface ToolValues {
  method?: string;
  path?: string;
  body?: string;
  signature?: string;
  words?: string;
  key?: string;
  result?: string;
}

function toolsPage(lab: LabTools, values: ToolValues = {}): string {
  const sample = sampleRequest(lab);
  const method = esc(values.method ?? sample.method);
  const path = esc(values.path ?? sample.path);
  const body = esc(values.body ?? sample.body);
  const requestFields = (prefix: string) => `<div class="lab-row">
  <label>Method <input name="method" value="${method}" autocapitalize="characters" autocomplete="off" spellcheck="false" maxlength="10" required></label>
  <label class="lab-grow">Path <input name="path" value="${path}" autocapitalize="off" autocomplete="off" spellcheck="false" maxlength="200" required></label>
</div>
<label>Body (keep it on one line) <textarea name="body" id="${prefix}-body" rows="3" autocapitalize="off" autocomplete="off" spellcheck="false">${body}</textarea></label>`;
  return `<h1>HMAC tools</h1>
<p>These run on the lab's server. Offline, the same dictionary attack is <code>hashcat -m 1450 --hex-salt</code> (HMAC-SHA256, key = password) with the signed message, in hex, as the salt.</p>
${values.result ?? ''}
<section class="lab-card" aria-labelledby="crack-title">
<h2 id="crack-title">Try a wordlist</h2>
<p>For each word, computes HMAC-SHA256(word, METHOD\\nPATH\\nBODY) and compares it with the signature.</p>
<form method="post" action="tools/crack" class="lab-form">
${requestFields('crack')}
<label>Signature (hex) <input name="signature" value="${esc(values.signature ?? '')}" autocapitalize="off" autocomplete="off" spellcheck="false" maxlength="64" required></label>
<label>Words, one per line (at most ${MAX_WORDS}; leave empty for this lab's wordlist.txt) <textarea name="words" rows="4" autocapitalize="off" autocomplete="off" spellcheck="false">${esc(values.words ?? '')}</textarea></label>
<button type="submit">Try each word as the secret</button>
</form>
</section>
<section class="lab-card" aria-labelledby="signer-title">
<h2 id="signer-title">Sign a request</h2>
<form method="post" action="tools/sign" class="lab-form">
${requestFields('sign')}
<label>Secret <input name="key" value="${esc(values.key ?? '')}" autocapitalize="off" autocomplete="off" spellcheck="false" maxlength="${MAX_WORD}" required></label>
<button type="submit">Compute the signature</button>
</form>
</section>
<p><a href="./">Back to ${APP}</a></p>`;
}

function resultCard(title: string, body: string, error = false): string {
  return `<section class="lab-card" role="status" aria-labelledby="result-title"><h2 id="result-title"${error ? ' class="lab-error"' : ''}>${esc(title)}</h2>${body}</section>`;
}

function readRequestFields(form: URLSearchParams) {
  return {
    method: (form.get('method') ?? '').trim().toUpperCase(),
    path: (form.get('path') ?? '').trim(),
    body: form.get('body') ?? '',
  };
}

const target: LabTarget = {
  id: 'crypto-hmac-secret-wordlist',
  routes: {
    'GET /': (_request, lab) => page(APP, homePage(lab)),
    'GET /wordlist.txt': () => text(`${WORDLIST.join('\n')}\n`),
    'GET /tools': (_request, lab) => page('HMAC tools', toolsPage(lab)),
    'POST /tools/crack': (request, lab) => {
      const form = request.form();
      const fields = readRequestFields(form);
      const signature = (form.get('signature') ?? '').trim();
      const typed = form.get('words') ?? '';
      const words = typed.trim()
        ? typed
            .split(/\r?\n/)
            .map((w) => w.trim())
            .filter(Boolean)
        : [...WORDLIST];
      const values = { ...fields, signature, words: typed };
      let result: string;
      if (!/^[0-9a-fA-F]{64}$/.test(signature)) {
        result = resultCard('Not a signature', '<p>An HMAC-SHA256 signature is 64 hex digits.</p>', true);
      } else if (fields.body.length > MAX_BODY) {
        result = resultCard('Body too long', `<p>Give a body of at most ${MAX_BODY} characters.</p>`, true);
      } else if (words.length > MAX_WORDS || words.some((w) => w.length > MAX_WORD)) {
        result = resultCard(
          'Too many words',
          `<p>The helper tries at most ${MAX_WORDS} words of up to ${MAX_WORD} characters. Offline, hashcat has no such limit.</p>`,
          true,
        );
      } else {
        const message = canonical(fields.method, fields.path, fields.body);
        const found = words.find((word) => sameHex(signature, hmacHex(word, message)));
        result = found
          ? resultCard(
              'Secret found',
              `<p>The signature is HMAC-SHA256 under <code>${esc(found)}</code> (tried ${words.indexOf(found) + 1} of ${words.length} words).</p>`,
            )
          : resultCard(
              'No match',
              `<p>None of the ${words.length} words gives this signature for this method, path and body. Check that they match the request exactly.</p>`,
              true,
            );
      }
      return page('HMAC tools', toolsPage(lab, { ...values, result }));
    },
    'POST /tools/sign': (request, lab) => {
      const form = request.form();
      const fields = readRequestFields(form);
      const key = form.get('key') ?? '';
      const values = { ...fields, key };
      if (!key || key.length > MAX_WORD || fields.body.length > MAX_BODY || !fields.method || !fields.path) {
        const result = resultCard(
          'Not signed',
          `<p>Give a method, a path, a body of at most ${MAX_BODY} characters and a secret of 1 to ${MAX_WORD} characters.</p>`,
          true,
        );
        return page('HMAC tools', toolsPage(lab, { ...values, result }), { status: 400 });
      }
      const signature = hmacHex(key, canonical(fields.method, fields.path, fields.body));
      const result = resultCard(
        'Signed',
        `<p>Signature</p><pre id="signature">${signature}</pre>
<p>In the request editor: method <code>${esc(fields.method)}</code>, path <code>${esc(fields.path)}</code>, headers</p>
<pre>${esc(`Content-Type: application/json\n${HEADER}: ${signature}`)}</pre>
<p>and the body exactly as above.</p>`,
      );
      return page('HMAC tools', toolsPage(lab, { ...values, result }));
    },
    'GET /api/prices': () =>
      json({
        date: 'today',
        prices: [
          { mandi: 'Lasalgaon', crop: 'onion', price_per_quintal: 1840 },
          { mandi: 'Indore', crop: 'soyabean', price_per_quintal: 4410 },
          { mandi: 'Guntur', crop: 'chilli', price_per_quintal: 13950 },
        ],
      }),
    'POST /api/prices': (request, lab) => {
      const signed = verify(request, lab);
      if (!signed.ok) return signed.response;
      return json({ accepted: true, report: signed.payload });
    },
    [`POST ${ADMIN_PATH}`]: (request: LabRequest, lab: LabTools) => {
      const signed = verify(request, lab);
      if (!signed.ok) return signed.response;
      const batch = signed.payload.batch;
      if (typeof batch !== 'string' || !/^PAY-\d{1,8}$/.test(batch)) {
        return json({ error: 'Give the batch to release, such as {"batch":"PAY-1125"}.' }, { status: 400 });
      }
      const flag = lab.solve();
      return json({
        released: batch,
        amount_inr: 1842500,
        message: 'Payout batch released to 214 farmer accounts. The back office accepted your signature.',
        flag,
      });
    },
  },
};

export default target;
