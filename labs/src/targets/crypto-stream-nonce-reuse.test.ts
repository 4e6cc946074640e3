import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';

type Lab = Awaited<ReturnType<typeof startTestLab>>;

interface Captured {
  nonce: string;
  ciphertext: Buffer;
}

async function readCapture(lab: Lab): Promise<Captured[]> {
  const file = await lab.get('/capture.txt');
  expect(file.status).toBe(200);
  const nonces = [...file.body.matchAll(/^nonce: ([0-9a-f]+)$/gm)].map((m) => m[1]!);
  const cts = [...file.body.matchAll(/^ciphertext: ([0-9a-f]+)$/gm)].map((m) => Buffer.from(m[1]!, 'hex'));
  expect(cts).toHaveLength(3);
  return cts.map((ciphertext, i) => ({ nonce: nonces[i]!, ciphertext }));
}

async function readNotice(lab: Lab): Promise<string> {
  const home = await lab.get('/');
  const notice = /<p id="notice">([^<]+)<\/p>/.exec(home.body)?.[1];
  expect(notice).toBeTruthy();
  return notice!;
}

const xor = (a: Buffer, b: Buffer) => Buffer.from(a.subarray(0, Math.min(a.length, b.length)).map((x, i) => x ^ b[i]!));

/** The result of the XOR tool, as text. */
function xorText(body: string): string {
  const text = /As text[^<]*<\/p><pre>([^<]*)<\/pre>/.exec(body)?.[1];
  expect(text).toBeDefined();
  return text!;
}

describe('lab crypto-stream-nonce-reuse', () => {
  let lab: Lab;
  afterEach(() => lab.close());

  it('is solved by XORing the two ciphertexts with the known notice (the two-time pad)', async () => {
    lab = await startTestLab('crypto-stream-nonce-reuse');
    const [m1, m2] = await readCapture(lab);
    const notice = await readNotice(lab);
    // The flaw a tester spots first: one nonce for both messages, and real encryption.
    expect(m1!.nonce).toBe(m2!.nonce);
    expect(m1!.ciphertext.equals(Buffer.from(notice).subarray(0, m1!.ciphertext.length))).toBe(false);
    expect(m1!.ciphertext).toHaveLength(Buffer.byteLength(notice));

    // The phone route: the XOR tool with both ciphertexts from the capture and the notice typed as text.
    const query = new URLSearchParams({ as: 'm1', bs: 'm2', cs: 'typed', c: notice, cf: 'text', run: '1' });
    const tool = await lab.get(`/xor?${query}`);
    const recovered = xorText(tool.body);
    expect(recovered).toMatch(/^Manager only\. Strongroom passphrase for this week: /);
    // The same bytes as the attacker's own XOR.
    expect(recovered).toBe(xor(xor(m1!.ciphertext, m2!.ciphertext), Buffer.from(notice)).toString('utf8'));

    const passphrase = /passphrase for this week: ([a-z]+-[a-z]+-\d{4})\./.exec(recovered)?.[1];
    expect(passphrase).toBeTruthy();
    const answer = await lab.post('/vault', { passphrase: passphrase! });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Passphrase accepted');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('gives nothing readable without the known plaintext, and refuses wrong passphrases', async () => {
    lab = await startTestLab('crypto-stream-nonce-reuse');
    const [m1, m2] = await readCapture(lab);
    // C1 ⊕ C2 alone is P1 ⊕ P2: not the message.
    const both = await lab.get(`/xor?${new URLSearchParams({ as: 'm1', bs: 'm2', run: '1' })}`);
    expect(xorText(both.body)).not.toContain('passphrase');
    expect(xor(m1!.ciphertext, m2!.ciphertext).toString('latin1')).not.toContain('passphrase');
    // The notice against message 2 alone is keystream-garbage too.
    const notice = await readNotice(lab);
    const wrongPair = await lab.get(
      `/xor?${new URLSearchParams({ as: 'm2', bs: 'typed', b: notice, bf: 'text', run: '1' })}`,
    );
    expect(xorText(wrongPair.body)).not.toContain('passphrase');

    for (const guess of ['peepal-myna-1234', 'passphrase', notice.slice(0, 60), '']) {
      const answer = await lab.post('/vault', { passphrase: guess });
      expect(answer.status).toBe(403);
      expect(answer.body).not.toContain(lab.flag);
    }
  });

  it('checks its XOR tool inputs', async () => {
    lab = await startTestLab('crypto-stream-nonce-reuse');
    const odd = await lab.get(`/xor?${new URLSearchParams({ a: 'abc', b: '00', run: '1' })}`);
    expect(odd.body).toContain('odd number of hex digits');
    const one = await lab.get(`/xor?${new URLSearchParams({ a: '00ff', run: '1' })}`);
    expect(one.body).toContain('Give at least two inputs.');
    const ok = await lab.get(`/xor?${new URLSearchParams({ a: '41424344', b: ' ', bf: 'text', run: '1' })}`);
    expect(ok.body).toContain('<pre>61</pre>');
    expect(xorText(ok.body)).toBe('a');
  });
});
