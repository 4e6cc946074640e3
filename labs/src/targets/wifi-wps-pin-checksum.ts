// WPS PIN brute force the way Viehböck described it (lesson 9): the AP checks the PIN in
// two halves and says which half failed (a NACK straight after M4 means the first four
// digits are wrong, a NACK after M6 means the last four are), and the eighth digit is a
// checksum of the first seven. The emulated AP runs the real commitment check: the
// registrar's R-Hash1/R-Hash2 are HMAC-SHA256(AuthKey, R-S ‖ PSK ‖ PKE ‖ PKR) with
// PSK1/PSK2 derived from the PIN halves, and the AP recomputes them from its own PIN.
// An earlier session's log shows which first half got past M4; the learner builds the
// second-half list with the checksum helper and runs it in a batch. The AP allows 1,200
// attempts per instance (the agreed test window): 10^3 fits, 10^4 does not.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { esc, page, redirect, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import { instanceBytes, instanceMac, instanceNumber, instanceShuffle } from './wifi-common';

/** Attempts the AP accepts per start of the lab: a two-hour window at about six seconds an attempt. */
export const ATTEMPT_BUDGET = 1200;
const SECONDS_PER_ATTEMPT = 6;
const MAX_BATCH = 1000;
const ESSID = 'HomeLab-2G';

type Secrets = Pick<LabTools, 'instanceSecret'>;
interface State {
  used: number;
}

/** The WPS checksum digit of a 7-digit number: weights 3,1,3,1… from the right, then the complement to a multiple of 10. */
export function wpsChecksum(first7: number): number {
  let accumulator = 0;
  let rest = first7;
  while (rest > 0) {
    accumulator += 3 * (rest % 10);
    rest = Math.floor(rest / 10);
    accumulator += rest % 10;
    rest = Math.floor(rest / 10);
  }
  return (10 - (accumulator % 10)) % 10;
}

/** The checksum worked out digit by digit, for the helper page. */
function checksumSteps(first7: string): string {
  const digits = first7.split('').map(Number);
  const weights = digits.map((_d, i) => (i % 2 === 0 ? 3 : 1));
  const products = digits.map((d, i) => d * weights[i]!);
  const sum = products.reduce((a, b) => a + b, 0);
  const row = (values: number[]) => values.map((v) => String(v).padStart(2)).join(' ');
  return `digits    ${row(digits)}
weights   ${row(weights)}
products  ${row(products)}
sum        ${sum}
checksum   (10 - ${sum} mod 10) mod 10 = ${(10 - (sum % 10)) % 10}`;
}

function apPin(lab: Secrets): string {
  const first = String(instanceNumber(lab, 'wps-first-half', 10_000)).padStart(4, '0');
  const next3 = String(instanceNumber(lab, 'wps-second-half', 1000)).padStart(3, '0');
  return `${first}${next3}${wpsChecksum(Number(first + next3))}`;
}

function apPassphrase(lab: Secrets): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return [...instanceBytes(lab, 'wps-psk', 20)].map((b) => alphabet[b % alphabet.length]).join('');
}

/** PSK1/PSK2: the first 128 bits of HMAC-SHA256(AuthKey, the half's digits as ASCII). */
function halfKey(authKey: Buffer, digits: string): Buffer {
  return createHmac('sha256', authKey).update(digits, 'ascii').digest().subarray(0, 16);
}

function commitment(authKey: Buffer, nonce: Buffer, psk: Buffer, pke: Buffer, pkr: Buffer): Buffer {
  return createHmac('sha256', authKey)
    .update(Buffer.concat([nonce, psk, pke, pkr]))
    .digest();
}

type Outcome = 'M4' | 'M6' | 'M7';

/**
 * One registration run against the AP up to the first NACK: the registrar commits to its
 * PIN halves (R-Hash1, R-Hash2 in M4) and reveals R-S1 (M4) and R-S2 (M6); the AP recomputes
 * each commitment with the PSK of its own PIN half and NACKs at the first mismatch.
 */
