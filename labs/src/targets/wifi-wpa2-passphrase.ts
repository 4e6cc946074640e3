// An offline audit of a WPA2 handshake, as lesson 8 runs it with hashcat -m 22000, but on
// a phone. Every start of the lab generates its own lab network (SSID, BSSID, client,
// nonces) and picks its passphrase from the lab's wordlist with the instance secret, then
// builds the real frames: beacon, authentication, association and the 4-way handshake with
// genuine MICs. The page is a packet list with a detail view; the browser tool (wpa2-audit.js)
// runs the wordlist with WebCrypto: PBKDF2-HMAC-SHA1 × 4096 for the PMK, the PRF for the PTK,
// HMAC-SHA1 for the MIC of message 2. The learner submits the passphrase; the server decides
// by recomputing that MIC from the candidate, never by comparing it with the secret.
import { esc, page, redirect, text, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import { hex, instanceBytes, instanceMac, instancePick, instanceRandomMac, macBytes } from './wifi-common';
import {
  EAPOL_MIC_OFFSET,
  binaryDownload,
  buildHandshake,
  eapolMic,
  hc22000Line,
  micOf,
  pcapFile,
  wpa2Pmk,
  wpa2Ptk,
  type Handshake,
} from './wifi-wpa2';

/** The lab's wordlist (also served as wordlist.txt). Four entries are shorter than WPA2 allows, as in real lists. */
export const WORDLIST = [
  'mumbai@123',
  'delhi2025',
  'chennai123',
  'kolkata@1',
  'bengaluru',
  'hyderabad',
  'pune@411001',
  'jaipur2023',
  'lucknow786',
  'kochi2020',
  'pune411',
  'password',
  'password123',
  '12345678',
  '123456789',
  '9876543210',
  '9845012345',
  '9820098200',
  'sachin@10',
  'dhoni0707',
  'viratkohli18',
  'rohit@45',
  'cricket123',
  'ipl2025csk',
  'chai',
  'jaihind123',
  'bharat@1947',
  'ganesha108',
  'omsairam',
  'jaishreeram',
  'radhekrishna',
  'mahadev@123',
  'waheguru1',
  'priya@1995',
  'rahul1990',
  'Sneha@1998',
  'amit@1987',
  'pooja2001',
  'india',
  'vikram@1985',
  'anjali1999',
  'arjun@2000',
  'sharma1234',
  'guptaji@123',
  'iyerfamily',
  'reddy@home',
  'biryani@12',
  'masaladosa',
  'chai@1234',
  'dosa123',
  'paneer123',
  'vadapav99',
  'monsoon2026',
  'diwali2025',
  'holi@2026',
  'wifi@1234',
  'home@1234',
  'internet123',
  'welcome@123',
  'airtel@123',
];

const TREES = ['Tulsi', 'Neem', 'Peepal', 'Banyan', 'Ashoka', 'Gulmohar', 'Jamun', 'Amla'];
const VALID = WORDLIST.filter((w) => Buffer.byteLength(w) >= 8 && Buffer.byteLength(w) <= 63);
// 20:14 IST on 15 July 2026.
const START_US = Date.UTC(2026, 6, 15, 14, 44, 0) * 1000;

function capture(lab: Pick<LabTools, 'instanceSecret'>): Handshake {
  return buildHandshake({
    ssid: `HomeLab-${instancePick(lab, 'wpa2-ssid', TREES)}`,
    passphrase: instancePick(lab, 'wpa2-passphrase', VALID),
    ap: instanceMac(lab, 'wpa2-ap', '50:d4:f7'),
    client: instanceRandomMac(lab, 'wpa2-client'),
    channel: 6,
    aNonce: instanceBytes(lab, 'wpa2-anonce', 32),
    sNonce: instanceBytes(lab, 'wpa2-snonce', 32),
    gtk: instanceBytes(lab, 'wpa2-gtk', 16),
    startUs: START_US,
  });
}

const FRAME_NAMES = [
  'Beacon',
  'Authentication (open system, seq 1)',
  'Authentication (open system, seq 2)',
  'Association Request',
  'Association Response',
  'EAPOL-Key, message 1 of 4',
  'EAPOL-Key, message 2 of 4',
  'EAPOL-Key, message 3 of 4',
  'EAPOL-Key, message 4 of 4',
];

function endpoints(hs: Handshake, n: number): [string, string] {
  const fromAp = [0, 2, 4, 5, 7].includes(n);
  if (n === 0) return [hs.ap, 'ff:ff:ff:ff:ff:ff'];
  return fromAp ? [hs.ap, hs.client] : [hs.client, hs.ap];
}

function packetList(hs: Handshake): string {
  const t0 = hs.frames[0]!.timeUs;
  const name = (mac: string) => (mac === hs.ap ? 'AP' : mac === hs.client ? 'Client' : 'Broadcast');
  const rows = hs.frames
    .map((frame, i) => {
      const [source, destination] = endpoints(hs, i);
      return `<tr><td><a href="frame/${i + 1}">${i + 1}</a></td><td>${Math.round((frame.timeUs - t0) / 1000)}</td><td>${name(source)} → ${name(destination)}</td><td>${esc(FRAME_NAMES[i])}</td></tr>`;
    })
    .join('\n');
  return `<p>AP: <code>${esc(hs.ap)}</code> (BSSID). Client: <code>${esc(hs.client)}</code>.</p>
<table>
<thead><tr><th scope="col">No.</th><th scope="col">ms</th><th scope="col">From → to</th><th scope="col">Info</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

function hexDump(bytes: Buffer): string {
  const lines: string[] = [];
  for (let offset = 0; offset < bytes.length; offset += 8) {
    const chunk = bytes.subarray(offset, offset + 8);
    const ascii = [...chunk].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    lines.push(`${offset.toString(16).padStart(4, '0')}  ${hex(chunk, 1).padEnd(23)}  ${ascii}`);
  }
  return lines.join('\n');
}

const KEY_INFO_BITS: [number, string][] = [
  [0x0008, 'Pairwise'],
  [0x0040, 'Install'],
  [0x0080, 'Ack'],
  [0x0100, 'MIC'],
  [0x0200, 'Secure'],
  [0x1000, 'Encrypted key data'],
];

function eapolDetail(eapol: Buffer): string {
  const keyInfo = eapol.readUInt16BE(5);
  const flags = KEY_INFO_BITS.filter(([bit]) => keyInfo & bit).map(([, name]) => name);
  const keyDataLength = eapol.readUInt16BE(97);
  const rows: [string, string][] = [
    ['802.1X version', String(eapol[0])],
    ['Type', `${eapol[1]} (EAPOL-Key)`],
    ['Descriptor type', `${eapol[4]} (RSN)`],
    [
      'Key Information',
      `0x${keyInfo.toString(16).padStart(4, '0')}: version ${keyInfo & 7} (HMAC-SHA1 MIC), ${flags.join(', ')}`,
    ],
    ['Key length', String(eapol.readUInt16BE(7))],
    ['Replay counter', eapol.readBigUInt64BE(9).toString()],
    ['Key nonce', hex(eapol.subarray(17, 49))],
    ['Key MIC', hex(eapol.subarray(EAPOL_MIC_OFFSET, EAPOL_MIC_OFFSET + 16))],
    ['Key data length', String(keyDataLength)],
    ['Key data', keyDataLength ? hex(eapol.subarray(99, 99 + keyDataLength)) : '(none)'],
  ];
  return `<dl>${rows.map(([k, v]) => `<dt>${esc(k)}</dt><dd><code>${esc(v)}</code></dd>`).join('')}</dl>
<p class="lab-note">The MIC sits at bytes ${EAPOL_MIC_OFFSET} to ${EAPOL_MIC_OFFSET + 15} of the EAPOL frame. It is computed over the whole frame with those 16 bytes set to zero.</p>`;
}

function homePage(lab: LabTools, verdict = ''): LabResponse {
  const hs = capture(lab);
  const m2 = hs.messages[1];
  const field = (label: string, value: string, note: string) =>
    `<dt>${esc(label)}</dt><dd><code>${esc(value)}</code><br><span class="lab-note">${esc(note)}</span></dd>`;
  return page(
    'WPA2 handshake audit',
    `<h1>Audit a captured WPA2 handshake</h1>
<p>Your lab access point <strong>${esc(hs.ssid)}</strong> was captured while your spare phone joined it (lesson 7). The network and its capture are generated for this lab and exist nowhere else. Audit its passphrase against the lab’s wordlist, as lesson 8 does with <code>hashcat -m 22000</code>, then submit the passphrase you recover.</p>
${verdict}
<h2>Capture</h2>
<p>Nine frames on channel ${hs.channel}. Tap a number for the frame’s bytes and fields.</p>
${packetList(hs)}
<p>Downloads for a laptop: <a href="handshake.pcap">handshake.pcap</a> (for <code>aircrack-ng</code> or <code>hcxpcapngtool</code>), <a href="handshake.hc22000">handshake.hc22000</a> (for <code>hashcat -m 22000</code>), <a href="wordlist.txt">wordlist.txt</a>.</p>
<h2>What one guess needs</h2>
<dl>
${field('SSID', hs.ssid, 'The PBKDF2 salt: PMK = PBKDF2-HMAC-SHA1(passphrase, SSID, 4096, 256 bits).')}
${field('AA (BSSID)', hs.ap, 'The authenticator’s MAC address.')}
${field('SPA (client)', hs.client, 'The supplicant’s MAC address, randomised by the phone.')}
${field('ANonce', hex(hs.aNonce), 'From message 1.')}
${field('SNonce', hex(hs.sNonce), 'From message 2.')}
${field('EAPOL frame of message 2', hex(m2), 'As captured, MIC included.')}
${field('MIC of message 2', hex(micOf(m2)), 'What the right passphrase reproduces.')}
</dl>
<section class="lab-card" id="audit-tool" aria-labelledby="audit-title" data-ssid="${esc(hs.ssid)}" data-ap="${esc(hs.ap)}" data-client="${esc(hs.client)}" data-anonce="${esc(hex(hs.aNonce))}" data-snonce="${esc(hex(hs.sNonce))}" data-eapol="${esc(hex(m2))}">
<h2 id="audit-title">Wordlist audit in this browser</h2>
<p>For each candidate: PMK with PBKDF2 (4,096 iterations of HMAC-SHA1), PTK with the PRF over both MACs and both nonces, then HMAC-SHA1 with the KCK over message 2 with its MIC zeroed. Candidates shorter than 8 or longer than 63 bytes are rejected, as hashcat does.</p>
<form class="lab-form" id="audit-form">
<label>Candidates, one per line <textarea id="audit-words" rows="8" autocapitalize="off" spellcheck="false">${esc(WORDLIST.join('\n'))}</textarea></label>
<button type="submit" id="audit-run">Run the wordlist</button>
</form>
<p><label>Progress <progress id="audit-progress" max="${WORDLIST.length}" value="0"></progress></label></p>
<p id="audit-status" role="status" aria-live="polite">Needs JavaScript. Without it, submit candidates one at a time below: the lab checks each one by its MIC.</p>
</section>
<h2>Submit the passphrase</h2>
<form method="post" action="submit" class="lab-form">
<label>Passphrase <input name="passphrase" id="passphrase" autocapitalize="off" autocomplete="off" spellcheck="false" maxlength="63" required></label>
<button type="submit">Check it against the MIC</button>
</form>`,
  );
}

const target: LabTarget = {
  id: 'wifi-wpa2-passphrase',
  assets: { 'wpa2-audit.js': auditScript() },
  routes: {
    'GET /': (_request, lab) => homePage(lab),
    'GET /frame/:n': (request, lab) => {
      const hs = capture(lab);
      const n = Number(request.params.n);
      const frame = Number.isInteger(n) ? hs.frames[n - 1] : undefined;
      if (!frame)
        return page('No such frame', '<h1>No such frame</h1><p><a href="../">Back to the capture</a></p>', {
          status: 404,
        });
      const eapol = n >= 6 ? hs.messages[n - 6]! : null;
      const [source, destination] = endpoints(hs, n - 1);
      return page(
        `Frame ${n}`,
        `<h1>Frame ${n}: ${esc(FRAME_NAMES[n - 1])}</h1>
<p><code>${esc(source)}</code> → <code>${esc(destination)}</code>, ${frame.bytes.length} bytes (15 of radiotap, then the 802.11 frame).</p>
${eapol ? `<h2>EAPOL-Key fields</h2>${eapolDetail(eapol)}<h2>EAPOL frame (hex)</h2><pre>${esc(hex(eapol))}</pre>` : ''}
<h2>Bytes</h2>
<pre>${esc(hexDump(frame.bytes))}</pre>
<p>${n > 1 ? `<a href="${n - 1}">Previous frame</a> · ` : ''}${n < hs.frames.length ? `<a href="${n + 1}">Next frame</a> · ` : ''}<a href="../">Back to the capture</a></p>`,
      );
    },
    'GET /handshake.pcap': (_request, lab) =>
      binaryDownload(pcapFile(capture(lab).frames), 'application/vnd.tcpdump.pcap', 'handshake.pcap'),
    'GET /handshake.hc22000': (_request, lab) => text(`${hc22000Line(capture(lab))}\n`),
    'GET /wordlist.txt': () => text(`${WORDLIST.join('\n')}\n`),
    'GET /submit': (_request, lab) => redirect(lab, '/'),
    'POST /submit': (request, lab) => {
      const candidate = request.form().get('passphrase') ?? '';
      const bytes = Buffer.byteLength(candidate, 'utf8');
      if (bytes < 8 || bytes > 63) {
        return homePage(
          lab,
          `<p class="lab-error" role="alert">Rejected: a WPA2 passphrase is 8 to 63 characters, and <code>${esc(candidate)}</code> is ${bytes} bytes. hashcat counts such candidates as “Rejected” and never tries them.</p>`,
        );
      }
      const hs = capture(lab);
      const m2 = hs.messages[1];
      // The check an auditing tool makes: the candidate's PMK, PTK and MIC against the capture.
      const pmk = wpa2Pmk(candidate, hs.ssid);
      const ptk = wpa2Ptk(pmk, macBytes(hs.ap), macBytes(hs.client), hs.aNonce, hs.sNonce);
      const mic = eapolMic(ptk.kck, m2);
      if (!mic.equals(micOf(m2))) {
        return homePage(
          lab,
          `<div class="lab-card" role="alert"><p class="lab-error">MIC mismatch for <code>${esc(candidate)}</code>.</p><p>Its PMK gives the MIC <code>${hex(mic)}</code>; the capture has <code>${hex(micOf(m2))}</code>. Try the next candidate.</p></div>`,
        );
      }
      const flag = lab.solve();
      return page(
        'Key found',
        `<h1>KEY FOUND! [ ${esc(candidate)} ]</h1>
<p>The PMK of this passphrase reproduces the MIC of message 2, so it is the network’s passphrase.</p>
<table><tbody>
<tr><th scope="row">Master key (PMK)</th><td><code>${hex(pmk, 4)}</code></td></tr>
<tr><th scope="row">KCK</th><td><code>${hex(ptk.kck, 4)}</code></td></tr>
<tr><th scope="row">MIC</th><td><code>${hex(mic, 4)}</code></td></tr>
</tbody></table>
<p>For the report, give the pattern and the first characters only (<code>${esc(candidate.slice(0, 2))}${'*'.repeat(Math.max(0, candidate.length - 2))}</code>), how it fell (a ${WORDLIST.length}-word targeted list, in seconds) and the fix: a random passphrase of 14+ characters or 5+ random words, or WPA3-SAE.</p>
<div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>
<p><a href="./">Back to the capture</a></p>`,
      );
    },
  },
};

/** The browser tool: the same key hierarchy on WebCrypto, over the candidates in the page's text area. */
function auditScript(): string {
  return `// EHC lab: WPA2 wordlist audit in the browser, on WebCrypto.
// For each candidate: PMK = PBKDF2-HMAC-SHA1(candidate, SSID, 4096, 256 bits);
// PTK = PRF-512(PMK, "Pairwise key expansion", min(AA,SPA) | max(AA,SPA) | min(ANonce,SNonce) | max(...));
// MIC = HMAC-SHA1(KCK = PTK[0..16], message 2 with its MIC zeroed)[0..16], compared with the captured MIC.
(function () {
  'use strict';
  var subtle = window.crypto && window.crypto.subtle;
  var encoder = new TextEncoder();
  var MIC_OFFSET = ${EAPOL_MIC_OFFSET};

  function fromHex(text) {
    var clean = String(text).replace(/[^0-9a-f]/gi, '');
    var out = new Uint8Array(clean.length / 2);
    for (var i = 0; i < out.length; i++) out[i] = parseInt(clean.substr(i * 2, 2), 16);
    return out;
  }
  function toHex(bytes) {
    var out = '';
    for (var i = 0; i < bytes.length; i++) out += (bytes[i] < 16 ? '0' : '') + bytes[i].toString(16);
    return out;
  }
  function concat(parts) {
    var length = 0;
    parts.forEach(function (p) { length += p.length; });
    var out = new Uint8Array(length);
    var offset = 0;
    parts.forEach(function (p) { out.set(p, offset); offset += p.length; });
    return out;
  }
  function compare(a, b) {
    for (var i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
    return a.length - b.length;
  }
  async function hmacSha1(key, data) {
    var k = await subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
    return new Uint8Array(await subtle.sign('HMAC', k, data));
  }
  async function pmk(passphrase, ssid) {
    var base = await subtle.importKey('raw', encoder.encode(passphrase), 'PBKDF2', false, ['deriveBits']);
    var bits = await subtle.deriveBits({ name: 'PBKDF2', salt: encoder.encode(ssid), iterations: 4096, hash: 'SHA-1' }, base, 256);
    return new Uint8Array(bits);
  }
  async function prf512(key, label, data) {
    var blocks = [];
    for (var i = 0; i < 4; i++) {
      blocks.push(await hmacSha1(key, concat([encoder.encode(label), new Uint8Array([0]), data, new Uint8Array([i])])));
    }
    return concat(blocks).slice(0, 64);
  }
  async function micFor(passphrase, hs) {
    var key = await pmk(passphrase, hs.ssid);
    var macs = compare(hs.ap, hs.client) < 0 ? [hs.ap, hs.client] : [hs.client, hs.ap];
    var nonces = compare(hs.aNonce, hs.sNonce) < 0 ? [hs.aNonce, hs.sNonce] : [hs.sNonce, hs.aNonce];
    var ptk = await prf512(key, 'Pairwise key expansion', concat(macs.concat(nonces)));
    var frame = hs.eapol.slice();
    frame.fill(0, MIC_OFFSET, MIC_OFFSET + 16);
    return (await hmacSha1(ptk.slice(0, 16), frame)).slice(0, 16);
  }
  async function audit(hs, words, onProgress) {
    var target = toHex(hs.eapol.slice(MIC_OFFSET, MIC_OFFSET + 16));
    var rejected = 0;
    for (var i = 0; i < words.length; i++) {
      var word = words[i];
      var length = encoder.encode(word).length;
      if (length < 8 || length > 63) {
        rejected++;
      } else if (toHex(await micFor(word, hs)) === target) {
        return { found: word, tried: i + 1, rejected: rejected };
      }
      if (onProgress) onProgress(i + 1, words.length, word, rejected);
    }
    return { found: null, tried: words.length, rejected: rejected };
  }
  window.ehcWpa2Audit = { fromHex: fromHex, toHex: toHex, micFor: micFor, audit: audit };

  var tool = document.getElementById('audit-tool');
  if (!tool) return;
  var form = document.getElementById('audit-form');
  var status = document.getElementById('audit-status');
  var progress = document.getElementById('audit-progress');
  var button = document.getElementById('audit-run');
  if (!subtle) {
    status.textContent = 'This browser offers no WebCrypto on this page (it needs HTTPS). Submit candidates one at a time below instead.';
    return;
  }
  status.textContent = 'Ready. The wordlist runs on this device; nothing is sent until you submit.';
  var hs = {
    ssid: tool.getAttribute('data-ssid'),
    ap: fromHex(tool.getAttribute('data-ap')),
    client: fromHex(tool.getAttribute('data-client')),
    aNonce: fromHex(tool.getAttribute('data-anonce')),
    sNonce: fromHex(tool.getAttribute('data-snonce')),
    eapol: fromHex(tool.getAttribute('data-eapol')),
  };
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var words = document.getElementById('audit-words').value.split(/\\r?\\n/).map(function (w) { return w.trim(); }).filter(Boolean).slice(0, 5000);
    button.disabled = true;
    progress.max = words.length;
    progress.value = 0;
    var started = performance.now();
    audit(hs, words, function (done, total, word, rejected) {
      progress.value = done;
      status.textContent = 'Tried ' + done + ' of ' + total + ' (' + rejected + ' rejected). Current: ' + word;
    }).then(function (result) {
      var seconds = ((performance.now() - started) / 1000).toFixed(2);
      if (result.found) {
        progress.value = progress.max;
        status.textContent = 'KEY FOUND! [ ' + result.found + ' ] after ' + result.tried + ' candidates in ' + seconds + ' s. Submit it below.';
        document.getElementById('passphrase').value = result.found;
      } else {
        status.textContent = 'Exhausted: ' + result.tried + ' candidates (' + result.rejected + ' rejected) in ' + seconds + ' s, no match.';
      }
    }).catch(function (error) {
      status.textContent = 'The audit stopped: ' + error.message;
    }).then(function () {
      button.disabled = false;
    });
  });
})();
`;
}

export default target;
