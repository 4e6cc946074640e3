import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-sqli-blind-boolean',
  moduleId: 'web-application',
  lessonNumber: 6,
  title: "Read the administrator's password through a yes/no page",
  difficulty: 'Advanced',
  objective:
    "The shop looks up your TrackingId cookie with SQL and greets you only if it knows you; it never shows data or errors. Use boolean-based blind injection to read the administrator's password, then sign in as administrator; the admin dashboard then shows your flag.",
  hints: [
    'Load the shop twice, then open the request editor: it already holds your Cookie header. Send it as it is, then with a quote added after the TrackingId value. What changes?',
    "Add ' AND 1=1-- and then ' AND 1=2-- after the TrackingId value. If only the first says \"Welcome back!\", the database is answering your yes/no questions. Ask about LENGTH((SELECT password FROM users WHERE username='administrator')) first.",
    "The password is lowercase letters and digits. Ask one character at a time: ' AND SUBSTR((SELECT password FROM users WHERE username='administrator'),1,1) > 'm'-- and halve the range with every answer.",
  ],
  writeup: `The shop runs \`SELECT id FROM tracking WHERE id = '<TrackingId>'\` and says **Welcome back!** only
when a row comes back. Errors are swallowed and no data is ever printed: the greeting is a yes/no answer.

1. Open the shop twice (the first visit sets the cookie), then open **Request editor**. Its
   headers already read \`Cookie: TrackingId=<your id>\`. Send it: "Welcome back!".
2. Change the header to \`Cookie: TrackingId=<your id>' AND 1=1--\`: still welcomed. With \`1=2\`: no
   greeting. Your condition decides the answer.
3. **Length.** \`<your id>' AND LENGTH((SELECT password FROM users WHERE username='administrator'))>5--\`
   is welcomed, \`>6\` is not: six characters.
4. **Characters.** For position 1, ask
   \`<your id>' AND SUBSTR((SELECT password FROM users WHERE username='administrator'),1,1)>'m'--\`.
   Welcomed means after \`m\`; not means \`m\` or before (digits come before letters). Halve the range
   each time (\`>'s'\`, \`>'p'\`, …), then confirm with \`='q'\`. About six requests per character; repeat
   for positions 2 to 6. The password is different every time you start the lab.
5. Open **Staff sign-in**, sign in as \`administrator\` with the six characters, and the dashboard shows
   your flag.

**Why it works:** the quote ends the string, \`AND\` adds your question to the \`WHERE\` clause, and \`--\`
hides the leftover quote. The row comes back only when your question is true, so every request leaks one
bit, and a binary search needs few bits per character.

**The fix** is a parameterised query (\`WHERE id = ?\`). Hiding errors only slowed you down. Rate limits and
alerts on bursts of near-identical requests help detect the attack.`,
};

export default lab;
