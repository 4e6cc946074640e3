import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-jwt-weak-secret',
  moduleId: 'web-application',
  lessonNumber: 12,
  title: 'Crack a weak JWT secret and become administrator',
  difficulty: 'Intermediate',
  objective:
    'DabbaDrop keeps your session in an HS256 JSON Web Token, signed with a weak secret. Crack the secret, sign a token for administrator and open the admin panel; the lab then shows your flag.',
  hints: [
    'Sign in as wiener / peter and decode your session token in the JWT helper. Which claim says who you are, and which algorithm signs it?',
    'Changing the payload breaks the signature, and the server refuses alg none. With HS256, whoever knows the secret can sign anything, and a guessed secret can be checked offline against the token you already have. The app even publishes a list of weak secrets.',
    'Run your token against wordlist.txt in the helper, sign {"sub":"administrator"} with the secret it finds, then send GET /admin from the request editor with the header Cookie: session=<your new token>.',
  ],
  writeup: `1. Sign in as \`wiener\` / \`peter\`. My account shows your \`session\` cookie, a JWT. Paste it into
   the **JWT helper** and decode it: the header is \`{"alg":"HS256","typ":"JWT"}\` and the payload
   holds \`"sub":"wiener"\`.
2. Edit the payload and keep the old signature, or set \`"alg":"none"\` and drop the signature:
   \`/admin\` refuses both. The server pins HS256 and checks the signature properly.
3. An HS256 signature is an HMAC of \`header.payload\` with a shared secret. Anyone holding one token
   can test candidate secrets without asking the server. In the helper's **Try a wordlist** box,
   leave the words empty (it uses the app's own \`wordlist.txt\`) and submit your token. It reports
   the secret, for example \`tiffin\`. On a laptop, \`hashcat -m 16500 jwt.txt wordlist.txt\` does the
   same.
4. In **Sign**, enter the payload \`{"sub":"administrator"}\` and the secret you found.
5. Open the **Request editor**: method \`GET\`, path \`/admin\`, header
   \`Cookie: session=<the signed token>\`. Send it. The server verifies the signature, which is
   genuine because you own the key, and welcomes administrator: the flag is in the answer.

The verification code is correct; the key is not. A secret short enough to be in a wordlist is
found in seconds, and then every token is forgeable.

**The fix:** generate the HMAC key randomly (at least 256 bits, e.g. \`crypto.randomBytes(32)\`),
keep it out of source code and rotate it, or sign with an asymmetric key (ES256, RS256) so servers
that only verify never hold a signing secret. Keep pinning the algorithm and checking \`exp\`,
\`iss\` and \`aud\`.`,
};

export default lab;
