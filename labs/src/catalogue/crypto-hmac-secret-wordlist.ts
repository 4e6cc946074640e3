import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'crypto-hmac-secret-wordlist',
  moduleId: 'cryptography',
  lessonNumber: 8,
  title: 'Crack a weak HMAC secret and forge an API call',
  difficulty: 'Beginner',
  objective:
    "MandiLink's API signs requests with HMAC-SHA256 under one shared secret, and that secret is a word from a short list. Recover it from a logged request, then sign and send a back-office payout release; the API then answers with your flag.",
  hints: [
    "The home page shows a signed request from the app's debug log and the exact string that is signed. What do you know, and what is missing?",
    'HMAC itself is sound, but a guessable key is not. A dictionary attack computes the HMAC of the logged request under each word and compares: try the HMAC tools with the logged signature.',
    'Once the secret is found, sign POST /api/admin/payouts/release with the body {"batch":"PAY-1125"}, then send that request from the request editor with Content-Type and X-MandiLink-Signature headers.',
  ],
  writeup: `Every write is signed as \`hex(HMAC-SHA256(secret, METHOD \\n PATH \\n BODY))\`. The debug log gives
you one message and its tag; only the key is unknown, and it is short and human-chosen. That is a password
cracking problem, offline, with no lockout.

1. Copy the signature from the home page's debug log.
2. Open **HMAC tools**. The request fields are already the logged request; paste the signature, leave the
   words empty (the helper then uses \`wordlist.txt\`) and press **Try each word**. It reports the secret.
3. In **Sign a request** set the path to \`/api/admin/payouts/release\`, the body to
   \`{"batch":"PAY-1125"}\`, the secret to the word you found, and compute the signature.
4. In the **Request editor**: \`POST\`, path \`/api/admin/payouts/release\`, headers
   \`Content-Type: application/json\` and \`X-MandiLink-Signature: <signature>\`, the same body. Send.

The API recomputes the HMAC with its secret, it matches, and it trusts the request: the back office and
the app share the key, so anyone holding it can do anything. On a laptop, write
\`<signature>:<message as hex>\` to a file and run \`hashcat -m 1450 --hex-salt\` with the list (the message
has newlines, hence hex): HMAC is fast, so even RockYou falls in seconds.

**The fix:** generate the MAC key with a CSPRNG (32 random bytes), keep it in a secrets manager and rotate
it; give each client its own key and scope (the Android app should never hold a back-office key), and add
a timestamp and nonce to the signed string against replay.`,
};

export default lab;
