// HostelDrop, a (fictional) parcel-locker kiosk in a college hostel, hands out pickup
// tokens: hex of IV || AES-128-CBC(PKCS #7 padded text), no MAC (node:crypto, padding
// checked by our own code). Its pickup API answers 500 "padding error" when the padding
// is wrong and 403 "invalid token" when the padding is right but the text is not a token:
// a padding oracle. The kiosk's public log leaks a service engineer's token; its
// plaintext is the engineer's passphrase, which the service console asks for. The learner
// decrypts it with Vaudenay's attack, by script against GET /api/pickup or one byte per
// click with the oracle helper, which asks the very same oracle and nothing else.
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { esc, json, page, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import { BLOCK, blocksOf, pkcs7Pad, pkcs7Unpad, printable, readHex, secretBytes, secretIndex } from './crypto-bytes';

const APP = 'HostelDrop';
const MAX_TOKEN = 256;

const COLOURS = ['teal', 'amber', 'coral', 'indigo', 'maroon', 'ochre', 'olive', 'ivory', 'khaki', 'peach'];
const ANIMALS = ['otter', 'gaur', 'langur', 'civet', 'dhole', 'nilgai', 'chital', 'sambar', 'tahr', 'lynx'];

const STUDENT_PLAINTEXT = 'user:kavya:locker-14';

/** The service engineer's passphrase token, 24 to 28 bytes: two blocks once padded. */
export function servicePlaintext(lab: Pick<LabTools, 'instanceSecret'>): string {
  const colour = COLOURS[secretIndex(lab, 'cbc-colour', COLOURS.length)];
  const animal = ANIMALS[secretIndex(lab, 'cbc-animal', ANIMALS.length)];
  const digits = 1000 + secretIndex(lab, 'cbc-digits', 9000);
  return `svc:rohan:${colour}-${animal}-${digits}`;
}

function key(lab: Pick<LabTools, 'instanceSecret'>): Buffer {
  return secretBytes(lab, 'cbc-key', 16);
}

function issue(lab: Pick<LabTools, 'instanceSecret'>, plaintext: string, purpose: string): string {
  const iv = secretBytes(lab, `cbc-iv-${purpose}`, 16);
  const cipher = createCipheriv('aes-128-cbc', key(lab), iv);
  cipher.setAutoPadding(false);
  return Buffer.concat([iv, cipher.update(pkcs7Pad(Buffer.from(plaintext))), cipher.final()]).toString('hex');
}

export const studentToken = (lab: Pick<LabTools, 'instanceSecret'>) => issue(lab, STUDENT_PLAINTEXT, 'student');
export const serviceToken = (lab: Pick<LabTools, 'instanceSecret'>) => issue(lab, servicePlaintext(lab), 'service');

/** What the pickup API answers for a token; the helper reads only its status. */
function pickupAnswer(lab: Pick<LabTools, 'instanceSecret'>, token: Buffer): LabResponse {
  if (token.length < 2 * BLOCK || token.length % BLOCK) {
    return json({ error: 'bad token format' }, { status: 400 });
  }
  const decipher = createDecipheriv('aes-128-cbc', key(lab), token.subarray(0, BLOCK));
  decipher.setAutoPadding(false);
  const padded = Buffer.concat([decipher.update(token.subarray(BLOCK)), decipher.final()]);
  const data = pkcs7Unpad(padded);
  // The flaw: a padding failure is told apart from every other failure.
  if (!data) return json({ error: 'padding error', detail: 'PKCS#7 unpad failed' }, { status: 500 });
  const match = /^(user|svc):([a-z]{2,16}):([a-z0-9-]{1,24})$/.exec(data.toString('latin1'));
  if (!match) return json({ error: 'invalid token' }, { status: 403 });
  if (match[1] === 'svc') {
    return json({ ok: true, message: `Service mode for ${match[2]}: all lockers unlocked for maintenance.` });
  }
  return json({ ok: true, message: `Hello ${match[2]}, ${match[3]} is open. Collect your parcel.` });
}

/** The padding oracle, exactly as an outsider sees it: anything but a 500 means the padding was valid. */
function paddingValid(lab: Pick<LabTools, 'instanceSecret'>, token: Buffer): boolean {
  return pickupAnswer(lab, token).status !== 500;
}

const hexByte = (n: number) => `0x${n.toString(16).padStart(2, '0')}`;

interface Step {
  /** The intermediate byte found, at position j, and what it took. */
  j: number;
  pad: number;
  guess: number;
  queries: number;
  intermediate: number;
  plain: number;
  previous: number;
  checked: boolean;
  /** The accepted C′, in hex. */
  forged: string;
}

/**
 * One step of Vaudenay's attack on block `target` (whose predecessor is `previous`),
 * with the intermediate bytes after position j already known. Asks only the oracle.
 */
function nextByte(
  lab: Pick<LabTools, 'instanceSecret'>,
  previous: Buffer,
  target: Buffer,
  known: Buffer,
): Step | { error: string; queries: number } {
  const j = BLOCK - 1 - known.length;
  const pad = BLOCK - j;
  const forged = Buffer.alloc(BLOCK);
  for (let k = j + 1; k < BLOCK; k += 1) forged[k] = known[k - j - 1]! ^ pad;
  let queries = 0;
  for (let guess = 0; guess < 256; guess += 1) {
    forged[j] = guess;
    queries += 1;
    if (!paddingValid(lab, Buffer.concat([forged, target]))) continue;
    let checked = false;
    if (j === BLOCK - 1) {
      // Rule out an accidental 02 02 (or 03 03 03…) ending: change the byte before and ask again.
      forged[j - 1] = forged[j - 1]! ^ 0xff;
      queries += 1;
      const still = paddingValid(lab, Buffer.concat([forged, target]));
      forged[j - 1] = forged[j - 1]! ^ 0xff;
      if (!still) continue;
      checked = true;
    }
    const intermediate = guess ^ pad;
    return {
      j,
      pad,
      guess,
      queries,
      intermediate,
      plain: intermediate ^ previous[j]!,
      previous: previous[j]!,
      checked,
      forged: forged.toString('hex'),
    };
  }
  return { error: 'No value of the byte gave valid padding: an intermediate byte you gave is wrong.', queries };
}

interface HelperValues {
  token: string;
  block: number;
  known: string;
  plain: string;
}

function helperForm(values: HelperValues, label: string): string {
  return `<form method="post" action="helper" class="lab-form">
<label>Token (hex) <textarea name="token" rows="3" autocapitalize="off" autocomplete="off" spellcheck="false" required>${esc(values.token)}</textarea></label>
<label>Block to decrypt (1 is the first block after the IV) <input name="block" type="number" min="1" max="15" value="${values.block}" required></label>
<label>Intermediate bytes found so far in this block (hex, the last bytes of I) <input name="known" value="${esc(values.known)}" autocapitalize="off" autocomplete="off" spellcheck="false"></label>
<label>Plaintext of earlier blocks (hex, kept for you) <input name="plain" value="${esc(values.plain)}" autocapitalize="off" autocomplete="off" spellcheck="false"></label>
<button type="submit">${esc(label)}</button>
</form>`;
}

function blockTable(previous: Buffer, known: Buffer): string {
  const start = BLOCK - known.length;
  const cells = Array.from({ length: BLOCK }, (_, i) => {
    const k = i - start;
    const inter = k >= 0 ? known[k]! : undefined;
    const plain = inter === undefined ? undefined : inter ^ previous[i]!;
    return `<tr><th scope="row">${i}</th><td><code>${previous[i]!.toString(16).padStart(2, '0')}</code></td><td><code>${inter === undefined ? '??' : inter.toString(16).padStart(2, '0')}</code></td><td><code>${plain === undefined ? '??' : `${plain.toString(16).padStart(2, '0')} ${esc(printable(Buffer.from([plain])))}`}</code></td></tr>`;
  }).join('\n');
  return `<table>
<thead><tr><th scope="col">Byte</th><th scope="col">Previous block C (the IV for block 1)</th><th scope="col">Intermediate I</th><th scope="col">Plaintext P = I ⊕ C</th></tr></thead>
<tbody>
${cells}
</tbody>
</table>`;
}

function helperPage(values: HelperValues, result = '', label = 'Find the next byte'): string {
  return `<h1>Oracle helper</h1>
<p>Runs the padding oracle attack one byte per press. For each press it sends forged two-block tokens <code>C′ || C_i</code> to the same check as <code>GET /api/pickup</code>, and reads only one thing: did the answer say "padding error" (500) or not.</p>
${result}
${helperForm(values, label)}
<p><a href="./">Back to ${APP}</a></p>`;
}

function helperStep(lab: LabTools, form: URLSearchParams): LabResponse {
  const values: HelperValues = {
    token: (form.get('token') ?? '').trim(),
    block: Number.parseInt(form.get('block') ?? '1', 10) || 1,
    known: (form.get('known') ?? '').trim().toLowerCase(),
    plain: (form.get('plain') ?? '').trim().toLowerCase(),
  };
  const fail = (message: string, status = 400) =>
    page('Oracle helper', helperPage(values, `<p class="lab-error" role="alert">${esc(message)}</p>`), { status });
  const token = readHex(values.token, MAX_TOKEN, 'The token');
  if ('error' in token) return fail(token.error);
  if (token.bytes.length < 2 * BLOCK || token.bytes.length % BLOCK) {
    return fail('A token is an IV and at least one block: a multiple of 16 bytes, 32 or more.');
  }
  const blocks = blocksOf(token.bytes);
  if (values.block < 1 || values.block >= blocks.length) {
    return fail(`This token has blocks 1 to ${blocks.length - 1} after its IV.`);
  }
  const known = values.known ? readHex(values.known, BLOCK, 'The intermediate bytes') : { bytes: Buffer.alloc(0) };
  if ('error' in known) return fail(known.error);
  if (known.bytes.length === BLOCK) {
    return fail(
      `All 16 intermediate bytes of block ${values.block} are known: choose another block, with none known.`,
      200,
    );
  }
  const plainHex = values.plain
    ? readHex(values.plain, MAX_TOKEN, 'The earlier plaintext')
    : { bytes: Buffer.alloc(0) };
  if ('error' in plainHex) return fail(plainHex.error);

  const previous = blocks[values.block - 1]!;
  const target = blocks[values.block]!;
  const step = nextByte(lab, previous, target, known.bytes);
  if ('error' in step) {
    return fail(`${step.error} (asked the oracle ${step.queries} times)`, 200);
  }
  const newKnown = Buffer.concat([Buffer.from([step.intermediate]), known.bytes]);
  const explain = `<p>Block ${values.block}, byte ${step.j}: wanted the padding to end in ${step.pad} × <code>${hexByte(step.pad)}</code>. The oracle accepted <code>C′[${step.j}] = ${hexByte(step.guess)}</code> after ${step.queries} questions${step.checked ? ' (and still accepted it with byte 14 changed, so this really is 01 padding)' : ''}.</p>
<p>Accepted C′ (sent before block ${values.block}): <code>${step.forged}</code></p>
<pre>I[${step.j}] = C′[${step.j}] ⊕ ${hexByte(step.pad)} = ${hexByte(step.guess)} ⊕ ${hexByte(step.pad)} = ${hexByte(step.intermediate)}
P[${step.j}] = I[${step.j}] ⊕ C[${step.j}] = ${hexByte(step.intermediate)} ⊕ ${hexByte(step.previous)} = ${hexByte(step.plain)}</pre>`;
  if (newKnown.length < BLOCK) {
    const next = { ...values, known: newKnown.toString('hex') };
    return page(
      'Oracle helper',
      helperPage(
        next,
        `<section class="lab-card" role="status" aria-labelledby="step-title"><h2 id="step-title">Found byte ${step.j}</h2>${explain}${blockTable(previous, newKnown)}</section>`,
      ),
    );
  }
  const blockPlain = Buffer.from(newKnown.map((b, i) => b ^ previous[i]!));
  const allPlain = Buffer.concat([plainHex.bytes, blockPlain]);
  const last = values.block === blocks.length - 1;
  const unpadded = last ? pkcs7Unpad(allPlain) : null;
  const summary = `<p>Block ${values.block} is done: <code>${esc(printable(blockPlain))}</code>.</p>
<p>Plaintext so far:</p><pre id="plaintext-so-far">${esc(printable(allPlain))}</pre>${
    last
      ? `<p>That was the last block. Without its PKCS #7 padding the plaintext is:</p><pre id="plaintext">${esc(printable(unpadded ?? allPlain))}</pre>`
      : '<p>The form below moves on to the next block.</p>'
  }`;
  const next: HelperValues = last
    ? { ...values, known: newKnown.toString('hex') }
    : { token: values.token, block: values.block + 1, known: '', plain: allPlain.toString('hex') };
  return page(
    'Oracle helper',
    helperPage(
      next,
      `<section class="lab-card" role="status" aria-labelledby="step-title"><h2 id="step-title">Found byte ${step.j}</h2>${explain}${blockTable(previous, newKnown)}${summary}</section>`,
      last ? 'Done (pressing again finds nothing more)' : 'Find the next byte',
    ),
  );
}

function homePage(lab: LabTools, message = ''): string {
  const mine = studentToken(lab);
  return `<h1>${APP}</h1>
<p>Parcel lockers for the hostels of a Hyderabad engineering college. Scan your pickup token at the kiosk, or open it here.</p>
<section class="lab-card" aria-labelledby="mine-title">
<h2 id="mine-title">Your pickup token</h2>
<pre id="my-token">${mine}</pre>
<p><a href="api/pickup?token=${mine}">Open my locker</a> (<code>GET /api/pickup?token=…</code>)</p>
</section>
<section class="lab-card" aria-labelledby="log-title">
<h2 id="log-title">Kiosk log (shown on the kiosk's idle screen)</h2>
<pre id="kiosk-log">07:41 handheld HD-2 connected
07:42 service login, token=${serviceToken(lab)}
07:42 lockers 1-48 unlocked for maintenance
07:58 service logout</pre>
</section>
<p>Tokens are AES-128-CBC: the first 16 bytes are the IV, then the encrypted text, padded with PKCS #7. There is no MAC.</p>
<ul>
  <li><a href="helper">Oracle helper</a>: the padding oracle attack, one byte per press</li>
</ul>
<section class="lab-card" aria-labelledby="console-title">
<h2 id="console-title">Service console</h2>
<p>Engineers sign in with the passphrase their service token carries: its whole decrypted text, without the padding.</p>
${message}
<form method="post" action="console" class="lab-form">
  <label>Decrypted service token <input name="plaintext" autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="64" required></label>
  <button type="submit">Sign in to the service console</button>
</form>
</section>`;
}

const target: LabTarget = {
  id: 'crypto-cbc-padding-oracle',
  // Decrypting the 48-byte token asks the oracle about 4,000 questions; a learner's script
  // should finish in a minute, not wait out the default budget.
  requestsPerMinute: 6000,
  routes: {
    'GET /': (_request, lab) => page(APP, homePage(lab)),
    'GET /api/pickup': (request, lab) => {
      const hex = readHex(request.query.get('token') ?? '', MAX_TOKEN, 'The token');
      if ('error' in hex) return json({ error: 'bad token format' }, { status: 400 });
      return pickupAnswer(lab, hex.bytes);
    },
    'GET /helper': (request, lab) =>
      page(
        'Oracle helper',
        helperPage({ token: request.query.get('token') ?? serviceToken(lab), block: 1, known: '', plain: '' }),
      ),
    'POST /helper': (request, lab) => helperStep(lab, request.form()),
    'POST /console': (request, lab) => {
      const given = (request.form().get('plaintext') ?? '').trim();
      if (given !== servicePlaintext(lab)) {
        const hint = given === STUDENT_PLAINTEXT ? ' That is your own token: the console wants the service token.' : '';
        return page(APP, homePage(lab, `<p class="lab-error" role="alert">Wrong passphrase.${esc(hint)}</p>`), {
          status: 403,
        });
      }
      const flag = lab.solve();
      return page(
        'Service console',
        `<h1>Service console</h1><p>Welcome, rohan. 48 lockers online, 3 jammed doors reported.</p><div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
      );
    },
  },
};

export default target;
