import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type Lab = Awaited<ReturnType<typeof startTestLab>>;

const unescape = (html: string) =>
  html
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');

const sign = (secret: string, method: string, path: string, body: string) =>
  createHmac('sha256', secret).update(`${method}\n${path}\n${body}`).digest('hex');

/** The signed request from the app's debug log on the home page. */
async function sample(lab: Lab) {
  const home = await lab.get('/');
  const pre = /<pre id="sample">([\s\S]*?)<\/pre>/.exec(home.body)?.[1];
  expect(pre).toBeTruthy();
  const [head, body] = unescape(pre!).split('\n\n') as [string, string];
  const [requestLine, , signatureLine] = head.split('\n');
  const [method, path] = requestLine!.split(' ') as [string, string];
  const signature = signatureLine!.split(': ')[1]!;
  return { method, path, body, signature };
}

const ADMIN = '/api/admin/payouts/release';
const ADMIN_BODY = '{"batch":"PAY-1125"}';

function send(lab: Lab, path: string, body: string, signature?: string) {
  return lab.editor({
    method: 'POST',
    path,
    headers: `Content-Type: application/json${signature ? `\nX-MandiLink-Signature: ${signature}` : ''}`,
    body,
  });
}

describe('lab crypto-hmac-secret-wordlist', () => {
  let lab: Lab;
  afterEach(() => lab.close());

  it('is solved by finding the HMAC secret in the wordlist and signing a back-office request', async () => {
    lab = await startTestLab('crypto-hmac-secret-wordlist');
    const logged = await sample(lab);
    expect(logged).toMatchObject({ method: 'POST', path: '/api/prices' });

    // The phone route: the helper tries the lab's own wordlist against the logged request.
    const cracked = await lab.post('/tools/crack', { ...logged, words: '' });
    const secret = /HMAC-SHA256 under <code>([^<]+)<\/code>/.exec(cracked.body)?.[1];
    expect(secret).toBeTruthy();
    // It really is the key, and on the published list of at most 100 words.
    const words = (await lab.get('/wordlist.txt')).body.trim().split('\n');
    expect(words.length).toBeGreaterThanOrEqual(40);
    expect(words.length).toBeLessThanOrEqual(100);
    expect(words).toContain(secret);
    expect(sign(secret!, logged.method, logged.path, logged.body)).toBe(logged.signature);

    const signed = await lab.post('/tools/sign', { method: 'POST', path: ADMIN, body: ADMIN_BODY, key: secret! });
    const signature = /<pre id="signature">([0-9a-f]{64})<\/pre>/.exec(signed.body)?.[1];
    expect(signature).toBe(sign(secret!, 'POST', ADMIN, ADMIN_BODY));

    const answer = await send(lab, ADMIN, ADMIN_BODY, signature);
    expect(answer.body).toContain('HTTP/1.1 200');
    expect(answer.body).toContain('&quot;released&quot;: &quot;PAY-1125&quot;');
    expect(answer.body).toContain(lab.flag);
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('refuses replayed, unsigned and wrongly keyed admin requests; the honest API call shows no flag', async () => {
    lab = await startTestLab('crypto-hmac-secret-wordlist');
    const logged = await sample(lab);
    // Another word of the published list: a near miss.
    const words = (await lab.get('/wordlist.txt')).body.trim().split('\n');
    const otherWord = words.find((w) => sign(w, logged.method, logged.path, logged.body) !== logged.signature)!;
    const attempts: [string, string, string | undefined][] = [
      [ADMIN, ADMIN_BODY, undefined],
      // the logged signature replayed on another path and body
      [ADMIN, ADMIN_BODY, logged.signature],
      [ADMIN, logged.body, logged.signature],
      // keys that are not the secret, and a well-formed but wrong signature
      [ADMIN, ADMIN_BODY, sign(otherWord, 'POST', ADMIN, ADMIN_BODY)],
      [ADMIN, ADMIN_BODY, sign('not-the-secret', 'POST', ADMIN, ADMIN_BODY)],
      [ADMIN, ADMIN_BODY, '0'.repeat(64)],
    ];
    for (const [path, body, signature] of attempts) {
      const answer = await send(lab, path, body, signature);
      expect(answer.body).toContain('HTTP/1.1 401');
      expect(answer.body).not.toContain(lab.flag);
    }

    // The logged request itself is genuine and accepted, but it is not an admin action.
    const honest = await send(lab, logged.path, logged.body, logged.signature);
    expect(honest.body).toContain('HTTP/1.1 200');
    expect(honest.body).toContain('&quot;accepted&quot;: true');
    expect(honest.body).not.toContain(lab.flag);
  });

  it('keeps the wordlist helper bounded and honest about a miss', async () => {
    lab = await startTestLab('crypto-hmac-secret-wordlist');
    const logged = await sample(lab);
    const miss = await lab.post('/tools/crack', { ...logged, words: 'alpha\nbeta\ngamma' });
    expect(miss.body).toContain('None of the 3 words');
    const changed = await lab.post('/tools/crack', { ...logged, body: `${logged.body} `, words: '' });
    expect(changed.body).toContain('None of the 60 words');
    const tooMany = await lab.post('/tools/crack', {
      ...logged,
      words: Array.from({ length: 101 }, (_, i) => `w${i}`).join('\n'),
    });
    expect(tooMany.body).toContain('Too many words');
    expect(tooMany.body).not.toContain(lab.flag);
  });
});
