import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type Lab = Awaited<ReturnType<typeof startTestLab>>;

/** Registers an address and returns the hex profile cookie the lab set. */
async function register(lab: Lab, email: string): Promise<string> {
  const account = await lab.post('/register', { email });
  expect(account.status).toBe(200);
  const cookie = lab.jar.get('profile');
  expect(cookie).toMatch(/^([0-9a-f]{32})+$/);
  expect(account.body).toContain(`<pre>${cookie}</pre>`);
  return cookie!;
}

function admin(lab: Lab, cookie: string) {
  return lab.editor({ method: 'GET', path: '/admin', headers: `Cookie: profile=${cookie}` });
}

const blocks = (hex: string) => hex.match(/.{32}/g)!;

describe('lab crypto-ecb-cut-paste', () => {
  let lab: Lab;
  afterEach(() => lab.close());

  it('is solved by cutting and pasting ECB blocks from three profiles into a role=admin cookie', async () => {
    lab = await startTestLab('crypto-ecb-cut-paste');
    // 6 + 13 + 13 bytes: "email=ravi@mail.com&uid=10&role=" fills blocks 0 and 1 exactly.
    const a = await register(lab, 'ravi@mail.com');
    // 6 + 10 bytes, then "admin&uid=10&rol" is block 1 on its own.
    const b = await register(lab, 'meera@x.inadmin');
    // 6 + 9 + 17 = 32 bytes, so block 2 is a whole block of padding (sixteen 0x10).
    const c = await register(lab, 'anu@x.org');
    expect(blocks(c)).toHaveLength(3);

    // The phone route: the block viewer already holds the three cookies as A, B and C.
    const viewer = await lab.get(`/blocks?join=${encodeURIComponent('A0 A1 B1 C2')}`);
    expect(viewer.body).toContain('Ciphertext A: the cookie for ravi@mail.com');
    const joined = /Joined ciphertext<\/h2>[\s\S]*?<pre>([0-9a-f]+)<\/pre>/.exec(viewer.body)?.[1];
    expect(joined).toBe(blocks(a)[0]! + blocks(a)[1]! + blocks(b)[1]! + blocks(c)[2]!);

    const answer = await admin(lab, joined!);
    expect(answer.body).toContain('HTTP/1.1 200');
    expect(answer.body).toContain('Welcome, administrator');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('is also solved the classic way, with "admin" and its own padding typed as URL escapes', async () => {
    lab = await startTestLab('crypto-ecb-cut-paste');
    const a = await register(lab, 'ravi@mail.com');
    // Ten bytes after "email=", then "admin" and eleven 0x0b bytes: a block that ends a message.
    await lab.editor({
      method: 'POST',
      path: '/register',
      headers: 'Content-Type: application/x-www-form-urlencoded',
      body: `email=ravi%40xy.inadmin${'%0B'.repeat(11)}`,
    });
    const viewer = await lab.get('/blocks');
    const b = /<textarea name="B"[^>]*>([0-9a-f]+)<\/textarea>/.exec(viewer.body)?.[1];
    expect(b).toMatch(/^[0-9a-f]{128}$/);
    const answer = await admin(lab, blocks(a)[0]! + blocks(a)[1]! + blocks(b!)[1]!);
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('shows equal blocks for equal plaintext, the ECB tell', async () => {
    lab = await startTestLab('crypto-ecb-cut-paste');
    // "email=" + 10 bytes, then two blocks of "B".
    const cookie = await register(lab, `ravi@xy.in${'B'.repeat(32)}`);
    expect(blocks(cookie)[1]).toBe(blocks(cookie)[2]);
    const viewer = await lab.get('/blocks');
    expect(viewer.body).toContain('same as A1');
  });

  it('keeps honest profiles, typed metacharacters and a badly joined cookie away from the flag', async () => {
    lab = await startTestLab('crypto-ecb-cut-paste');
    const a = await register(lab, 'ravi@mail.com');
    const own = await lab.get('/admin');
    expect(own.status).toBe(403);
    expect(own.body).toContain('role &quot;user&quot;');
    expect(own.body).not.toContain(lab.flag);

    // & and = are stripped, so typing a role in gets nowhere.
    const typed = await register(lab, 'x&role=admin@y.in');
    const typedAnswer = await admin(lab, typed);
    expect(typedAnswer.body).toContain('HTTP/1.1 403');
    expect(typedAnswer.body).toContain('xroleadmin@y.in');
    expect(typedAnswer.body).not.toContain(lab.flag);

    // Without a padding block at the end the pasted cookie does not decrypt.
    const b = await register(lab, 'meera@x.inadmin');
    const noPadding = await admin(lab, blocks(a)[0]! + blocks(a)[1]! + blocks(b)[1]!);
    expect(noPadding.body).toContain('HTTP/1.1 400');
    expect(noPadding.body).toContain('padding is not valid');
    expect(noPadding.body).not.toContain(lab.flag);

    // Flipping a ciphertext byte ruins its whole block: no controlled change as in CBC.
    const flipped = `${(Number.parseInt(a.slice(0, 2), 16) ^ 1).toString(16).padStart(2, '0')}${a.slice(2)}`;
    const flippedAnswer = await admin(lab, flipped);
    expect(flippedAnswer.body).not.toContain(lab.flag);
    expect(flippedAnswer.body).not.toContain('ravi@mail.com');
  });
});
