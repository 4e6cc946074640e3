import { checkPrimeSync, constants, createPublicKey, publicEncrypt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { showsFlag, startTestLab } from '../host/test-harness';
import { integerCubeRoot, isProbablePrime, modPow, rsaKeyFromSeed } from './crypto-rsa-small-e';

type Lab = Awaited<ReturnType<typeof startTestLab>>;

async function intercept(lab: Lab) {
  const home = await lab.get('/');
  const read = (id: string) => {
    const digits = new RegExp(`<pre id="${id}">([0-9]+)</pre>`).exec(home.body)?.[1];
    expect(digits).toBeTruthy();
    return BigInt(digits!);
  };
  return { n: read('n'), e: read('e'), c: read('c') };
}

const toBytes = (n: bigint, length: number) => Buffer.from(n.toString(16).padStart(length * 2, '0'), 'hex');

describe('lab crypto-rsa-small-e', () => {
  let lab: Lab;
  afterEach(() => lab.close());

  it('is solved by taking the integer cube root of c, because m^3 < n', async () => {
    lab = await startTestLab('crypto-rsa-small-e');
    const { n, e, c } = await intercept(lab);
    expect(e).toBe(3n);
    expect(n.toString(2)).toHaveLength(1024);

    // The phone route: the lab's calculator.
    const tool = await lab.get(`/cbrt?x=${c}`);
    expect(tool.body).toContain('Exact cube root');
    const passphrase = /<pre id="root-text">([^<]+)<\/pre>/.exec(tool.body)?.[1];
    expect(passphrase).toMatch(/^[a-z]+-[a-z]+-\d{4}$/);

    // It is real RSA: OpenSSL, given the lab's PEM and no padding, encrypts m to the same c.
    const pem = (await lab.get('/key.pem')).body;
    const key = createPublicKey(pem);
    expect(key.asymmetricKeyDetails).toMatchObject({ modulusLength: 1024, publicExponent: 3n });
    const m = BigInt(`0x${Buffer.from(passphrase!).toString('hex')}`);
    expect(integerCubeRoot(c)).toBe(m);
    expect(m ** 3n < n).toBe(true);
    const openssl = publicEncrypt({ key, padding: constants.RSA_NO_PADDING }, toBytes(m, 128));
    expect(openssl.equals(toBytes(c, 128))).toBe(true);

    const answer = await lab.post('/unlock', { passphrase: passphrase! });
    expect(answer.status).toBe(200);
    expect(showsFlag(answer.body, lab.flag)).toBe(true);
  });

  it('refuses wrong answers: a guess, the ciphertext, or a root that is not exact', async () => {
    lab = await startTestLab('crypto-rsa-small-e');
    const { c, n } = await intercept(lab);
    const notCube = await lab.get(`/cbrt?x=${c - 1n}`);
    expect(notCube.body).toContain('Not a perfect cube');
    // Its floor is m - 1: one byte off.
    const wrongRoot = /<pre id="root-text">([^<]+)<\/pre>/.exec(notCube.body)?.[1] ?? '';
    // The cube root of c + n (what m^3 would be had it wrapped once) is not the message either.
    const wrapped = await lab.get(`/cbrt?x=0x${(c + n).toString(16)}`);
    const wrappedRoot = /<pre id="root-text">([^<]+)<\/pre>/.exec(wrapped.body)?.[1] ?? '';
    for (const passphrase of ['lotus-ganga-1000', c.toString(), wrongRoot, wrappedRoot]) {
      const answer = await lab.post('/unlock', { passphrase });
      expect(answer.status).toBe(403);
      expect(answer.body).not.toContain(lab.flag);
    }
    const bad = await lab.get('/cbrt?x=12ab');
    expect(bad.body).toContain('Give a whole number');
  });
});

describe('the RSA key generator of crypto-rsa-small-e', () => {
  it('makes a real 1024-bit key with e = 3 from two distinct primes, the same for the same seed', () => {
    const key = rsaKeyFromSeed('a test seed');
    expect(checkPrimeSync(key.p)).toBe(true);
    expect(checkPrimeSync(key.q)).toBe(true);
    expect(key.p).not.toBe(key.q);
    expect(key.n).toBe(key.p * key.q);
    expect(key.n.toString(2)).toHaveLength(1024);
    expect((key.p - 1n) % 3n).not.toBe(0n);
    expect((key.q - 1n) % 3n).not.toBe(0n);
    expect(rsaKeyFromSeed('a test seed').n).toBe(key.n);
    expect(rsaKeyFromSeed('another seed').n).not.toBe(key.n);

    // With the private exponent, decryption works as RSA should, for a long message too.
    const phi = (key.p - 1n) * (key.q - 1n);
    const d = modInverse(3n, phi);
    const long = BigInt(
      `0x${Buffer.from('a message far too long for a cube root to recover, padded out to 100 bytes of text here ok').toString('hex')}`,
    );
    const c = modPow(long, 3n, key.n);
    expect(integerCubeRoot(c)).not.toBe(long);
    expect(modPow(c, d, key.n)).toBe(long);
  });

  it('tells primes from composites, Carmichael numbers included', () => {
    let i = 0;
    const random = (bytes: number) => Buffer.alloc(bytes, (i += 1));
    expect(isProbablePrime(2n ** 127n - 1n, random)).toBe(true);
    for (const composite of [561n, 41041n, 825265n, (2n ** 61n - 1n) * (2n ** 89n - 1n)]) {
      expect(isProbablePrime(composite, random)).toBe(false);
    }
    expect(integerCubeRoot(27n)).toBe(3n);
    expect(integerCubeRoot(26n)).toBe(2n);
    expect(integerCubeRoot(10n ** 300n)).toBe(10n ** 100n);
  });
});

function modInverse(a: bigint, m: bigint): bigint {
  let [r0, r1] = [a % m, m];
  let [s0, s1] = [1n, 0n];
  while (r1 !== 0n) {
    const q = r0 / r1;
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  return ((s0 % m) + m) % m;
}