function register(lab: Secrets, pin: string): Outcome {
  const authKey = instanceBytes(lab, 'wps-authkey', 32);
  const pke = instanceBytes(lab, 'wps-pke', 192);
  const pkr = instanceBytes(lab, 'wps-pkr', 192);
  const rs1 = instanceBytes(lab, 'wps-rs1', 16);
  const rs2 = instanceBytes(lab, 'wps-rs2', 16);
  const own = apPin(lab);
  // Registrar side (M4): commitments from the PIN it is trying.
  const rHash1 = commitment(authKey, rs1, halfKey(authKey, pin.slice(0, 4)), pke, pkr);
  const rHash2 = commitment(authKey, rs2, halfKey(authKey, pin.slice(4)), pke, pkr);
  // AP side: after M4 it checks R-Hash1 against its own first half...
  if (!timingSafeEqual(rHash1, commitment(authKey, rs1, halfKey(authKey, own.slice(0, 4)), pke, pkr))) return 'M4';
  // ...and after M6 R-Hash2 against its second half (which includes the checksum digit).
  if (!timingSafeEqual(rHash2, commitment(authKey, rs2, halfKey(authKey, own.slice(4)), pke, pkr))) return 'M6';
  return 'M7';
}

function trace(pin: string, outcome: Outcome): string {
  const lines = [
    `[+] Trying pin "${pin}"`,
    '[+] Sending EAPOL START request',
    '[+] Received identity request',
    '[+] Sending identity response',
    '[+] Received M1 message',
    '[+] Sending M2 message',
    '[+] Received M3 message',
    '[+] Sending M4 message',
  ];
  if (outcome === 'M4') lines.push('[+] Received WSC NACK');
  else lines.push('[+] Received M5 message', '[+] Sending M6 message');
  if (outcome === 'M6') lines.push('[+] Received WSC NACK');
  if (outcome === 'M7') lines.push('[+] Received M7 message');
  return lines.join('\n');
}

/** Yesterday's session: four first halves the AP rejected after M4, and the right one, rejected only after M6. */
function earlierLog(lab: Secrets): string {
  const own = apPin(lab);
  const first = own.slice(0, 4);
  const wrongFirsts = new Set<string>();
  for (let i = 0; wrongFirsts.size < 4; i++) {
    const candidate = String(instanceNumber(lab, `wps-log-${i}`, 10_000)).padStart(4, '0');
    if (candidate !== first) wrongFirsts.add(candidate);
  }
  const ownNext3 = Number(own.slice(4, 7));
  const tried = [...wrongFirsts, first].map((half, i) => {
    // Each tried PIN has a valid checksum, as reaver builds them; none is the AP's own.
    const next3 = String((ownNext3 + 137 * (i + 1)) % 1000).padStart(3, '0');
    return `${half}${next3}${wpsChecksum(Number(half + next3))}`;
  });
  return instanceShuffle(lab, 'wps-log-order', tried)
    .map((pin) => trace(pin, register(lab, pin)))
    .join('\n');
}

function used(lab: LabTools): number {
  return Math.min(ATTEMPT_BUDGET, lab.state<State>()?.used ?? 0);
}

function budgetLine(lab: LabTools): string {
  const left = ATTEMPT_BUDGET - used(lab);
  return `<p><strong>Attempts left in this window: ${left} of ${ATTEMPT_BUDGET}.</strong> AP Setup Locked: ${left > 0 ? 'No' : 'Yes'}.</p>`;
}

