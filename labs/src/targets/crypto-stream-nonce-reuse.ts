// BranchTalk, the internal messenger of a (fictional) co-operative bank branch, encrypts
// every message with ChaCha20 (node:crypto, RFC 8439 layout) under one key and one fixed
// nonce. The learner gets a capture of three messages: the first is the public notice
// that also hangs on the branch's notice board, the second a manager-only message with
// this week's strongroom passphrase. Same key and nonce means the same keystream, so
// C1 ⊕ C2 ⊕ P1 = P2. The XOR tool does the byte work; the vault form checks the passphrase.
import { createCipheriv } from 'node:crypto';
import { esc, page, text, type LabRequest, type LabTarget, type LabTools } from '../host/lab-kit';
import { printable, readHex, secretBytes, secretIndex, xor } from './crypto-bytes';

const APP = 'BranchTalk';
const BANK = 'Sahyadri Co-operative Bank, Kothrud branch';
const MAX_INPUT = 512;

const TREES = ['peepal', 'neem', 'banyan', 'ashoka', 'gulmohar', 'jamun', 'tamarind', 'amla', 'sal', 'teak'];
const BIRDS = ['myna', 'koel', 'bulbul', 'hornbill', 'kingfisher', 'sarus', 'drongo', 'barbet', 'robin', 'munia'];

/** The public notice: on the notice board as text, and message 1 of the capture. */
const NOTICE =
  'NOTICE: the Kothrud branch stays closed on Saturday 14 December for the annual audit. UPI, ATM and net banking work as usual. Branch Manager, Sahyadri Co-operative Bank.';

export function passphraseFor(lab: Pick<LabTools, 'instanceSecret'>): string {
  const digits = String(1000 + secretIndex(lab, 'stream-pass-digits', 9000));
  return `${TREES[secretIndex(lab, 'stream-pass-tree', TREES.length)]}-${BIRDS[secretIndex(lab, 'stream-pass-bird', BIRDS.length)]}-${digits}`;
}

interface Message {
  from: string;
  to: string;
  plaintext: string;
}

function messages(lab: Pick<LabTools, 'instanceSecret'>): Message[] {
  return [
    { from: 'manager', to: 'all-staff, notice board', plaintext: NOTICE },
    {
      from: 'manager',
      to: 'deputy manager (only)',
      plaintext: `Manager only. Strongroom passphrase for this week: ${passphraseFor(lab)}. Do not write it down.`,
    },
    {
      from: 'cash officer',
      to: 'security desk',
      plaintext: 'Cash van from the currency chest reaches at 10:30 on Monday, keep the side gate open.',
    },
  ];
}

/** The bug: one key, one nonce for every message. */
function nonce(lab: Pick<LabTools, 'instanceSecret'>): Buffer {
  return secretBytes(lab, 'stream-nonce', 12);
}

