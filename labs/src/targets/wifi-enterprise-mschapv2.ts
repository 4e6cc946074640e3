// The MSCHAPv2 exchange a rogue AP logs when a PEAP client does not validate the server
// certificate (lesson 10). Every start of the lab draws a test account and its password
// (one of the lab's wordlist) from the instance secret and builds the exchange for real:
// random authenticator and peer challenges, ChallengeHash = SHA1(peer ‖ auth ‖ user)[0..8],
// NT hash = MD4(UTF-16LE(password)), NT-Response = three DES encryptions of ChallengeHash.
// The learner reads the decoded EAP packets, computes ChallengeHash with the lab's helper
// (the user name without its DOMAIN\ prefix, as RFC 2759 says), runs the wordlist through
// the lab's cracker (server-side, at most 100 candidates a run) and submits the password;
// the server recomputes the NT-Response from it to decide.
import { timingSafeEqual } from 'node:crypto';
import { esc, page, redirect, text, type LabResponse, type LabTarget, type LabTools } from '../host/lab-kit';
import { hex, instanceBytes, instanceNumber, instancePick, parseHex } from './wifi-common';
import { challengeHash, ntHash, ntResponse, ntResponseFromHash, withoutDomain } from './wifi-mschapv2';

export const WORDLIST = [
  'Welcome@123',
  'Labcorp@2026',
  'Password@1',
  'Monday@123',
  'Summer2026!',
  'India@2026',
  'Mumbai#123',
  'Pune@2025',
  'Diwali@2025',
  'Holi#2026',
  'Cricket@11',
  'Kohli@18',
  'Dhoni@07',
  'Ganesh@123',
  'Admin@123',
  'Qwerty@123',
  'Asha@1995',
  'Ravi@1988',
  'Secure#2026',
  'Radius@123',
  'Wifi@2026',
  'Office@123',
  'Laptop#01',
  'Change@me1',
  'Passw0rd!',
  'Test@1234',
  'Lab@12345',
  'Corp#2026',
  'Chai@1234',
  'Tiffin@12',
  'Masala#99',
  'Biryani@1',
  'Samosa@22',
  'Jalebi#7',
  'Rasam@123',
  'Idli@2024',
  'Dosa#2025',
  'Chennai@600',
  'Kolkata#700',
  'Delhi@110',
  'Bengaluru@560',
  'Hyderabad#500',
  'Jaipur@302',
  'Surat#395',
  'Indore@452',
  'Nagpur#440',
  'Kochi@682',
  'Goa@2026',
  'Shimla#171',
  'Ooty@643',
  'Monsoon@26',
  'Rangoli#1',
  'Namaste@1',
  'Shukriya#2',
  'Dhanyavad@3',
  'Jugaad@123',
  'Bindaas#1',
  'Zindabad@47',
  'Vande@1947',
  'Sunday#2026',
];

const USERS = ['asha', 'ravi.test', 'meera.lab', 'kiran.qa', 'farah.lab', 'vijay.test'];
const DOMAIN = 'LABCORP';
const SERVER_NAME = 'rogue-radius';
const MAX_CANDIDATES = 100;
const MAX_CANDIDATE_LENGTH = 64;

interface Exchange {
  identity: string;
  authChallenge: Buffer;
  peerChallenge: Buffer;
  ntResponse: Buffer;
  id: number;
}

function exchange(lab: Pick<LabTools, 'instanceSecret'>): Exchange {
  const user = instancePick(lab, 'mschap-user', USERS);
  const password = instancePick(lab, 'mschap-password', WORDLIST);
  const authChallenge = instanceBytes(lab, 'mschap-auth-challenge', 16);
  const peerChallenge = instanceBytes(lab, 'mschap-peer-challenge', 16);
  return {
    identity: `${DOMAIN}\\${user}`,
    authChallenge,
    peerChallenge,
    ntResponse: ntResponse(password, challengeHash(peerChallenge, authChallenge, user)),
    id: 1 + instanceNumber(lab, 'mschap-id', 250),
  };
}

