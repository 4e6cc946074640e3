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

async function tokens(lab: Lab) {
  const home = await lab.get('/');
  const mine = /<pre id="my-token">([0-9a-f]+)<\/pre>/.exec(home.body)?.[1];
  const service = /service login, token=([0-9a-f]+)/.exec(home.body)?.[1];
  expect(mine).toBeTruthy();
  expect(service).toBeTruthy();
  return { mine: mine!, service: service! };
}

/**
 * The attacker's oracle: one GET /api/pickup per question, true unless the answer is the
 * 500 "padding error". The lab's budget (6,000 a minute) lets a script finish.
 */
function httpOracle(lab: Lab) {
  let requests = 0;
  const ask = async (token: Buffer): Promise<boolean> => {
    requests += 1;
    const answer = await lab.get(`/api/pickup?token=${token.toString('hex')}`);
    expect([200, 403, 500]).toContain(answer.status);
    return answer.status !== 500;
  };
  return { ask, requests: () => requests };
}

/** Vaudenay's attack, as in the lesson's padding_attack.py: the intermediate value of one block. */
async function intermediate(ask: (token: Buffer) => Promise<boolean>, block: Buffer): Promise<Buffer> {
  const inter = Buffer.alloc(16);
  for (let j = 15; j >= 0; j -= 1) {
    const pad = 16 - j;
    const forged = Buffer.alloc(16);
    for (let k = j + 1; k < 16; k += 1) forged[k] = inter[k]! ^ pad;
    let found = false;
    for (let guess = 0; guess < 256 && !found; guess += 1) {
      forged[j] = guess;
      if (!(await ask(Buffer.concat([forged, block])))) continue;
      if (j === 15) {
        forged[14] = forged[14]! ^ 0xff;
        const still = await ask(Buffer.concat([forged, block]));
        forged[14] = forged[14]! ^ 0xff;
        if (!still) continue;
      }
      inter[j] = guess ^ pad;
      found = true;
    }
    expect(found).toBe(true);
  }
  return inter;
}

async function decrypt(ask: (token: Buffer) => Promise<boolean>, tokenHex: string): Promise<Buffer> {
  const token = Buffer.from(tokenHex, 'hex');
  const blocks = token
    .toString('hex')
    .match(/.{32}/g)!
    .map((h) => Buffer.from(h, 'hex'));
  const out: Buffer[] = [];
  for (let i = 1; i < blocks.length; i += 1) {
    const inter = await intermediate(ask, blocks[i]!);
    out.push(Buffer.from(inter.map((b, k) => b ^ blocks[i - 1]![k]!)));
  }
  const plain = Buffer.concat(out);
  const n = plain[plain.length - 1]!;
  expect(n).toBeGreaterThanOrEqual(1);
  expect(n).toBeLessThanOrEqual(16);
  return plain.subarray(0, plain.length - n);
}

describe('lab crypto-cbc-padding-oracle', () => {
  let lab: Lab;
  afterEach(async () => {
    await lab.close();
  });

  it('is solved by a real padding oracle attack over HTTP on the leaked service token', async () => {
    lab = await startTestLab('crypto-cbc-padding-oracle');
    const { mine, service } = await tokens(lab);
    expect(service).toHaveLength(2 * 48);

    // The fingerprint: the last byte changed gives 500, the IV's first byte changed gives 403.
    const lastByte = `${service.slice(0, -2)}${service.endsWith('00') ? '01' : '00'}`;
    expect((await lab.get(`/api/pickup?token=${lastByte}`)).status).toBe(500);
    const flipIv = `${(Number.parseInt(mine.slice(0, 2), 16) ^ 1).toString(16).padStart(2, '0')}${mine.slice(2)}`;
    expect((await lab.get(`/api/pickup?token=${flipIv}`)).status).toBe(403);

    const oracle = httpOracle(lab);
    const passphrase = (await decrypt(oracle.ask, service)).toString();
    expect(passphrase).toMatch(/^svc:rohan:[a-z]+-[a-z]+-\d{4}$/);
    // Thousands of questions: 2 blocks of 16 bytes, at most 256 (about 128) per byte.
    expect(oracle.requests()).toBeGreaterThan(1000);

    const answer = await lab.post('/console', { plaintext: passphrase });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Welcome, rohan.');
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  }, 60_000);

  it('is solved one byte per press with the oracle helper, which shows the intermediate values', async () => {
    lab = await startTestLab('crypto-cbc-padding-oracle');
    const { service } = await tokens(lab);
    const helper = await lab.get('/helper');
    expect(helper.body).toContain(`>${service}</textarea>`);

    let fields = { token: service, block: '1', known: '', plain: '' };
    let page = '';
    for (let press = 0; press < 32; press += 1) {
      const answer = await lab.post('/helper', fields);
      expect(answer.status).toBe(200);
      page = answer.body;
      const byte = 15 - (press % 16);
      expect(page).toContain(`<h2 id="step-title">Found byte ${byte}</h2>`);
      expect(page).toMatch(new RegExp(`I\\[${byte}\\] = C′\\[${byte}\\] ⊕ 0x`));
      const value = (name: string) => new RegExp(`name="${name}"[^>]*value="([^"]*)"`).exec(page)?.[1] ?? '';
      fields = { token: service, block: value('block'), known: value('known'), plain: value('plain') };
      expect(fields.known.length).toBe(press === 15 ? 0 : 2 * ((press % 16) + 1));
    }
    const plaintext = unescape(/<pre id="plaintext">([^<]*)<\/pre>/.exec(page)?.[1] ?? '');
    expect(plaintext).toMatch(/^svc:rohan:[a-z]+-[a-z]+-\d{4}$/);

    const answer = await lab.post('/console', { plaintext });
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('refuses wrong passphrases, the student token and the ciphertext itself', async () => {
    lab = await startTestLab('crypto-cbc-padding-oracle');
    const { service } = await tokens(lab);
    for (const plaintext of ['user:kavya:locker-14', service, 'svc:rohan:teal-otter-1234', 'svc:rohan:']) {
      const answer = await lab.post('/console', { plaintext });
      expect(answer.status).toBe(403);
      expect(answer.body).not.toContain(lab.flag);
    }
    // The service token works as a token, but opening lockers does not reveal the passphrase.
    const used = await lab.get(`/api/pickup?token=${service}`);
    expect(used.status).toBe(200);
    expect(used.body).toContain('Service mode for rohan');
    expect(used.body).not.toMatch(/svc:rohan:[a-z]+-/);
    expect(used.body).not.toContain(lab.flag);
    // A token that is not whole blocks is a format error, not an oracle answer.
    expect((await lab.get(`/api/pickup?token=${service.slice(0, -2)}`)).status).toBe(400);
    expect((await lab.get('/api/pickup?token=zz')).status).toBe(400);
  });
});
