import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-xss-reflected',
  moduleId: 'web-application',
  lessonNumber: 8,
  title: 'Make a support agent run your script with a link',
  difficulty: 'Beginner',
  objective:
    "The help centre's search page echoes your search term into the page. Craft a search link that runs script, send it to the signed-in support agent, and when her browser runs it the lab shows your flag.",
  hints: [
    'Search for a marker such as zq7x"\'<> and find where it lands in the page. Which characters came back unchanged?',
    'The term lands in the HTML body, so a new element of your own will be parsed as markup. An element whose event handler fires on its own needs no click.',
    'Search for <img src=x onerror=alert(document.domain)>, copy the address of the results page, and paste it into "Send this link to the support agent".',
  ],
  writeup: `1. Search for the marker \`zq7x"'<>\`. Open the **Request editor** under the results (it already holds
   the path \`/search?q=…\`) and press **Send**: the raw response contains \`<strong>zq7x"'<></strong>\`.
   Nothing was encoded, and the context is the HTML body.
2. Search for \`<img src=x onerror=alert(document.domain)>\`. The alert pops in your own browser: the
   image fails to load and its \`onerror\` handler runs. That only proves it to you.
3. Copy the address of the results page (it contains \`search?q=\`), paste it into **Send this link
   to the support agent** and send it. Meera's browser asks the help centre for the same page, receives
   the same unencoded element and runs the handler, on the help centre's origin and with her session.
   The lab shows your flag.

A \`<script>\` element works here too, because the server itself sends it in the page.

**Why it works:** the server pastes the \`q\` parameter into the page as markup. The browser cannot tell
the site's HTML from yours, so your script runs with the site's full authority: it could read the
agent's customer queue or call the staff API.

**The fix:** encode output for its context at the moment of output: \`&lt;\`, \`&gt;\`, \`&amp;\`,
\`&quot;\` and \`&#39;\` in the HTML body (an auto-escaping template does it for you). Add a strict,
nonce-based Content Security Policy and \`HttpOnly\` session cookies to limit the damage of any bug that
remains.`,
};

export default lab;