/** An EAP packet carrying EAP-MSCHAPv2 (type 26): OpCode, MS-CHAPv2-ID, MS-Length, Value-Size, Value, Name. */
function eapMschap(code: number, eapId: number, opCode: number, msId: number, value: Buffer, name: string): Buffer {
  const nameBytes = Buffer.from(name, 'utf8');
  const msLength = 4 + 1 + value.length + nameBytes.length;
  const inner = Buffer.concat([
    Buffer.of(opCode, msId, msLength >> 8, msLength & 0xff, value.length),
    value,
    nameBytes,
  ]);
  const length = 5 + inner.length;
  return Buffer.concat([Buffer.of(code, eapId, length >> 8, length & 0xff, 26), inner]);
}

function packets(x: Exchange): { challenge: Buffer; response: Buffer } {
  return {
    challenge: eapMschap(1, 9, 1, x.id, x.authChallenge, SERVER_NAME),
    response: eapMschap(
      2,
      9,
      2,
      x.id,
      Buffer.concat([x.peerChallenge, Buffer.alloc(8), x.ntResponse, Buffer.of(0)]),
      x.identity,
    ),
  };
}

const row = (label: string, value: string, id = '') =>
  `<dt>${esc(label)}</dt><dd><code${id ? ` id="${id}"` : ''}>${esc(value)}</code></dd>`;
const note = (label: string, value: string) => `<dt>${esc(label)}</dt><dd>${esc(value)}</dd>`;

function challengeForm(x: Exchange, values?: { peer: string; auth: string; username: string }): string {
  return `<form method="post" action="challenge-hash" class="lab-form">
<label>Peer-Challenge (16 bytes, hex) <input name="peer" value="${esc(values?.peer ?? hex(x.peerChallenge))}" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
<label>Authenticator Challenge (16 bytes, hex) <input name="auth" value="${esc(values?.auth ?? hex(x.authChallenge))}" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
<label>UserName <input name="username" value="${esc(values?.username ?? x.identity)}" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
<button type="submit">Compute ChallengeHash</button>
</form>`;
}

function crackForm(values: { challenge: string; response: string; words?: string }): string {
  return `<form method="post" action="crack" class="lab-form">
<label>ChallengeHash (8 bytes, hex) <input name="challenge" value="${esc(values.challenge)}" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
<label>NT-Response (24 bytes, hex) <input name="response" value="${esc(values.response)}" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
<label>Candidate passwords, one per line (at most ${MAX_CANDIDATES}) <textarea name="words" rows="8" autocapitalize="off" spellcheck="false">${esc(values.words ?? WORDLIST.join('\n'))}</textarea></label>
<button type="submit">Run the wordlist</button>
</form>`;
}

