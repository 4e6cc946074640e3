// A (fictional) freight company's parcel office still runs a "SecureSMS" gateway that
// sends the night locker passphrase to the station master with textbook RSA: e = 3, no
// padding, a 1024-bit modulus. The passphrase is short, so m^3 < n: the "mod n" never
// wraps and c is m^3 over the integers. An integer cube root gives m back.
//
// The key is real RSA: two 512-bit primes (p ≡ 2 mod 3, so e = 3 is a valid exponent)
// generated deterministically per instance from its secret, by an HMAC-SHA256 DRBG and
// our own Miller-Rabin test in BigInt; c = m^3 mod n. The private key is never needed.
import { createHmac, createPublicKey } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { esc, page, text, type LabRequest, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import { printable, secretIndex } from './crypto-bytes';

const APP = 'Konkan Freight parcel office';
const E = 3n;
const PRIME_BITS = 512;
const MAX_DIGITS = 1200;

const FLOWERS = ['lotus', 'jasmine', 'marigold', 'hibiscus', 'champa', 'mogra', 'tulsi', 'kesar', 'chameli', 'kaner'];
const RIVERS = ['ganga', 'yamuna', 'kaveri', 'godavari', 'narmada', 'krishna', 'tapti', 'sutlej', 'beas', 'mahanadi'];

export function passphraseFor(lab: Pick<LabTools, 'instanceSecret'>): string {
  const flower = FLOWERS[secretIndex(lab, 'rsa-flower', FLOWERS.length)];
  const river = RIVERS[secretIndex(lab, 'rsa-river', RIVERS.length)];
  return `${flower}-${river}-${1000 + secretIndex(lab, 'rsa-digits', 9000)}`;
}

// ---- Big integers ----------------------------------------------------------------------

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = base % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

const bitLength = (n: bigint) => (n === 0n ? 0 : n.toString(2).length);

/** The largest r with r^3 <= n (Newton's method on integers). */
export function integerCubeRoot(n: bigint): bigint {
  if (n < 0n) return -integerCubeRoot(-n);
  if (n < 2n) return n;
  let x = 1n << BigInt(Math.ceil(bitLength(n) / 3) + 1);
  for (;;) {
    const y = (2n * x + n / (x * x)) / 3n;
    if (y >= x) break;
    x = y;
  }
  while (x * x * x > n) x -= 1n;
  while ((x + 1n) ** 3n <= n) x += 1n;
  return x;
}

export function bytesToBigInt(bytes: Buffer): bigint {
  return bytes.length ? BigInt(`0x${bytes.toString('hex')}`) : 0n;
}

export function bigIntToBytes(n: bigint): Buffer {
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return Buffer.from(hex, 'hex');
}

// ---- Deterministic prime generation --------------------------------------------------

/** An HMAC-SHA256 counter-mode byte stream from a seed. */
function drbg(seed: string): (bytes: number) => Buffer {
  let counter = 0;
  return (bytes) => {
    const parts: Buffer[] = [];
    let have = 0;
    while (have < bytes) {
      const block = createHmac('sha256', seed).update(`rsa-drbg\0${counter}`).digest();
      counter += 1;
      parts.push(block);
      have += block.length;
    }
    return Buffer.concat(parts).subarray(0, bytes);
  };
}

const SMALL_PRIMES: bigint[] = (() => {
  const list: number[] = [];
  for (let i = 3; list.length < 300; i += 2) if (list.every((p) => i % p)) list.push(i);
  return list.map(BigInt);
})();

/** Miller-Rabin with `rounds` bases from the stream (after trial division by small primes). */
export function isProbablePrime(n: bigint, random: (bytes: number) => Buffer, rounds = 24): boolean {
  if (n < 2n) return false;
  if (n % 2n === 0n) return n === 2n;
  for (const p of SMALL_PRIMES) if (n % p === 0n) return n === p;
  let d = n - 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s += 1;
  }
  const size = Math.ceil(bitLength(n) / 8) + 8;
  witness: for (let i = 0; i < rounds; i += 1) {
    const a = 2n + (bytesToBigInt(random(size)) % (n - 3n));
    let x = modPow(a, d, n);
    if (x === 1n || x === n - 1n) continue;
    for (let r = 1; r < s; r += 1) {
      x = (x * x) % n;
      if (x === n - 1n) continue witness;
    }
    return false;
  }
  return true;
}

