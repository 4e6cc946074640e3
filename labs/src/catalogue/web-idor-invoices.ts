import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-idor-invoices',
  moduleId: 'web-application',
  lessonNumber: 13,
  title: "Read the administrator's invoice",
  difficulty: 'Beginner',
  objective:
    'The billing portal shows each customer their own invoices by number. Signed in as wiener, open the invoice that belongs to administrator; the portal then shows your flag.',
  hints: [
    'Sign in as wiener with the password peter and open one of your invoices. Where does the invoice number appear in the request?',
    'Your invoices are 1042, 1047 and 1053. The numbers run across all customers, so the missing ones belong to someone else (or were voided).',
    'Change the number in the address bar to the ones between yours, such as 1049, and read the "Billed to" line. The JSON API at api/invoices/<number> answers the same way.',
  ],
  writeup: `1. Sign in as \`wiener\` / \`peter\`. Your account lists invoices 1042, 1047 and 1053.
2. Open invoice 1053. The address ends in \`/invoices/1053\`.
3. Edit the address bar: try \`/invoices/1052\`, \`1051\`, \`1050\` … Some numbers are voided (404), some
   belong to other customers such as Kumar Textiles. \`/invoices/1049\` is billed to the platform's own
   administrator account and its notes hold a live payment gateway key. The lab is solved and shows
   your flag.

The JSON API is the same flaw: in the request editor, send \`GET /api/invoices/1049\` with the header
\`Cookie: session=…\` (the editor fills in your cookie) and read \`"customer": "administrator"\` and
\`"flag"\` in the response.

**Why it works.** This is an insecure direct object reference. The portal checks that *someone* is
signed in (without a session you get 401), but then runs

\`\`\`sql
SELECT * FROM invoices WHERE id = ?
\`\`\`

with the number from the URL. The query is parameterised, so there is no SQL injection; the flaw is
that nothing asks whether the invoice is yours. That is horizontal escalation: same role, someone
else's data.

**The fix** is an ownership check on every request, taken from the server-side session and never from
the request: \`WHERE id = ? AND customer = ?\` with the signed-in user bound to the second \`?\`, and
404 when no row comes back (for the page and the API alike). Random invoice IDs would only make the
numbers harder to guess; they are not an access check.`,
};

export default lab;
