import { gzipSync } from 'node:zlib';
import {
  STATUS_LIST_MIN_ENTRIES,
  StatusListError,
  expandStatusList,
  statusBit,
  statusBits,
} from '@ehc/common/credentials';
import { describe, expect, it } from 'vitest';

const encode = (bits: Uint8Array) => `u${gzipSync(bits).toString('base64url')}`;

describe('Bitstring Status List encoding (W3C v1.0)', () => {
  it('is at least 16 KB of bits, index 0 being the left-most bit of the first byte', () => {
    const bits = statusBits([0, 9, STATUS_LIST_MIN_ENTRIES - 1]);
    expect(bits.length).toBe(16 * 1024);
    expect(bits[0]).toBe(0b1000_0000);
    expect(bits[1]).toBe(0b0100_0000);
    expect(bits.at(-1)).toBe(0b0000_0001);
    expect(bits.slice(2, -1).every((byte) => byte === 0)).toBe(true);
  });

  it('round-trips through GZIP and multibase base64url ("u" prefix, no padding)', async () => {
    const encoded = encode(statusBits([3, 94567]));
    expect(encoded).toMatch(/^u[A-Za-z0-9_-]+$/);
    const bits = await expandStatusList(encoded);
    expect(bits.length * 8).toBe(STATUS_LIST_MIN_ENTRIES);
    expect([2, 3, 4, 94566, 94567, 94568].map((i) => statusBit(bits, i))).toEqual([
      false,
      true,
      false,
      false,
      true,
      false,
    ]);
  });

  it('refuses lists below the minimum size, other encodings, and indexes outside the list', async () => {
    await expect(expandStatusList(encode(new Uint8Array(1024)))).rejects.toThrow(/fewer than the minimum 131,072/);
    await expect(expandStatusList(gzipSync(new Uint8Array(16384)).toString('base64url'))).rejects.toThrow(
      StatusListError,
    );
    await expect(expandStatusList('unot-gzip')).rejects.toThrow(/not valid GZIP/);
    expect(() => statusBit(new Uint8Array(16384), STATUS_LIST_MIN_ENTRIES)).toThrow(/outside the status list/);
    expect(() => statusBits([STATUS_LIST_MIN_ENTRIES])).toThrow(StatusListError);
  });
});
