// Single-block DES encryption (FIPS 46-3), written out because OpenSSL 3 moved DES to its
// legacy provider, so node:crypto's 'des-ecb' throws. Only MSCHAPv2 needs it here: three
// DES encryptions of one 8-byte challenge. The tables number bits from 1 at the most
// significant bit of the first byte, as the standard does.

const IP = [
  58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4, 62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24,
  16, 8, 57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3, 61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31,
  23, 15, 7,
];
const FP = [
  40, 8, 48, 16, 56, 24, 64, 32, 39, 7, 47, 15, 55, 23, 63, 31, 38, 6, 46, 14, 54, 22, 62, 30, 37, 5, 45, 13, 53, 21,
  61, 29, 36, 4, 44, 12, 52, 20, 60, 28, 35, 3, 43, 11, 51, 19, 59, 27, 34, 2, 42, 10, 50, 18, 58, 26, 33, 1, 41, 9, 49,
  17, 57, 25,
];
const E = [
  32, 1, 2, 3, 4, 5, 4, 5, 6, 7, 8, 9, 8, 9, 10, 11, 12, 13, 12, 13, 14, 15, 16, 17, 16, 17, 18, 19, 20, 21, 20, 21, 22,
  23, 24, 25, 24, 25, 26, 27, 28, 29, 28, 29, 30, 31, 32, 1,
];
const P = [
  16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10, 2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25,
];
const PC1 = [
  57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18, 10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36, 63, 55,
  47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22, 14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
];
const PC2 = [
  14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10, 23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2, 41, 52, 31, 37, 47, 55, 30,
  40, 51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
];
const SHIFTS = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1];
// The eight S-boxes, each 4 rows of 16.
const S = [
  [
    14, 4, 13, 1, 2, 15, 11, 8, 3, 10, 6, 12, 5, 9, 0, 7, 0, 15, 7, 4, 14, 2, 13, 1, 10, 6, 12, 11, 9, 5, 3, 8, 4, 1,
    14, 8, 13, 6, 2, 11, 15, 12, 9, 7, 3, 10, 5, 0, 15, 12, 8, 2, 4, 9, 1, 7, 5, 11, 3, 14, 10, 0, 6, 13,
  ],
  [
    15, 1, 8, 14, 6, 11, 3, 4, 9, 7, 2, 13, 12, 0, 5, 10, 3, 13, 4, 7, 15, 2, 8, 14, 12, 0, 1, 10, 6, 9, 11, 5, 0, 14,
    7, 11, 10, 4, 13, 1, 5, 8, 12, 6, 9, 3, 2, 15, 13, 8, 10, 1, 3, 15, 4, 2, 11, 6, 7, 12, 0, 5, 14, 9,
  ],
  [
    10, 0, 9, 14, 6, 3, 15, 5, 1, 13, 12, 7, 11, 4, 2, 8, 13, 7, 0, 9, 3, 4, 6, 10, 2, 8, 5, 14, 12, 11, 15, 1, 13, 6,
    4, 9, 8, 15, 3, 0, 11, 1, 2, 12, 5, 10, 14, 7, 1, 10, 13, 0, 6, 9, 8, 7, 4, 15, 14, 3, 11, 5, 2, 12,
  ],
  [
    7, 13, 14, 3, 0, 6, 9, 10, 1, 2, 8, 5, 11, 12, 4, 15, 13, 8, 11, 5, 6, 15, 0, 3, 4, 7, 2, 12, 1, 10, 14, 9, 10, 6,
    9, 0, 12, 11, 7, 13, 15, 1, 3, 14, 5, 2, 8, 4, 3, 15, 0, 6, 10, 1, 13, 8, 9, 4, 5, 11, 12, 7, 2, 14,
  ],
  [
    2, 12, 4, 1, 7, 10, 11, 6, 8, 5, 3, 15, 13, 0, 14, 9, 14, 11, 2, 12, 4, 7, 13, 1, 5, 0, 15, 10, 3, 9, 8, 6, 4, 2, 1,
    11, 10, 13, 7, 8, 15, 9, 12, 5, 6, 3, 0, 14, 11, 8, 12, 7, 1, 14, 2, 13, 6, 15, 0, 9, 10, 4, 5, 3,
  ],
  [
    12, 1, 10, 15, 9, 2, 6, 8, 0, 13, 3, 4, 14, 7, 5, 11, 10, 15, 4, 2, 7, 12, 9, 5, 6, 1, 13, 14, 0, 11, 3, 8, 9, 14,
    15, 5, 2, 8, 12, 3, 7, 0, 4, 10, 1, 13, 11, 6, 4, 3, 2, 12, 9, 5, 15, 10, 11, 14, 1, 7, 6, 0, 8, 13,
  ],
  [
    4, 11, 2, 14, 15, 0, 8, 13, 3, 12, 9, 7, 5, 10, 6, 1, 13, 0, 11, 7, 4, 9, 1, 10, 14, 3, 5, 12, 2, 15, 8, 6, 1, 4,
    11, 13, 12, 3, 7, 14, 10, 15, 6, 8, 0, 5, 9, 2, 6, 11, 13, 8, 1, 4, 10, 7, 9, 5, 0, 15, 14, 2, 3, 12,
  ],
  [
    13, 2, 8, 4, 6, 15, 11, 1, 10, 9, 3, 14, 5, 0, 12, 7, 1, 15, 13, 8, 10, 3, 7, 4, 12, 5, 6, 11, 0, 14, 9, 2, 7, 11,
    4, 1, 9, 12, 14, 2, 0, 6, 10, 13, 15, 3, 5, 8, 2, 1, 14, 7, 4, 10, 8, 13, 15, 12, 9, 0, 3, 5, 6, 11,
  ],
];