/** A prime of exactly `bits` bits with its top two bits set and p ≡ 2 (mod 3). */
function generatePrime(random: (bytes: number) => Buffer, bits: number): bigint {
  const top = 3n << BigInt(bits - 2);
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    let candidate = (bytesToBigInt(random(bits / 8)) & mask) | top | 1n;
    // Make it 2 mod 3 (odd, so step by 2 within the same top bits).
    while (candidate % 3n !== 2n) candidate += 2n;
    if (candidate > mask) continue;
    if (isProbablePrime(candidate, random)) return candidate;
  }
}

export interface RsaKey {
  n: bigint;
  e: bigint;
  p: bigint;
  q: bigint;
}

/** A 1024-bit RSA key with e = 3, the same every time for the same seed. */
export function rsaKeyFromSeed(seed: string): RsaKey {
  const random = drbg(seed);
  const p = generatePrime(random, PRIME_BITS);
  let q = generatePrime(random, PRIME_BITS);
  while (q === p) q = generatePrime(random, PRIME_BITS);
  return { n: p * q, e: E, p, q };
}

// Generating a key takes tens of milliseconds: remember the last few (public values only
// ever leave this module, and a lost entry is simply generated again).
const KEY_CACHE = new LRUCache<string, RsaKey>({ max: 64 });

function keyFor(lab: Pick<LabTools, 'instanceSecret'>): RsaKey {
  const seed = lab.instanceSecret('rsa-key-seed');
  let key = KEY_CACHE.get(seed);
  if (!key) {
    key = rsaKeyFromSeed(seed);
    KEY_CACHE.set(seed, key);
  }
  return key;
}

/** Textbook RSA: c = m^e mod n, with m the passphrase's bytes as a big-endian integer, no padding. */
function ciphertext(lab: Pick<LabTools, 'instanceSecret'>): { key: RsaKey; c: bigint } {
  const key = keyFor(lab);
  const m = bytesToBigInt(Buffer.from(passphraseFor(lab)));
  return { key, c: modPow(m, key.e, key.n) };
}

function publicKeyPem(key: RsaKey): string {
  const b64 = (n: bigint) => bigIntToBytes(n).toString('base64url');
  return createPublicKey({ key: { kty: 'RSA', n: b64(key.n), e: b64(key.e) }, format: 'jwk' })
    .export({ type: 'spki', format: 'pem' })
    .toString();
}

// ---- Pages -------------------------------------------------------------------------------

function homePage(lab: LabTools, message = ''): string {
  const { key, c } = ciphertext(lab);
  return `<h1>${APP}</h1>
<p>Night shift at the Ratnagiri goods shed. Every evening the SecureSMS gateway sends the station master the passphrase of the night parcel locker, encrypted with RSA. To keep the old handsets fast it uses e = 3 and "no padding, the message is short anyway".</p>
<section class="lab-card" aria-labelledby="key-title">
<h2 id="key-title">Station master's public key</h2>
<p>Modulus n (${bitLength(key.n)} bits, decimal)</p>
<pre id="n">${key.n}</pre>
<p>Public exponent e</p>
<pre id="e">${key.e}</pre>
<p><a href="key.pem">key.pem</a> (the same key as a PEM file)</p>
</section>
<section class="lab-card" aria-labelledby="c-title">
<h2 id="c-title">Tonight's SMS, intercepted</h2>
<p>Ciphertext c (decimal)</p>
<pre id="c">${c}</pre>
<p>The same in hex</p>
<pre id="c-hex">${c.toString(16)}</pre>
<p>The gateway turns the text into a number byte by byte (big-endian, UTF-8), then computes c = m<sup>e</sup> mod n.</p>
</section>
<ul>
  <li><a href="cbrt">Integer cube root calculator</a></li>
  <li><a href="intercept.txt">intercept.txt</a> (n, e and c as text)</li>
</ul>
<section class="lab-card" aria-labelledby="locker-title">
<h2 id="locker-title">Night parcel locker</h2>
${message}
<form method="post" action="unlock" class="lab-form">
  <label>Passphrase <input name="passphrase" autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="64" required></label>
  <button type="submit">Open the locker</button>
</form>
</section>`;
}

