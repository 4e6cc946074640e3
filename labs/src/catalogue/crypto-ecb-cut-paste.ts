import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'crypto-ecb-cut-paste',
  moduleId: 'cryptography',
  lessonNumber: 4,
  title: 'Paste ECB blocks into an admin cookie',
  difficulty: 'Intermediate',
  objective:
    'Pustak Adda keeps your profile as an AES-128-ECB encrypted cookie and strips & and = from your address. Build a cookie that decrypts to role=admin from blocks of cookies the site gives you; the admin page then shows your flag.',
  hints: [
    'Register a few addresses and open each cookie in the block viewer. Count the bytes of email=…&uid=10&role=user: which 16-byte block does each part land in?',
    'ECB encrypts each block on its own, so a block means the same thing wherever you paste it. Can you make one cookie end a block exactly after role=, and another start a block with admin?',
    'Try ravi@mail.com (blocks A0 A1 end with "role="), meera@x.inadmin (B1 is "admin&uid=10&rol") and anu@x.org (C2 is pure padding). Join A0 A1 B1 C2 and send it as the profile cookie to GET /admin.',
  ],
  writeup: `The cookie is \`AES-128-ECB(email=<address>&uid=10&role=user)\` with PKCS #7 padding. ECB encrypts
every 16-byte block independently, so blocks can be moved between cookies and still decrypt.

1. Register \`ravi@mail.com\`. \`email=\` (6) + 13 + \`&uid=10&role=\` (13) = 32 bytes: blocks 0 and 1 end
   exactly with \`role=\`.
2. Register \`meera@x.inadmin\`. Block 0 is \`email=meera@x.in\`, block 1 is \`admin&uid=10&rol\`.
3. Register \`anu@x.org\`. Its plaintext is exactly 32 bytes, so block 2 is a full block of sixteen \`0x10\`
   padding bytes: a valid ending for any cookie.
4. Open the **Block viewer** (your last cookies are A, B, C), join \`A0 A1 B1 C2\`.
5. In the **Request editor** send \`GET /admin\` with the header \`Cookie: profile=<joined hex>\`.

The server decrypts \`email=ravi@mail.com&uid=10&role=admin&uid=10&rol\`, strips the padding block, and
its parser reads \`role=admin\`. The classic variant works too: send \`email=ravi%40xy.inadmin%0B…\` (eleven
\`%0B\`) to \`POST /register\` from the editor, then join A0 A1 B1: that block is "admin" plus its own padding.

Stripping \`&\` and \`=\` never mattered: you edited ciphertext, not input.

**The fix:** never use ECB. Protect cookies with an AEAD (AES-GCM, ChaCha20-Poly1305) with a fresh nonce,
or better, keep the role on the server and give the browser only a random session id. Any tampered or
spliced cookie then fails authentication before it is parsed.`,
};

export default lab;
