import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'se-phishing-eml-forensics',
  moduleId: 'social-engineering',
  lessonNumber: 5,
  title: 'Take apart a reported phishing email',
  difficulty: 'Beginner',
  objective:
    "Read the headers of a reported phishing .eml and report the IP that really delivered it, the lookalike domain it used and the SPF result recorded by the company's own mail server. When all three are right, the lab shows your flag.",
  hints: [
    'Received fields are added on top, so read them from the top down: each one says "from X [IP] by Y". Which one did mx1.sampadafinserv.example write when a server from outside connected?',
    "There are two Authentication-Results fields. Only one was written by the company's own MX, and it sits above that MX's Received field. The other arrived inside the message.",
    'The From domain looks like sampadafinserv.example but is not: compare it letter by letter (rn for m, l or 1 for i, a doubled letter). The href of the link in the HTML part uses the same domain.',
  ],
  writeup: `1. Open the **Header viewer** (or download \`message.eml\` and read it in a text editor).
2. **Received chain**, top first: field 1 is \`mx1 → mbox03\`, an internal hop (\`10.12.0.21\`). Field 2 is
\`from mail.<lookalike> (vps-… [198.51.100.x]) by mx1.sampadafinserv.example\`: the company's MX
recording who connected to it. That IP is the true sender. Field 3 claims the message came from
\`mail.sampadafinserv.example [203.0.113.25]\`, but it was written by the sender's own server, so it
proves nothing. \`X-Originating-IP\` is also the sender's word.
3. **Authentication-Results**: the field written by \`mx1.sampadafinserv.example\`, above its Received field,
says \`spf=fail\`, \`dkim=none\`, \`dmarc=fail (p=NONE)\`. The \`secure-gw\` field with three passes sits
lower down, inside what the sender supplied: a forgery.
4. **Addresses**: From and Return-Path use a lookalike such as \`sarnpadafinserv.example\` (rn for m). Reply-To
sends answers to a free-mail box. The link's text shows the real webmail URL; its href goes to
\`mail.<lookalike>\`.
5. Submit the IP from field 2, the lookalike domain and \`fail\`.

**Why it works:** SMTP lets the sender write any header, so only what your own servers added is
evidence. SPF failed because the lookalike's record does not list the VPS. DMARC failed but
\`p=none\` let the message through.

**The fix:** monitor and block lookalike registrations, tag external mail and flag mismatched
link text, honour DMARC failures for your own domain (\`p=reject\`), and teach staff to hover or
long-press links.`,
};

export default lab;