function readInteger(value: string): bigint | string {
  const clean = value.replace(/[\s_,]/g, '');
  if (!clean) return 'Type a number.';
  if (clean.length > MAX_DIGITS) return `Give at most ${MAX_DIGITS} digits.`;
  if (/^0x[0-9a-f]+$/i.test(clean)) return BigInt(clean);
  if (/^[0-9]+$/.test(clean)) return BigInt(clean);
  return 'Give a whole number in decimal, or in hex starting with 0x.';
}

function cbrtPage(request: LabRequest): LabResponse {
  const x = request.query.get('x') ?? '';
  let result = '';
  if (x.trim()) {
    const n = readInteger(x);
    if (typeof n === 'string') {
      result = `<section class="lab-card" role="status"><h2 class="lab-error">Not computed</h2><p>${esc(n)}</p></section>`;
    } else {
      const r = integerCubeRoot(n);
      const exact = r * r * r === n;
      const bytes = bigIntToBytes(r);
      result = `<section class="lab-card" role="status" aria-labelledby="root-title"><h2 id="root-title">${exact ? 'Exact cube root' : 'Not a perfect cube'}</h2>
<p>${exact ? 'r<sup>3</sup> = x exactly.' : 'The integer part r is shown: r<sup>3</sup> &lt; x &lt; (r + 1)<sup>3</sup>.'}</p>
<p>r in decimal</p><pre id="root">${r}</pre>
<p>r in hex</p><pre id="root-hex">${r.toString(16)}</pre>
<p>r as bytes, read as text (bytes that are not printable ASCII shown as \\xNN)</p><pre id="root-text">${esc(printable(bytes))}</pre>
</section>`;
    }
  }
  return page(
    'Cube root calculator',
    `<h1>Integer cube root calculator</h1>
<p>Finds the largest whole number r with r<sup>3</sup> ≤ x, exactly, however large x is (up to ${MAX_DIGITS} digits), and shows r as hex and as text.</p>
${result}
<form method="get" action="cbrt" class="lab-form">
  <label>x (decimal, or hex starting with 0x) <textarea name="x" rows="5" inputmode="numeric" autocapitalize="off" autocomplete="off" spellcheck="false" required>${esc(x)}</textarea></label>
  <button type="submit">Cube root</button>
</form>
<p><a href="./">Back to the parcel office</a></p>`,
  );
}

const target: LabTarget = {
  id: 'crypto-rsa-small-e',
  routes: {
    'GET /': (_request, lab) => page(APP, homePage(lab)),
    'GET /key.pem': (_request, lab) =>
      text(publicKeyPem(keyFor(lab)), { contentType: 'application/x-pem-file; charset=utf-8' }),
    'GET /intercept.txt': (_request, lab) => {
      const { key, c } = ciphertext(lab);
      return text(`# SecureSMS intercept: textbook RSA, no padding\nn = ${key.n}\ne = ${key.e}\nc = ${c}\n`);
    },
    'GET /cbrt': (request) => cbrtPage(request),
    'POST /unlock': (request, lab) => {
      const given = (request.form().get('passphrase') ?? '').trim();
      if (given !== passphraseFor(lab)) {
        return page(
          APP,
          homePage(lab, '<p class="lab-error" role="alert">Wrong passphrase. The locker stays shut.</p>'),
          {
            status: 403,
          },
        );
      }
      const flag = lab.solve();
      return page(
        'Night parcel locker',
        `<h1>Night parcel locker</h1><p>Passphrase accepted: 37 parcels inside, 2 marked fragile.</p><div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
      );
    },
  },
};

export default target;
