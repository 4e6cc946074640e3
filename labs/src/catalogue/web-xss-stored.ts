import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-xss-stored',
  moduleId: 'web-application',
  lessonNumber: 8,
  title: "Plant a script in a comment that runs in the moderator's browser",
  difficulty: 'Beginner',
  objective:
    'The travel blog stores comments and shows them to every reader, the moderator included. Post a comment that runs script when the moderator reads the post; the lab then shows your flag.',
  hints: [
    'Post a comment with a marker such as zq7x"\'<> in both the name and the comment, and compare how each comes back in the page.',
    'The name is encoded but the comment text lands in the HTML body as typed. A new element of your own will be parsed as markup, and some elements run a handler without any click.',
    'Post the comment <img src=x onerror=alert(document.domain)>, then press "Ask the moderator to review comments".',
  ],
  writeup: `1. Post a comment whose name and text are both \`zq7x"'<>\`. Press **Send** in the **Request editor**
   (it holds \`GET /\`) and read the raw page: the name comes back as \`zq7x&quot;&#39;&lt;&gt;\`, the
   comment as \`zq7x"'<>\`. The comment is not encoded, and it sits in the HTML body.
2. Post the comment \`<img src=x onerror=alert(document.domain)>\`. The server saves it and sends it in
   the post to every reader: the alert pops in your own browser each time you open the post.
3. Press **Ask the moderator to review comments**. Farhan opens the same post while signed in as the
   blog's moderator; the image fails to load, its \`onerror\` handler runs on the blog's origin with his
   admin session, and the lab shows your flag.

A \`<script>\` element works too, because the server itself sends it in the page. Use **Delete my
comments** to start again; the lab keeps your ten newest comments.

**Why it works:** the comment is stored and later pasted into the page as markup, so every visitor's
browser parses it as part of the site. Unlike reflected XSS, no victim needs to click a link of yours,
and it reaches privileged readers such as moderators.

**The fix:** encode the comment for the HTML body when it is output, as the name already is (an
auto-escaping template does it by default). If comments must allow some formatting, sanitise them with
a maintained library such as DOMPurify instead of a home-made filter, and add a strict, nonce-based
Content Security Policy as a second line.`,
};

export default lab;
