import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'crypto-cbc-padding-oracle',
  moduleId: 'cryptography',
  lessonNumber: 13,
  title: 'Decrypt a locker token through a padding oracle',
  difficulty: 'Advanced',
  objective:
    "HostelDrop's pickup API tells a padding error (500) apart from a bad token (403). Use that oracle, and nothing else, to decrypt the service token leaked in the kiosk log, and sign in to the service console with its plaintext; the console then shows your flag.",
  hints: [
    'Fingerprint the oracle first: send your own token to GET /api/pickup with its last byte changed, then with the first byte of the IV changed. Which status codes come back?',
    'CBC decrypts P_i = D(C_i) ⊕ C_(i-1). Send a block C′ of your choice followed by one real block: the server checks the padding of D(C_i) ⊕ C′. Which C′[15] makes the last byte 0x01?',
    'The oracle helper does one byte per press: paste the service token, start at block 1, and press until the block is done; it moves on to block 2 and finally shows the plaintext without padding. Submit that whole text.',
  ],
  writeup: `A token is \`IV || AES-128-CBC(text + PKCS #7 padding)\` with no MAC, and \`GET /api/pickup\` answers
**500 "padding error"** when the padding is wrong but **403 "invalid token"** when it is right and the text
is not a token. Change the last byte of a token: 500. Flip a bit of the IV: 403. That is a padding oracle.

Vaudenay's attack, for each ciphertext block C_i (the block before it is C_(i-1), the IV for block 1):

1. Send \`C′ || C_i\` with C′[15] = 0, 1, … 255. The server computes \`P′ = D(C_i) ⊕ C′\`. When it does not
   answer 500, P′ ends in \`01\` (change C′[14] and ask again to rule out an accidental \`02 02\`).
2. Then \`I[15] = C′[15] ⊕ 01\`, and the real byte is \`P[15] = I[15] ⊕ C_(i-1)[15]\`.
3. Set C′[15] = I[15] ⊕ 02 and search C′[14] for \`02 02\`; continue to 16 bytes.

On a phone, open **Oracle helper** (the service token is already filled in) and press **Find the next byte**
32 times: each press asks the same oracle up to 256 times and shows I and P. The last press shows the
plaintext without padding, \`svc:rohan:…\`; enter it in the **Service console**. On a laptop, the lesson's
\`padding_attack.py\` works against \`/api/pickup?token=\` (about 4,000 requests; the lab allows 6,000 a
minute, so a script finishes in about a minute).

**The fix:** authenticate before decrypting: AES-GCM or ChaCha20-Poly1305, or encrypt-then-MAC with HMAC
checked in constant time first. One generic error for every failure is hardening, not a fix; timing can
still leak.`,
};

export default lab;