function homePage(lab: LabTools, notice = ''): LabResponse {
  const bssid = instanceMac(lab, 'wps-bssid', '50:d4:f7').toUpperCase();
  return page(
    'WPS PIN audit',
    `<h1>Recover the WPS PIN of your lab router</h1>
<p>Your lab router <strong>${ESSID}</strong> has WPS PIN enabled for this exercise (lesson 9). The router is simulated and belongs to this lab alone. Find its 8-digit PIN with the registration protocol’s own leak; the AP then hands over its WPA2 passphrase in M7.</p>
<pre>BSSID               Ch  dBm  WPS  Lck  Vendor    ESSID
------------------------------------------------------------
${bssid}    6  -41  2.0  No   RalinkTe  ${ESSID}</pre>
${budgetLine(lab)}
<p>Each attempt is a full protocol run of about ${SECONDS_PER_ATTEMPT} seconds, and you agreed a two-hour window with the router’s owner: ${ATTEMPT_BUDGET} attempts. All 10<sup>8</sup> PINs will not fit in it, and 10<sup>4</sup> guesses at the last four digits will not either. Work out what does.</p>
${notice}
<details class="lab-tool" open>
<summary>Yesterday’s session (reaver -vv, stopped after five PINs)</summary>
<pre>${esc(earlierLog(lab))}</pre>
</details>
<h2>Try one PIN</h2>
<form method="post" action="attempt" class="lab-form">
<label>PIN (8 digits) <input name="pin" inputmode="numeric" pattern="[0-9]{8}" maxlength="8" autocomplete="off" required></label>
<button type="submit">Run one registration</button>
</form>
<h2>Checksum helper</h2>
<form method="get" action="checksum" class="lab-form">
<label>First seven digits <input name="first7" inputmode="numeric" pattern="[0-9]{7}" maxlength="7" autocomplete="off" required></label>
<button type="submit">Compute the eighth digit</button>
</form>
<h2>Build a PIN list</h2>
<p>Keeps the first half fixed and runs digits 5 to 7 over a range, each PIN completed with its checksum digit.</p>
<form method="get" action="pins" class="lab-form">
<label>First half (digits 1 to 4) <input name="first" inputmode="numeric" pattern="[0-9]{4}" maxlength="4" autocomplete="off" required></label>
<label>Digits 5 to 7 from <input name="from" inputmode="numeric" pattern="[0-9]{1,3}" maxlength="3" value="000" required></label>
<label>to <input name="to" inputmode="numeric" pattern="[0-9]{1,3}" maxlength="3" value="999" required></label>
<button type="submit">Build the list</button>
</form>`,
  );
}

function batchForm(pins: string[]): string {
  return `<form method="post" action="attack" class="lab-form">
<label>PINs to try, one per line (at most ${MAX_BATCH}) <textarea name="pins" rows="8" autocomplete="off" spellcheck="false">${esc(pins.join('\n'))}</textarea></label>
<button type="submit">Run these PINs against the AP</button>
</form>`;
}

function m7(lab: LabTools, pin: string): string {
  const flag = lab.solve();
  return `<div class="lab-card"><h2>M7 received: the AP’s configuration</h2>
<pre>[+] WPS PIN: '${esc(pin)}'
[+] WPA PSK: '${esc(apPassphrase(lab))}'
[+] AP SSID: '${ESSID}'</pre>
<p>A random 20-character passphrase, handed over because the PIN fell in at most 11,000 attempts. Disable WPS and verify over the air that it is gone.</p>
<p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>`;
}

