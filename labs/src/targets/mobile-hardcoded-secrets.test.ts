import { afterEach, describe, expect, it } from 'vitest';
import { editorAnswer, showsFlag, startTestLab, unescapeHtml } from '../host/test-harness';
import { applyOperation, DecodeError } from './mobile-hardcoded-secrets';

type TestLab = Awaited<ReturnType<typeof startTestLab>>;

const ordersWithKey = (lab: TestLab, key: string) =>
  lab.editor({ method: 'GET', path: '/api/v1/admin/orders', headers: `X-Api-Key: ${key}` });

/** What a learner does: read b.java, join its pieces in append order, reverse and Base64-decode in the decoder. */
async function recoverKey(lab: TestLab): Promise<string> {
  const search = await lab.get('/apk/search?q=X-Api-Key');
  expect(unescapeHtml(search.body)).toContain('sources/in/tazatokri/app/network/OpsApi.java');
  const caller = await lab.get('/apk/search?q=listOrders(b.a()');
  expect(caller.body).toContain('staff/StoreOpsActivity.java');
  const source = (await lab.get('/apk/file?path=sources%2Fin%2Ftazatokri%2Fapp%2Fc%2Fb.java&raw=1')).body;
  const pieces = /\{"([^"]+)", "([^"]+)", "([^"]+)"\}/.exec(source)!.slice(1);
  const order = [...source.matchAll(/sb\.append\(\w+\[(\d)\]\)/g)].map((m) => Number(m[1]));
  expect(order).toEqual([2, 0, 1]);
  const joined = order.map((i) => pieces[i]).join('');
  expect(joined.startsWith('=')).toBe(true);
  const decoded = await lab.post('/decoder', { input: joined, step1: 'reverse', step2: 'from-base64', step3: '' });
  const key = /<h2>After From Base64<\/h2><pre tabindex="0">([^<]+)<\/pre>/.exec(decoded.body)![1]!;
  expect(key).toMatch(/^ttk_ops_[0-9a-f]{24}$/);
  return key;
}

describe('lab mobile-hardcoded-secrets', () => {
  let lab: TestLab;
  afterEach(() => lab.close());

  it('is solved by rebuilding the key from b.java and sending it as X-Api-Key', async () => {
    lab = await startTestLab('mobile-hardcoded-secrets');
    const home = await lab.get('/');
    expect(home.body).toContain('action="/i/');
    const key = await recoverKey(lab);
    const answer = await ordersWithKey(lab, key);
    const { status, json } = editorAnswer(answer.body);
    expect(status).toBe(200);
    expect(json.orders).toHaveLength(3);
    expect(json.flag).toBe(lab.flag);
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('compiles a different key into every instance, and refuses keys that are not this one', async () => {
    lab = await startTestLab('mobile-hardcoded-secrets');
    const key = await recoverKey(lab);
    const source = (await lab.get('/apk/file?path=sources%2Fin%2Ftazatokri%2Fapp%2Fc%2Fb.java&raw=1')).body;
    const pieces = /\{"([^"]+)", "([^"]+)", "([^"]+)"\}/.exec(source)!.slice(1);

    const refused = [
      ['', 'missing_api_key'],
      ['ttk_ops_2023_rotated_do_not_ship', 'key_revoked'], // strings.xml's legacy key, decoded
      [pieces.join(''), 'invalid_api_key'], // the array as it stands, not decoded
      [[pieces[2], pieces[0], pieces[1]].join(''), 'invalid_api_key'], // joined but still reversed Base64
      [Buffer.from(key).toString('base64'), 'invalid_api_key'],
      [key.toUpperCase(), 'invalid_api_key'],
    ] as const;
    for (const [given, error] of refused) {
      const answer = await ordersWithKey(lab, given);
      const { status, json } = editorAnswer(answer.body);
      expect(status).toBe(401);
      expect(json.error).toBe(error);
      expect(answer.body).not.toContain(lab.flag);
    }
    const noHeader = await lab.get('/api/v1/admin/orders');
    expect(noHeader.status).toBe(401);
    expect(noHeader.body).not.toContain(lab.flag);

    // Another learner's instance has another key; this one does not open it.
    const other = await startTestLab('mobile-hardcoded-secrets');
    try {
      const otherKey = await recoverKey(other);
      expect(otherKey).not.toBe(key);
      const crossed = await ordersWithKey(other, key);
      expect(editorAnswer(crossed.body).status).toBe(401);
      expect(crossed.body).not.toContain(other.flag);
    } finally {
      await other.close();
    }

    // The public catalogue needs no key and shows no flag.
    const catalogue = await lab.get('/api/v1/catalogue?store=PNQ-07');
    expect(catalogue.status).toBe(200);
    expect(catalogue.body).not.toContain(lab.flag);
  });

  it('decodes with real operations and reports bad input', () => {
    const run = (ops: Parameters<typeof applyOperation>[0][], input: string) =>
      ops.reduce<Buffer>((bytes, op) => applyOperation(op, bytes), Buffer.from(input, 'utf8')).toString('utf8');
    expect(run(['to-base64'], 'chai')).toBe('Y2hhaQ==');
    expect(run(['from-base64'], 'Y2hhaQ')).toBe('chai');
    expect(run(['reverse', 'from-base64'], '==Qahh2Y')).toBe('chai');
    expect(run(['to-hex'], 'pav')).toBe('706176');
    expect(run(['from-hex'], '70:61:76')).toBe('pav');
    expect(run(['url-decode'], 'a%20b%E0%A4%B8')).toBe('a bस');
    expect(() => run(['from-base64'], 'Y2h*aQ')).toThrow(DecodeError);
    expect(() => run(['from-base64'], '==QahhY')).toThrow('"=" may only pad the end');
    expect(() => run(['from-hex'], 'abc')).toThrow(DecodeError);
  });
});