/** ChaCha20 as RFC 8439 lays it out: a 32-bit little-endian block counter (here 0), then the 96-bit nonce. */
function chacha20(lab: Pick<LabTools, 'instanceSecret'>, data: Buffer, messageNonce: Buffer): Buffer {
  const iv = Buffer.concat([Buffer.alloc(4), messageNonce]);
  const cipher = createCipheriv('chacha20', secretBytes(lab, 'stream-key', 32), iv);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

interface Captured extends Message {
  nonce: Buffer;
  ciphertext: Buffer;
}

function capture(lab: Pick<LabTools, 'instanceSecret'>): Captured[] {
  return messages(lab).map((m) => {
    const n = nonce(lab);
    return { ...m, nonce: n, ciphertext: chacha20(lab, Buffer.from(m.plaintext), n) };
  });
}

function homePage(message = ''): string {
  return `<h1>${APP}</h1>
<p>${BANK}. Staff send each other short notes on BranchTalk, which encrypts every message with ChaCha20 before it leaves the phone.</p>
<section class="lab-card" aria-labelledby="notice-title">
<h2 id="notice-title">Notice board (public, in the banking hall)</h2>
<p id="notice">${esc(NOTICE)}</p>
</section>
<p>A tester on the branch Wi-Fi captured three BranchTalk messages. Recover this week's strongroom passphrase and enter it below.</p>
<ul>
  <li><a href="capture">Captured messages</a> (<a href="capture.txt">capture.txt</a>)</li>
  <li><a href="xor">XOR tool</a></li>
</ul>
${message}
<form method="post" action="vault" class="lab-form">
  <label>Strongroom passphrase <input name="passphrase" autocomplete="off" autocapitalize="off" spellcheck="false" maxlength="64" required></label>
  <button type="submit">Open the strongroom console</button>
</form>`;
}

function captureText(lab: LabTools): string {
  const lines = capture(lab).map(
    (m, i) =>
      `message ${i + 1}\nfrom: ${m.from}\nto: ${m.to}\ncipher: ChaCha20 (RFC 8439), counter 0\nnonce: ${m.nonce.toString('hex')}\nlength: ${m.ciphertext.length}\nciphertext: ${m.ciphertext.toString('hex')}\n`,
  );
  return `# BranchTalk capture, ${BANK}\n# Hex. Each message: nonce (12 bytes) and ciphertext.\n\n${lines.join('\n')}`;
}

type Source = 'typed' | 'm1' | 'm2' | 'm3';
type Format = 'hex' | 'text';

interface Slot {
  name: string;
  source: Source;
  format: Format;
  typed: string;
}

function readSlot(request: LabRequest, name: string): Slot {
  const source = request.query.get(`${name}s`);
  return {
    name,
    source: source === 'm1' || source === 'm2' || source === 'm3' ? source : 'typed',
    format: request.query.get(`${name}f`) === 'text' ? 'text' : 'hex',
    typed: request.query.get(name) ?? '',
  };
}

function slotBytes(slot: Slot, captured: Captured[]): { bytes: Buffer } | { error: string } | null {
  if (slot.source !== 'typed') return { bytes: captured[Number(slot.source.slice(1)) - 1]!.ciphertext };
  if (!slot.typed) return null;
  if (slot.format === 'text') {
    const bytes = Buffer.from(slot.typed, 'utf8');
    return bytes.length > MAX_INPUT
      ? { error: `Input ${slot.name.toUpperCase()} is longer than ${MAX_INPUT} bytes.` }
      : { bytes };
  }
  return readHex(slot.typed, MAX_INPUT, `Input ${slot.name.toUpperCase()}`);
}

function slotFields(slot: Slot, optional: boolean): string {
  const option = (value: string, label: string, current: string) =>
    `<option value="${value}"${value === current ? ' selected' : ''}>${label}</option>`;
  const upper = slot.name.toUpperCase();
  return `<fieldset>
<legend>Input ${upper}${optional ? ' (optional)' : ''}</legend>
<label>Take it from <select name="${slot.name}s">${option('typed', 'what I type below', slot.source)}${option('m1', 'ciphertext of message 1', slot.source)}${option('m2', 'ciphertext of message 2', slot.source)}${option('m3', 'ciphertext of message 3', slot.source)}</select></label>
<label>Typed value <textarea name="${slot.name}" rows="3" autocapitalize="off" autocomplete="off" spellcheck="false">${esc(slot.typed)}</textarea></label>
<label>The typed value is <select name="${slot.name}f">${option('hex', 'hex', slot.format)}${option('text', 'text (UTF-8)', slot.format)}</select></label>
</fieldset>`;
}

function xorPage(request: LabRequest, lab: LabTools) {
  const slots = ['a', 'b', 'c'].map((name) => readSlot(request, name));
  const captured = capture(lab);
  let result = '';
  if (request.query.has('run')) {
    const inputs = slots.map((slot) => ({ slot, value: slotBytes(slot, captured) }));
    const error = inputs.find((i) => i.value && 'error' in i.value)?.value as { error: string } | undefined;
    const given = inputs.filter((i) => i.value && 'bytes' in i.value) as { slot: Slot; value: { bytes: Buffer } }[];
    if (error) {
      result = `<section class="lab-card" role="status"><h2 class="lab-error">Not computed</h2><p>${esc(error.error)}</p></section>`;
    } else if (given.length < 2) {
      result = `<section class="lab-card" role="status"><h2 class="lab-error">Not computed</h2><p>Give at least two inputs.</p></section>`;
    } else {
      const out = given.slice(1).reduce((acc, i) => xor(acc, i.value.bytes), given[0]!.value.bytes);
      const lengths = given.map((i) => `${i.slot.name.toUpperCase()}: ${i.value.bytes.length}`).join(', ');
      const uneven = new Set(given.map((i) => i.value.bytes.length)).size > 1;
      result = `<section class="lab-card" role="status" aria-labelledby="xor-title"><h2 id="xor-title">${given.map((i) => i.slot.name.toUpperCase()).join(' ⊕ ')}</h2>
<p>Lengths in bytes: ${lengths}.${uneven ? ` The result is as long as the shortest input (${out.length} bytes).` : ''}</p>
<p>As hex</p><pre>${out.toString('hex')}</pre>
<p>As text (bytes that are not printable ASCII shown as \\xNN)</p><pre>${esc(printable(out))}</pre>
</section>`;
    }
  }
  return page(
    'XOR tool',
    `<h1>XOR tool</h1>
<p>XORs two or three byte strings, byte by byte. Type hex or text, or take a ciphertext straight from the capture.</p>
${result}
<form method="get" action="xor" class="lab-form">
${slotFields(slots[0]!, false)}
${slotFields(slots[1]!, false)}
${slotFields(slots[2]!, true)}
<button type="submit" name="run" value="1">XOR</button>
</form>
<p><a href="capture">Captured messages</a> · <a href="./">Back to ${APP}</a></p>`,
  );
}

const target: LabTarget = {
  id: 'crypto-stream-nonce-reuse',
  routes: {
    'GET /': () => page(APP, homePage()),
    'GET /capture': (_request, lab) => {
      const rows = capture(lab)
        .map(
          (m, i) => `<section class="lab-card" aria-labelledby="m${i + 1}">
<h2 id="m${i + 1}">Message ${i + 1}</h2>
<p>From <strong>${esc(m.from)}</strong> to <strong>${esc(m.to)}</strong>, ${m.ciphertext.length} bytes.</p>
<p>Nonce</p><pre>${m.nonce.toString('hex')}</pre>
<p>Ciphertext</p><pre>${m.ciphertext.toString('hex')}</pre>
</section>`,
        )
        .join('\n');
      return page(
        'Captured messages',
        `<h1>Captured messages</h1>
<p>Three BranchTalk messages seen on the branch Wi-Fi, as hex. ChaCha20 (RFC 8439) with a 256-bit key we do not have; the block counter starts at 0.</p>
${rows}
<p><a href="capture.txt">Download capture.txt</a> · <a href="xor">XOR tool</a> · <a href="./">Back to ${APP}</a></p>`,
      );
    },
    'GET /capture.txt': (_request, lab) => text(captureText(lab)),
    'GET /xor': (request, lab) => xorPage(request, lab),
    'POST /vault': (request, lab) => {
      const given = (request.form().get('passphrase') ?? '').trim();
      if (given !== passphraseFor(lab)) {
        return page(
          APP,
          homePage('<p class="lab-error" role="alert">Wrong passphrase. The strongroom stays shut.</p>'),
          {
            status: 403,
          },
        );
      }
      const flag = lab.solve();
      return page(
        'Strongroom console',
        `<h1>Strongroom console</h1><p>Passphrase accepted. The time lock will release at 10:00.</p><div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`,
      );
    },
  },
};

export default target;
