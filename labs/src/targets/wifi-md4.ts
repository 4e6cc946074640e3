// MD4 (RFC 1320), written out because OpenSSL 3 no longer offers it by default, so
// node:crypto's createHash('md4') throws. Only MSCHAPv2's NT hash needs it here:
// MD4 is broken as a hash and must not be used for anything new.

const rotl = (x: number, n: number) => ((x << n) | (x >>> (32 - n))) >>> 0;

/** The 16-byte MD4 digest of `message`. */
export function md4(message: Uint8Array): Buffer {
  // Padding: 0x80, zeros to 56 mod 64, then the length in bits as 64-bit little-endian.
  const padded = Buffer.alloc(Math.ceil((message.length + 9) / 64) * 64);
  padded.set(message);
  padded[message.length] = 0x80;
  const bits = BigInt(message.length) * 8n;
  padded.writeBigUInt64LE(bits & 0xffff_ffff_ffff_ffffn, padded.length - 8);

  let a = 0x67452301;
  let b = 0xefcdab89;
  let c = 0x98badcfe;
  let d = 0x10325476;
  const x = new Array<number>(16);
  const f = (p: number, q: number, r: number) => (p & q) | (~p & r);
  const g = (p: number, q: number, r: number) => (p & q) | (p & r) | (q & r);
  const h = (p: number, q: number, r: number) => p ^ q ^ r;

  for (let offset = 0; offset < padded.length; offset += 64) {
    for (let i = 0; i < 16; i++) x[i] = padded.readUInt32LE(offset + i * 4);
    const [aa, bb, cc, dd] = [a, b, c, d];
    // Each round applies its function to the four registers in turn, rotating which one is written.
    const round = (fn: (p: number, q: number, r: number) => number, k: number, s: number, add: number) => {
      const t = rotl((a + fn(b, c, d) + x[k]! + add) >>> 0, s);
      [a, b, c, d] = [d, t, b, c];
    };
    for (const k of [0, 4, 8, 12]) {
      round(f, k, 3, 0);
      round(f, k + 1, 7, 0);
      round(f, k + 2, 11, 0);
      round(f, k + 3, 19, 0);
    }
    for (const k of [0, 1, 2, 3]) {
      round(g, k, 3, 0x5a827999);
      round(g, k + 4, 5, 0x5a827999);
      round(g, k + 8, 9, 0x5a827999);
      round(g, k + 12, 13, 0x5a827999);
    }
    for (const k of [0, 2, 1, 3]) {
      round(h, k, 3, 0x6ed9eba1);
      round(h, k + 8, 9, 0x6ed9eba1);
      round(h, k + 4, 11, 0x6ed9eba1);
      round(h, k + 12, 15, 0x6ed9eba1);
    }
    a = (a + aa) >>> 0;
    b = (b + bb) >>> 0;
    c = (c + cc) >>> 0;
    d = (d + dd) >>> 0;
  }
  const out = Buffer.alloc(16);
  [a, b, c, d].forEach((word, i) => out.writeUInt32LE(word, i * 4));
  return out;
}
