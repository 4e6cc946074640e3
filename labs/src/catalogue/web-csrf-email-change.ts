import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-csrf-email-change',
  moduleId: 'web-application',
  lessonNumber: 10,
  title: "Change another shopper's email with a forged form",
  difficulty: 'Beginner',
  objective:
    "KiranaKart's change-email form has no anti-CSRF token and its session cookie is SameSite=None. Build a page on the exploit server that changes the email address of carlos, who is signed in, when he merely opens it; the lab then shows your flag.",
  hints: [
    'Change your own email on My account first, and open the request editor to see everything that request carries. Is there anything in it an attacker could not write in advance?',
    "A page on another site can hold a form that points at KiranaKart. Because the cookie is SameSite=None, carlos's browser attaches his session to it. But carlos never clicks anything: how can a page submit a form by itself?",
    'Store a page with a form whose method is POST, whose action is the full change-email address shown on the exploit server, and which holds a hidden email input, followed by a script that calls the form\'s submit(). Then press "Deliver exploit to victim".',
  ],
  writeup: `1. Open **My account** and change your email. The request is a plain POST with one field,
   \`email\`: no anti-CSRF token, no current password. Every value is one an attacker can write in
   advance.
2. The home page shows how the shop sets its cookie: \`SameSite=None\`, so a browser attaches it to
   requests that another site causes, POSTs included.
3. Open the **Exploit server**, which stands for your own site on another domain, and store:

\`\`\`html
<form id="f" method="POST" action="https://LAB-HOST/i/…/my-account/change-email">
  <input type="hidden" name="email" value="attacker@mail.example">
</form>
<script>document.getElementById('f').submit();</script>
\`\`\`

   Use the full address the exploit server prints as the \`action\`.
4. Press **Deliver exploit to victim**. carlos opens your page, the script submits the form, his
   browser sends the POST with his session cookie, and the shop changes *his* email. The lab shows
   what his browser sent, and your flag. With his email in your hands, a password reset finishes
   the takeover.

A form he would have to click does nothing (carlos clicks nothing), a GET form gets a 405, and with
\`SameSite=Lax\` the cross-site POST would arrive without the cookie.

**The fix:** put a per-session anti-CSRF token (synchronizer token, or a signed double-submit
cookie) in the form and reject any request without the right one; also reject state-changing
requests whose \`Sec-Fetch-Site\` is \`cross-site\` or whose \`Origin\` is foreign; set the session
cookie \`SameSite=Lax\` (or \`Strict\`); and ask for the current password before changing an email.`,
};

export default lab;