/** Bit `position` (1 = most significant bit of the first byte) of some bytes. */
const bitOf = (bytes: Uint8Array, position: number) => (bytes[(position - 1) >> 3]! >> (7 - ((position - 1) & 7))) & 1;

/**
 * S-box and P permutation folded together: SP[box][six input bits] is the 32-bit output of
 * that S-box after P, so a round's f is the OR of eight table reads.
 */
const SP: Uint32Array[] = S.map((box, b) => {
  const table = new Uint32Array(64);
  for (let six = 0; six < 64; six++) {
    const row = ((six >> 4) & 2) | (six & 1);
    const column = (six >> 1) & 15;
    const value = box[row * 16 + column]!;
    let out = 0;
    P.forEach((source, i) => {
      // Output bit i+1 takes pre-P bit `source`; this box fills pre-P bits 4b+1 … 4b+4.
      const offset = source - 1 - b * 4;
      if (offset >= 0 && offset < 4 && (value >> (3 - offset)) & 1) out |= 1 << (31 - i);
    });
    table[six] = out >>> 0;
  }
  return table;
});

/** The sixteen round keys, each as eight 6-bit groups, from an 8-byte key (parity bits ignored). */
function roundKeys(key: Uint8Array): Uint8Array {
  const permuted = PC1.map((position) => bitOf(key, position));
  let c = permuted.slice(0, 28);
  let d = permuted.slice(28);
  const keys = new Uint8Array(16 * 8);
  SHIFTS.forEach((shift, round) => {
    c = [...c.slice(shift), ...c.slice(0, shift)];
    d = [...d.slice(shift), ...d.slice(0, shift)];
    const cd = [...c, ...d];
    for (let group = 0; group < 8; group++) {
      let six = 0;
      for (let k = 0; k < 6; k++) six = (six << 1) | cd[PC2[group * 6 + k]! - 1]!;
      keys[round * 8 + group] = six;
    }
  });
  return keys;
}

/** DES-encrypts one 8-byte block with an 8-byte key. */
export function desEncryptBlock(key: Uint8Array, block: Uint8Array): Buffer {
  if (key.length !== 8 || block.length !== 8) throw new Error('DES takes an 8-byte key and an 8-byte block');
  const keys = roundKeys(key);
  let left = 0;
  let right = 0;
  for (let i = 0; i < 32; i++) {
    left = (left << 1) | bitOf(block, IP[i]!);
    right = (right << 1) | bitOf(block, IP[i + 32]!);
  }
  for (let round = 0; round < 16; round++) {
    let f = 0;
    for (let group = 0; group < 8; group++) {
      let six = 0;
      for (let k = 0; k < 6; k++) six = (six << 1) | ((right >>> (32 - E[group * 6 + k]!)) & 1);
      f |= SP[group]![six ^ keys[round * 8 + group]!]!;
    }
    [left, right] = [right, (left ^ f) >>> 0];
  }
  // Final permutation of R16 ‖ L16.
  const preOutput = Buffer.alloc(8);
  preOutput.writeUInt32BE(right >>> 0, 0);
  preOutput.writeUInt32BE(left >>> 0, 4);
  const out = Buffer.alloc(8);
  FP.forEach((position, i) => {
    if (bitOf(preOutput, position)) out[i >> 3] = out[i >> 3]! | (1 << (7 - (i & 7)));
  });
  return out;
}

/**
 * A 7-byte (56-bit) key spread over 8 bytes, 7 key bits per byte and the low bit left for
 * parity (set to 0 here; DES ignores it). This is how MSCHAPv2 turns the NT hash into DES keys.
 */
export function desKeyFrom7(key7: Uint8Array): Buffer {
  if (key7.length !== 7) throw new Error('A 56-bit DES key is 7 bytes');
  const out = Buffer.alloc(8);
  for (let i = 0; i < 8; i++) {
    const high = i === 0 ? 0 : key7[i - 1]! << (8 - i);
    const low = i === 7 ? 0 : key7[i]! >> i;
    out[i] = (high | low) & 0xfe;
  }
  return out;
}