const target: LabTarget = {
  id: 'wifi-wps-pin-checksum',
  routes: {
    'GET /': (_request, lab) => homePage(lab),
    'GET /attempt': (_request, lab) => redirect(lab, '/'),
    'GET /attack': (_request, lab) => redirect(lab, '/'),
    'POST /attempt': (request, lab) => {
      const pin = (request.form().get('pin') ?? '').trim();
      if (!/^\d{8}$/.test(pin)) {
        return homePage(lab, '<p class="lab-error" role="alert">A WPS PIN is exactly 8 digits.</p>');
      }
      if (used(lab) >= ATTEMPT_BUDGET) {
        return homePage(
          lab,
          '<p class="lab-error" role="alert">AP Setup Locked: the window is used up. Start the lab again for a fresh router.</p>',
        );
      }
      lab.setState({ used: used(lab) + 1 } satisfies State);
      const outcome = register(lab, pin);
      const meaning =
        outcome === 'M4'
          ? 'NACK straight after M4: the first four digits are wrong.'
          : outcome === 'M6'
            ? 'The AP answered M4 with M5, so the first four digits are right; the NACK after M6 means digits 5 to 8 are wrong.'
            : 'M7: the whole PIN is right.';
      return homePage(
        lab,
        `<section class="lab-card" aria-labelledby="attempt-title"><h2 id="attempt-title">Attempt result</h2><pre>${esc(trace(pin, outcome))}</pre><p>${esc(meaning)}</p></section>${outcome === 'M7' ? m7(lab, pin) : ''}`,
      );
    },
    'GET /checksum': (request, lab) => {
      const first7 = (request.query.get('first7') ?? '').trim();
      if (!/^\d{7}$/.test(first7)) {
        return homePage(lab, '<p class="lab-error" role="alert">The checksum helper needs exactly seven digits.</p>');
      }
      const pin = `${first7}${wpsChecksum(Number(first7))}`;
      return page(
        'Checksum helper',
        `<h1>Checksum of ${esc(first7)}</h1>
<pre>${esc(checksumSteps(first7))}</pre>
<p>The full PIN is <strong><code>${esc(pin)}</code></strong>. Any other eighth digit makes a PIN no AP would have, so it is never worth a try.</p>
<p><a href="./">Back to the AP</a></p>`,
      );
    },
    'GET /pins': (request, lab) => {
      const first = (request.query.get('first') ?? '').trim();
      const from = Number(request.query.get('from') ?? '0');
      const to = Number(request.query.get('to') ?? '999');
      if (
        !/^\d{4}$/.test(first) ||
        !Number.isInteger(from) ||
        !Number.isInteger(to) ||
        from < 0 ||
        to > 999 ||
        from > to
      ) {
        return homePage(
          lab,
          '<p class="lab-error" role="alert">Give a 4-digit first half and a range of digits 5 to 7 within 000 to 999.</p>',
        );
      }
      const pins: string[] = [];
      for (let n = from; n <= to; n++) {
        const first7 = `${first}${String(n).padStart(3, '0')}`;
        pins.push(`${first7}${wpsChecksum(Number(first7))}`);
      }
      return page(
        'PIN list',
        `<h1>${pins.length} PINs for first half ${esc(first)}</h1>
<p>Digits 5 to 7 from ${String(from).padStart(3, '0')} to ${String(to).padStart(3, '0')}, each with its checksum digit.</p>
${budgetLine(lab)}
${batchForm(pins)}
<p><a href="./">Back to the AP</a></p>`,
      );
    },
    'POST /attack': (request, lab) => {
      const lines = (request.form().get('pins') ?? '')
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean);
      if (!lines.length || lines.length > MAX_BATCH || lines.some((l) => !/^\d{8}$/.test(l))) {
        return homePage(
          lab,
          `<p class="lab-error" role="alert">A batch is 1 to ${MAX_BATCH} PINs of exactly 8 digits, one per line.</p>`,
        );
      }
      let sent = 0;
      let afterM4 = 0;
      let afterM6 = 0;
      let skipped = 0;
      let found: string | null = null;
      let locked = false;
      const rejectedFirst = new Set<string>();
      const start = used(lab);
      for (const pin of lines) {
        // Once the AP has NACKed a first half after M4, every PIN with that first half is wrong too.
        if (rejectedFirst.has(pin.slice(0, 4))) {
          skipped++;
          continue;
        }
        if (start + sent >= ATTEMPT_BUDGET) {
          locked = true;
          break;
        }
        sent++;
        const outcome = register(lab, pin);
        if (outcome === 'M4') {
          afterM4++;
          rejectedFirst.add(pin.slice(0, 4));
        } else if (outcome === 'M6') {
          afterM6++;
        } else {
          found = pin;
          break;
        }
      }
      lab.setState({ used: start + sent } satisfies State);
      const minutes = Math.round((sent * SECONDS_PER_ATTEMPT) / 60);
      const summary = `<section class="lab-card" aria-labelledby="batch-title"><h2 id="batch-title">Batch result</h2>
<table><tbody>
<tr><th scope="row">PINs sent</th><td>${sent}</td></tr>
<tr><th scope="row">NACK after M4 (first half wrong)</th><td>${afterM4}</td></tr>
<tr><th scope="row">NACK after M6 (second half wrong)</th><td>${afterM6}</td></tr>
<tr><th scope="row">Skipped (first half already rejected)</th><td>${skipped}</td></tr>
<tr><th scope="row">Time on the air</th><td>about ${minutes} minutes</td></tr>
</tbody></table>
${locked ? '<p class="lab-error">AP Setup Locked: the window ran out before the list did. Start the lab again for a fresh router, and spend fewer attempts next time.</p>' : ''}
${!found && !locked ? '<p>No PIN in this list was right.</p>' : ''}
</section>`;
      return homePage(lab, `${summary}${found ? m7(lab, found) : ''}`);
    },
  },
};

export default target;
