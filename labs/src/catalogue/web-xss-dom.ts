import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-xss-dom',
  moduleId: 'web-application',
  lessonNumber: 9,
  title: "Send a greeting card link that runs script in the page's own code",
  difficulty: 'Intermediate',
  objective:
    "The card site's own JavaScript writes the name from the link's #fragment into the page. Send Ananya a card link whose fragment makes that script run yours; the lab then shows your flag.",
  hints: [
    'Make a card and watch the address bar: where does the name travel? Then open app.js (linked at the foot of the card page) and find where it reads that value and where it writes it.',
    'The source is location.hash, decoded with decodeURIComponent; the sink is innerHTML. Remember which payloads innerHTML runs, and which it silently ignores.',
    'A <script> element inserted by innerHTML never runs. Make a card for <img src=x onerror=alert(document.domain)>, then send the address of that card to Ananya.',
  ],
  writeup: `1. Make a card for \`Priya\`. The address ends in \`#Priya\`, and the card says *Shubh Deepavali, Priya!*.
   The server's page never changes: the fragment after \`#\` is not even sent to it.
2. Read the page's script, \`app.js\`. Its **source** is \`location.hash\`, passed through
   \`decodeURIComponent\`; its **sink** is \`card.innerHTML = "Shubh Deepavali, <strong>" + name + …\`.
   Whatever the fragment holds is parsed as HTML.
3. Make a card for \`<script>alert(1)</script>\`. Nothing happens: the HTML standard marks script
   elements inserted through \`innerHTML\` as already started, so they never run.
4. Make a card for \`<img src=x onerror=alert(document.domain)>\`. The alert pops: the image fails to
   load and its \`onerror\` handler runs, because \`innerHTML\` does create working event handlers.
5. Copy the card's link (shown under the form), paste it into **Send the card to Ananya Kulkarni** and
   send it. Her browser gets the same harmless page, then app.js writes your element into it and the
   handler runs with her session. The lab shows your flag.

**Why it works:** the flaw is entirely in client-side code, a data flow from a source the attacker
controls to an HTML sink. Server-side encoding, a WAF or the server's logs never see the payload.

**The fix:** write text with \`card.textContent = name\` (or build the \`strong\` element with
\`createElement\`), never \`innerHTML\` with a string that holds input. If HTML must be allowed, sanitise
it with DOMPurify right before the sink. A strict, nonce-based CSP without \`'unsafe-inline'\` would have
blocked the handler, and Trusted Types would have refused the string assignment outright.`,
};

export default lab;
