import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-sqli-login-bypass',
  moduleId: 'web-application',
  lessonNumber: 5,
  title: 'Log in as the administrator without a password',
  difficulty: 'Beginner',
  objective:
    'The staff portal checks logins with an SQL query built from what you type. Sign in as administrator without knowing the password; the portal then shows your flag.',
  hints: [
    'Sign in as wiener with the password peter first, and look at the query the portal prints when a login fails.',
    'Both values sit inside single quotes. What does a quote of your own do to the query?',
    'SQLite reads everything after -- as a comment. Could the username field end the query before the password is checked?',
  ],
  writeup: `The portal builds its query by pasting both fields between quotes:

\`\`\`sql
SELECT username, role FROM users WHERE username = '<username>' AND password = '<password>'
\`\`\`

Type \`administrator'--\` as the username and anything as the password. The query becomes

\`\`\`sql
SELECT username, role FROM users WHERE username = 'administrator'--' AND password = 'x'
\`\`\`

Your quote closes the string, and \`--\` turns the password check into a comment, so the row of
\`administrator\` comes back and the portal signs you in. \`' OR 1=1--\` works too here, because the
portal takes the first row it gets, and administrator is first.

**The fix** is a parameterised query: \`WHERE username = ? AND password = ?\`, with the values
bound by the driver, so a quote is only ever data. Passwords should also be stored as slow hashes
(Argon2id), never compared as text in SQL.`,
};

export default lab;
