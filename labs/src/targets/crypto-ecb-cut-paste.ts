// Pustak Adda, a second-hand textbook exchange, keeps the learner's profile in a cookie:
// profile_for(email) = `email=<email>&uid=10&role=user`, encrypted with AES-128 in ECB mode
// (node:crypto, PKCS #7 padding) under a key of this instance. The app strips `&` and `=`
// from the address, so no one can type `&role=admin`; but ECB encrypts every 16-byte block
// on its own, so whole blocks from different cookies can be cut and pasted into a new
// cookie that decrypts to role=admin. The block viewer splits ciphertexts into blocks and
// joins the ones the learner picks; the learner sends the result as the cookie from the
// request editor, and the admin page decides.
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { esc, page, redirect, type LabRequest, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import { BLOCK, blocksOf, pkcs7Pad, pkcs7Unpad, readHex, secretBytes } from './crypto-bytes';

const APP = 'Pustak Adda';
const COOKIE = 'profile';
const MAX_EMAIL = 48;
const MAX_COOKIE = 256;
const LABELS = ['A', 'B', 'C', 'D'] as const;

interface Issued {
  email: string;
  hex: string;
}

interface State {
  issued?: Issued[];
}

function key(lab: Pick<LabTools, 'instanceSecret'>): Buffer {
  return secretBytes(lab, 'ecb-profile-key', 16);
}

/** The app's own "sanitising": metacharacters removed, so `&role=admin` cannot be typed in. */
export function cleanEmail(email: string): string {
  return email.replaceAll('&', '').replaceAll('=', '');
}

export function profileFor(email: string): string {
  return `email=${cleanEmail(email)}&uid=10&role=user`;
}

function encrypt(lab: LabTools, plaintext: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-ecb', key(lab), null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(pkcs7Pad(plaintext)), cipher.final()]);
}

type Decrypted = { profile: Record<string, string>; plaintext: string } | { error: string };

/** The server's reading of a cookie: decrypt every block, check the padding, parse k=v pairs. */
function readCookie(lab: LabTools, value: string): Decrypted {
  const hex = readHex(value, MAX_COOKIE, 'The profile cookie');
  if ('error' in hex) return hex;
  if (hex.bytes.length % BLOCK) return { error: 'The profile cookie is not a whole number of 16-byte blocks.' };
  const decipher = createDecipheriv('aes-128-ecb', key(lab), null);
  decipher.setAutoPadding(false);
  const padded = Buffer.concat([decipher.update(hex.bytes), decipher.final()]);
  const data = pkcs7Unpad(padded);
  if (!data) return { error: 'The profile cookie did not decrypt: its padding is not valid.' };
  const plaintext = data.toString('utf8');
  const profile: Record<string, string> = {};
  for (const pair of plaintext.split('&')) {
    const eq = pair.indexOf('=');
    // Later keys win, as with most key=value parsers.
    if (eq < 0) profile[pair] = '';
    else profile[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return { profile, plaintext };
}

function profileList(profile: Record<string, string>): string {
  return `<dl>${Object.entries(profile)
    .map(([k, v]) => `<dt>${esc(k)}</dt><dd><code>${esc(v)}</code></dd>`)
    .join('')}</dl>`;
}

function homePage(message = ''): string {
  return `<h1>${APP}</h1>
<p>Buy and sell second-hand engineering textbooks with students across Tamil Nadu. Register with your e-mail address to get your profile cookie.</p>
${message}
<form method="post" action="register" class="lab-form">
  <label>E-mail address <input name="email" type="text" inputmode="email" autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="${MAX_EMAIL}" required></label>
  <button type="submit">Register</button>
</form>
<section class="lab-card" aria-labelledby="how-title">
<h2 id="how-title">How your profile is kept</h2>
<p>Our developer notes: the profile is <code>email=&lt;your address&gt;&amp;uid=10&amp;role=user</code>, encrypted with AES-128 in ECB mode and stored as hex in the <code>${COOKIE}</code> cookie. We remove <code>&amp;</code> and <code>=</code> from addresses, so nobody can add a role of their own.</p>
</section>
<ul>
  <li><a href="account">My profile</a></li>
  <li><a href="blocks">Block viewer</a>: split ciphertexts into 16-byte blocks and join the blocks you pick</li>
  <li><a href="admin">Admin page</a> (role=admin only)</li>
</ul>`;
}

function issuedOf(lab: LabTools): Issued[] {
  return lab.state<State>()?.issued ?? [];
}

function viewerLink(hex: string): string {
  return `blocks?A=${encodeURIComponent(hex)}`;
}

function blockTable(label: string, bytes: Buffer, seen: Map<string, string>): string {
  const rows = blocksOf(bytes)
    .map((block, i) => {
      const name = `${label}${i}`;
      const hex = block.toString('hex');
      const first = seen.get(hex);
      if (!first) seen.set(hex, name);
      const note = block.length < BLOCK ? 'short block' : first ? `same as ${first}` : '';
      return `<tr><th scope="row">${name}</th><td>${i * BLOCK}–${i * BLOCK + block.length - 1}</td><td><code>${hex}</code></td><td>${esc(note)}</td></tr>`;
    })
    .join('\n');
  return `<table>
<thead><tr><th scope="col">Block</th><th scope="col">Bytes</th><th scope="col">Hex</th><th scope="col">Note</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

/** Parses "A0 A1 B1 C2" (spaces, commas or plus signs between) into labelled block references. */
function readPicks(value: string): { label: string; index: number }[] | { error: string } {
  const words = value
    .split(/[\s,+]+/)
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.length > 32) return { error: 'Pick at most 32 blocks.' };
  const picks: { label: string; index: number }[] = [];
  for (const word of words) {
    const match = /^([A-Da-d])(\d{1,2})$/.exec(word);
    if (!match) return { error: `"${word.slice(0, 20)}" is not a block name such as A0 or C2.` };
    picks.push({ label: match[1]!.toUpperCase(), index: Number(match[2]) });
  }
  return picks;
}

function blockViewer(request: LabRequest, lab: LabTools): LabResponse {
  const issued = issuedOf(lab);
  const inputs = LABELS.map((label, i) => {
    const value = request.query.get(label) ?? issued[i]?.hex ?? '';
    const email = issued.find((x) => x.hex === value.trim().toLowerCase())?.email;
    return { label, value, email };
  });
  const join = request.query.get('join') ?? '';
  const parsed = new Map<string, Buffer>();
  const seen = new Map<string, string>();
  const sections: string[] = [];
  for (const input of inputs) {
    if (!input.value.trim()) continue;
    const hex = readHex(input.value, MAX_COOKIE, `Ciphertext ${input.label}`);
    const title = `Ciphertext ${input.label}${input.email !== undefined ? `: the cookie for ${input.email}` : ''}`;
    if ('error' in hex) {
      sections.push(
        `<section class="lab-card"><h2>${esc(title)}</h2><p class="lab-error" role="alert">${esc(hex.error)}</p></section>`,
      );
      continue;
    }
    parsed.set(input.label, hex.bytes);
    sections.push(
      `<section class="lab-card"><h2>${esc(title)}</h2><p>${hex.bytes.length} bytes, ${Math.ceil(hex.bytes.length / BLOCK)} blocks.</p>${blockTable(input.label, hex.bytes, seen)}</section>`,
    );
  }
  let result = '';
  if (join.trim()) {
    const picks = readPicks(join);
    let error = 'error' in picks ? picks.error : '';
    const chosen: Buffer[] = [];
    if (!('error' in picks)) {
      for (const pick of picks) {
        const block = blocksOf(parsed.get(pick.label) ?? Buffer.alloc(0))[pick.index];
        if (!block) {
          error = `There is no block ${pick.label}${pick.index} above.`;
          break;
        }
        chosen.push(block);
      }
    }
    const joined = Buffer.concat(chosen).toString('hex');
    result = error
      ? `<section class="lab-card" role="status"><h2 class="lab-error">Not joined</h2><p>${esc(error)}</p></section>`
      : `<section class="lab-card" role="status" aria-labelledby="joined-title"><h2 id="joined-title">Joined ciphertext</h2>
<p>${esc(join.trim())}: ${joined.length / 2} bytes.</p>
<pre>${joined}</pre>
<p>To send it as your profile, open the request editor below: method <code>GET</code>, path <code>/admin</code>, header:</p>
<pre>Cookie: ${COOKIE}=${joined}</pre>
<p><a href="${esc(viewerLink(joined))}">Open the joined ciphertext in the viewer</a></p>
</section>`;
  }
  const fields = inputs
    .map(
      (input) =>
        `<label>Ciphertext ${input.label} (hex) <textarea name="${input.label}" rows="3" autocapitalize="off" autocomplete="off" spellcheck="false">${esc(input.value)}</textarea></label>`,
    )
    .join('\n');
  return page(
    'Block viewer',
    `<h1>Block viewer</h1>
<p>Paste up to four ciphertexts (your last four profile cookies are filled in for you). Each is cut into 16-byte blocks named A0, A1, B0…; then list the blocks you want, in order, to join them into one ciphertext.</p>
${result}
<form method="get" action="blocks" class="lab-form">
${fields}
<label>Blocks to join, in order (for example <code>A0 B1 C2</code>) <input name="join" value="${esc(join)}" autocapitalize="characters" autocomplete="off" spellcheck="false" maxlength="200"></label>
<button type="submit">Show blocks</button>
</form>
${sections.join('\n')}
<p><a href="./">Back to ${APP}</a></p>`,
  );
}

function refused(status: number, message: string, extra = ''): LabResponse {
  return page(
    'Admin page',
    `<h1>Admin page</h1><p class="lab-error" role="alert">${esc(message)}</p>${extra}<p><a href="./">Back to ${APP}</a></p>`,
    { status },
  );
}

const target: LabTarget = {
  id: 'crypto-ecb-cut-paste',
  routes: {
    'GET /': () => page(APP, homePage()),
    'GET /register': (_request, lab) => redirect(lab, '/'),
    'POST /register': (request, lab) => {
      const email = cleanEmail(request.form().get('email') ?? '');
      const size = Buffer.byteLength(email);
      if (!email.includes('@') || size < 3 || size > MAX_EMAIL) {
        return page(
          APP,
          homePage(
            `<p class="lab-error" role="alert">Give an e-mail address with an @, of 3 to ${MAX_EMAIL} bytes.</p>`,
          ),
          { status: 400 },
        );
      }
      const hex = encrypt(lab, Buffer.from(profileFor(email))).toString('hex');
      const issued = [...issuedOf(lab), { email, hex }].slice(-LABELS.length);
      lab.setState({ issued } satisfies State);
      return redirect(lab, '/account', { cookies: [{ name: COOKIE, value: hex }] });
    },
    'GET /account': (request, lab) => {
      const value = request.cookies[COOKIE];
      if (!value) return redirect(lab, '/');
      const read = readCookie(lab, value);
      if ('error' in read) {
        return page('My profile', `<h1>My profile</h1><p class="lab-error" role="alert">${esc(read.error)}</p>`, {
          status: 400,
        });
      }
      return page(
        'My profile',
        `<h1>My profile</h1>
${profileList(read.profile)}
<p>Your <code>${COOKIE}</code> cookie (${value.length / 2} bytes):</p>
<pre>${esc(value)}</pre>
<p><a href="${esc(viewerLink(value))}">Open it in the block viewer</a> · <a href="blocks">Block viewer with your last cookies</a> · <a href="./">Register another address</a> · <a href="admin">Admin page</a></p>`,
      );
    },
    'GET /admin': (request, lab) => {
      const value = request.cookies[COOKIE];
      if (!value) return refused(401, 'No profile cookie: register first.');
      const read = readCookie(lab, value);
      if ('error' in read) return refused(400, read.error);
      if (read.profile.role !== 'admin') {
        return refused(
          403,
          `This profile has role ${JSON.stringify(read.profile.role ?? null)}: only role=admin may open the admin page.`,
          `<p>The server read this profile:</p>${profileList(read.profile)}`,
        );
      }
      const flag = lab.solve();
      return page(
        'Admin page',
        `<h1>Admin page</h1><p>Welcome, administrator <code>${esc(read.profile.email ?? '')}</code>. 2,310 books listed, 41 reports waiting.</p>
<p>The server read this profile:</p>${profileList(read.profile)}
<div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
      );
    },
    'GET /blocks': (request, lab) => blockViewer(request, lab),
  },
};

export default target;