function homePage(lab: LabTools, notice = ''): LabResponse {
  const x = exchange(lab);
  const { challenge, response } = packets(x);
  return page(
    'Rogue AP capture',
    `<h1>Crack a PEAP-MSCHAPv2 login caught by a rogue AP</h1>
<p>In your enterprise lab (lesson 10) you started a rogue <strong>LabCorp-Secure</strong> with eaphammer and reconnected your own test laptop, whose profile you had set to skip server-certificate validation. It built a TLS tunnel to your rogue and authenticated inside it. The account and its password are generated for this lab; no real person or network is involved. Recover the password, then submit it.</p>
<p class="lab-note">A rogue AP that collects other people’s credentials is an offence (interception under section 42 of the Telecommunications Act, 2023; section 66 of the IT Act for the access that follows). This belongs only in a written scope with test accounts and test devices.</p>
${notice}
<h2>What the rogue logged</h2>
<dl>
${row('Outer identity (cleartext)', 'anonymous@labcorp.in')}
${note('Server certificate', 'CN=radius.labcorp.in, self-signed by the rogue: accepted without a warning')}
${note('Inner method', 'EAP-MSCHAPv2 (EAP type 26) inside the PEAP tunnel')}
</dl>
<h3>EAP-Request, MSCHAPv2 Challenge (rogue → laptop)</h3>
<pre>${esc(hex(challenge, 4))}</pre>
<dl>
${row('EAP code / id / length / type', `1 (Request) / 9 / ${challenge.length} / 26 (MSCHAPv2)`)}
${row('OpCode', '1 (Challenge)')}
${row('MS-CHAPv2-ID', String(x.id))}
${row('Value-Size', '16')}
${row('Authenticator Challenge', hex(x.authChallenge), 'auth-challenge')}
${row('Name', SERVER_NAME)}
</dl>
<h3>EAP-Response, MSCHAPv2 Response (laptop → rogue)</h3>
<pre>${esc(hex(response, 4))}</pre>
<dl>
${row('EAP code / id / length / type', `2 (Response) / 9 / ${response.length} / 26 (MSCHAPv2)`)}
${row('OpCode', '2 (Response)')}
${row('MS-CHAPv2-ID', String(x.id))}
${row('Value-Size', '49')}
${row('Peer-Challenge', hex(x.peerChallenge), 'peer-challenge')}
${row('Reserved', hex(Buffer.alloc(8)))}
${row('NT-Response', hex(x.ntResponse), 'nt-response')}
${row('Flags', '0')}
${row('Name', x.identity, 'identity')}
</dl>
<h2>Step 1: ChallengeHash</h2>
<p><code>ChallengeHash = first 8 bytes of SHA1(Peer-Challenge ‖ Authenticator Challenge ‖ UserName)</code>. RFC 2759 takes the UserName without any domain prefix.</p>
${challengeForm(x)}
<h2>Step 2: test passwords</h2>
<p>For each candidate: NT hash = MD4(UTF-16LE(password)), then NT-Response = DES(hash bytes 0–6, C) ‖ DES(bytes 7–13, C) ‖ DES(bytes 14–15 + five zero bytes, C), compared with the captured one. Runs on the lab’s server, ${MAX_CANDIDATES} candidates at most per run. The same list is in <a href="wordlist.txt">wordlist.txt</a>.</p>
${crackForm({ challenge: '', response: hex(x.ntResponse) })}
<h2>Step 3: submit the password</h2>
<form method="post" action="submit" class="lab-form">
<label>Password of the test account <input name="password" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
<button type="submit">Check it against the NT-Response</button>
</form>`,
  );
}

