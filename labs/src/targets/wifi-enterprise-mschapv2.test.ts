import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';
import { WORDLIST } from './wifi-enterprise-mschapv2';
import { ntResponse } from './wifi-mschapv2';

type Lab = Awaited<ReturnType<typeof startTestLab>>;

function code(html: string, id: string): string {
  return html.match(new RegExp(`<code id="${id}">([^<]*)</code>`))![1]!;
}

/** The captured values as the page shows them. */
function capturedExchange(html: string) {
  return {
    auth: Buffer.from(code(html, 'auth-challenge'), 'hex'),
    peer: Buffer.from(code(html, 'peer-challenge'), 'hex'),
    response: Buffer.from(code(html, 'nt-response'), 'hex'),
    identity: code(html, 'identity').replaceAll('&#39;', "'").replaceAll('&amp;', '&'),
  };
}

/** asleap / hashcat -m 5500, by hand: ChallengeHash of the bare user name, then every candidate's NT-Response. */
function crack(x: ReturnType<typeof capturedExchange>, words: string[], username: string): string | undefined {
  const challenge = createHash('sha1')
    .update(Buffer.concat([x.peer, x.auth, Buffer.from(username)]))
    .digest()
    .subarray(0, 8);
  return words.find((word) => ntResponse(word, challenge).equals(x.response));
}

describe('lab wifi-enterprise-mschapv2', () => {
  let lab: Lab;
  afterEach(() => lab.close());

  it('is solved by cracking the captured exchange offline and submitting the password', async () => {
    lab = await startTestLab('wifi-enterprise-mschapv2');
    const home = await lab.get('/');
    expect(home.status).toBe(200);
    expect(home.body).not.toContain(lab.flag);
    const x = capturedExchange(home.body);
    expect(x.identity).toMatch(/^LABCORP\\/);
    const words = (await lab.get('/wordlist.txt')).body.split('\n').filter(Boolean);
    expect(words).toHaveLength(60);
    const user = x.identity.split('\\')[1]!;
    const password = crack(x, words, user);
    expect(password).toBeDefined();
    // With the domain left in the name, the ChallengeHash is wrong and nothing cracks.
    expect(crack(x, words, x.identity)).toBeUndefined();
    const answer = await lab.post('/submit', { password: password! });
    expect(answer.body).toContain('Password recovered');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('is solved on a phone with the lab’s ChallengeHash helper and server-side cracker', async () => {
    lab = await startTestLab('wifi-enterprise-mschapv2');
    const x = capturedExchange((await lab.get('/')).body);
    const user = x.identity.split('\\')[1]!;
    const hashed = await lab.post('/challenge-hash', {
      peer: x.peer.toString('hex'),
      auth: x.auth.toString('hex'),
      username: user,
    });
    const challenge = code(hashed.body, 'challenge-hash');
    expect(hashed.body).toContain(`${user}::::${x.response.toString('hex')}:${challenge}`);
    const cracked = await lab.post('/crack', {
      challenge,
      response: x.response.toString('hex'),
      words: WORDLIST.join('\n'),
    });
    expect(cracked.body).toContain('Password found');
    const password = code(cracked.body, 'found-password');
    const answer = await lab.post('/submit', { password });
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('finds nothing with a domain-prefixed ChallengeHash, and refuses wrong or near-miss passwords', async () => {
    lab = await startTestLab('wifi-enterprise-mschapv2');
    const x = capturedExchange((await lab.get('/')).body);
    const hashed = await lab.post('/challenge-hash', {
      peer: x.peer.toString('hex'),
      auth: x.auth.toString('hex'),
      username: x.identity,
    });
    expect(hashed.body).toContain('still carries a domain prefix');
    const cracked = await lab.post('/crack', {
      challenge: code(hashed.body, 'challenge-hash'),
      response: x.response.toString('hex'),
      words: WORDLIST.join('\n'),
    });
    expect(cracked.body).toContain('No match');
    const password = crack(x, WORDLIST, x.identity.split('\\')[1]!)!;
    const wrong = WORDLIST.find((w) => w !== password)!;
    for (const attempt of [wrong, password.toLowerCase(), `${password} `]) {
      const answer = await lab.post('/submit', { password: attempt });
      expect(answer.body).toContain('Wrong password');
      expect(answer.body).not.toContain(lab.flag);
    }
    const tooMany = await lab.post('/crack', {
      challenge: '00'.repeat(8),
      response: x.response.toString('hex'),
      words: Array.from({ length: 101 }, (_v, i) => `word${i}`).join('\n'),
    });
    expect(tooMany.body).toContain('Give 1 to 100 candidates');
  });
});