const target: LabTarget = {
  id: 'wifi-enterprise-mschapv2',
  routes: {
    'GET /': (_request, lab) => homePage(lab),
    'GET /wordlist.txt': () => text(`${WORDLIST.join('\n')}\n`),
    'GET /challenge-hash': (_request, lab) => redirect(lab, '/'),
    'GET /crack': (_request, lab) => redirect(lab, '/'),
    'GET /submit': (_request, lab) => redirect(lab, '/'),
    'POST /challenge-hash': (request, lab) => {
      const form = request.form();
      const values = {
        peer: form.get('peer') ?? '',
        auth: form.get('auth') ?? '',
        username: (form.get('username') ?? '').trim(),
      };
      const peer = parseHex(values.peer);
      const auth = parseHex(values.auth);
      if (
        !peer ||
        peer.length !== 16 ||
        !auth ||
        auth.length !== 16 ||
        !values.username ||
        values.username.length > 256
      ) {
        return homePage(
          lab,
          '<p class="lab-error" role="alert">Both challenges are 16 bytes of hex, and the UserName cannot be empty.</p>',
        );
      }
      const x = exchange(lab);
      const challenge = challengeHash(peer, auth, values.username);
      const stripped = withoutDomain(values.username);
      return page(
        'ChallengeHash',
        `<h1>ChallengeHash</h1>
<dl>
${row('SHA1 input', `${hex(peer)} ‖ ${hex(auth)} ‖ "${values.username}"`)}
${row('ChallengeHash (first 8 bytes)', hex(challenge), 'challenge-hash')}
</dl>
${stripped !== values.username ? `<p class="lab-note">This UserName still carries a domain prefix. RFC 2759 hashes the name without it (<code>${esc(stripped)}</code>). A ChallengeHash from the wrong name makes every candidate fail.</p>` : ''}
<p>hashcat mode 5500 line, for a laptop (<code>hashcat -m 5500 mschap.5500 wordlist.txt</code>):</p>
<pre>${esc(`${stripped}::::${hex(x.ntResponse)}:${hex(challenge)}`)}</pre>
<h2>Step 2: test passwords</h2>
${crackForm({ challenge: hex(challenge), response: hex(x.ntResponse) })}
<h2>Or compute it again</h2>
${challengeForm(x, values)}
<p><a href="./">Back to the capture</a></p>`,
      );
    },
    'POST /crack': (request, lab) => {
      const form = request.form();
      const challenge = parseHex(form.get('challenge') ?? '');
      const response = parseHex(form.get('response') ?? '');
      const words = (form.get('words') ?? '').split(/\r?\n/).filter((w) => w.length > 0);
      if (!challenge || challenge.length !== 8 || !response || response.length !== 24) {
        return homePage(
          lab,
          '<p class="lab-error" role="alert">The cracker needs the 8-byte ChallengeHash (step 1) and the 24-byte NT-Response, in hex.</p>',
        );
      }
      if (!words.length || words.length > MAX_CANDIDATES || words.some((w) => w.length > MAX_CANDIDATE_LENGTH)) {
        return homePage(
          lab,
          `<p class="lab-error" role="alert">Give 1 to ${MAX_CANDIDATES} candidates of at most ${MAX_CANDIDATE_LENGTH} characters, one per line.</p>`,
        );
      }
      const found = words.find((word) => ntResponse(word, challenge).equals(response));
      let result: string;
      if (found) {
        const hash = ntHash(found);
        const computed = ntResponseFromHash(hash, challenge);
        result = `<h1>Password found</h1>
<dl>
${row('Password', found, 'found-password')}
${row('NT hash (MD4 of UTF-16LE)', hex(hash))}
${row('DES with hash bytes 0–6', hex(computed.subarray(0, 8)))}
${row('DES with hash bytes 7–13', hex(computed.subarray(8, 16)))}
${row('DES with hash bytes 14–15 + zeros', hex(computed.subarray(16, 24)))}
</dl>
<p>The three blocks equal the captured NT-Response. Submit the password to finish.</p>`;
      } else {
        result = `<h1>No match</h1><p>None of the ${words.length} candidates reproduces this NT-Response with ChallengeHash <code>${hex(challenge)}</code>. If the list should contain the password, check the ChallengeHash: which UserName went into it?</p>`;
      }
      return page(
        'Cracker',
        `${result}
<form method="post" action="submit" class="lab-form">
<label>Password of the test account <input name="password" value="${esc(found ?? '')}" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
<button type="submit">Check it against the NT-Response</button>
</form>
<p><a href="./">Back to the capture</a></p>`,
      );
    },
    'POST /submit': (request, lab) => {
      const password = request.form().get('password') ?? '';
      const x = exchange(lab);
      if (password.length > MAX_CANDIDATE_LENGTH) {
        return homePage(lab, '<p class="lab-error" role="alert">That is longer than any password in this lab.</p>');
      }
      // The check a RADIUS server makes: the NT-Response this password would give for this exchange.
      const user = withoutDomain(x.identity);
      const expected = ntResponse(password, challengeHash(x.peerChallenge, x.authChallenge, user));
      if (!timingSafeEqual(expected, x.ntResponse)) {
        return homePage(
          lab,
          `<p class="lab-error" role="alert">Wrong password: <code>${esc(password)}</code> gives a different NT-Response for this exchange.</p>`,
        );
      }
      const flag = lab.solve();
      return page(
        'Password recovered',
        `<h1>Password recovered</h1>
<p><code>${esc(password)}</code> reproduces the NT-Response of <code>${esc(x.identity)}</code>. With it an attacker could join LabCorp-Secure as this user, and the NT hash opens other Windows services too.</p>
<p>The fix is on the client: enforce server-certificate validation (a named CA and server name) through MDM or Group Policy, so the laptop refuses the rogue before any MSCHAPv2 starts. Better still, move to EAP-TLS.</p>
<div class="lab-card"><p>Flag for this lab:</p><p><code>${esc(flag)}</code></p></div>
<p><a href="./">Back to the capture</a></p>`,
      );
    },
  },
};

export default target;
