import { describe, expect, it } from 'vitest';
import { aesKeyWrap, pairwiseMasterKey, pairwiseTransientKey, prf } from './wpa2-keys';

// Published test vectors, so the generator's primitives are checked against the standards
// themselves and not only against the test reader.
describe('WPA2 key primitives', () => {
  it('derives the PMK of IEEE 802.11 Annex J (passphrase "password", SSID "IEEE")', () => {
    expect(pairwiseMasterKey('password', 'IEEE').toString('hex')).toBe(
      'f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e',
    );
  });

  it('computes the PRF-512 example of IEEE 802.11 Annex J', () => {
    expect(prf(Buffer.alloc(20, 0x0b), 'prefix', Buffer.from('Hi There'), 64).toString('hex')).toBe(
      'bcd4c650b30b9684951829e0d75f9d54b862175ed9f00606e17d8da35402ffee' +
        '75df78c3d31e0f889f012120c0862beb67753e7439ae242edb8373698356cf5a',
    );
  });

  it('orders the addresses and nonces, so either argument order gives the same PTK', () => {
    const pmk = Buffer.alloc(32, 7);
    const [aa, spa] = [Buffer.from('020000000a01', 'hex'), Buffer.from('020000000c01', 'hex')];
    const [n1, n2] = [Buffer.alloc(32, 1), Buffer.alloc(32, 2)];
    expect(pairwiseTransientKey(pmk, aa, spa, n1, n2)).toEqual(pairwiseTransientKey(pmk, spa, aa, n2, n1));
  });

  it('wraps the RFC 3394 §4.1 example and refuses lengths the standard does not allow', () => {
    const kek = Buffer.from('000102030405060708090a0b0c0d0e0f', 'hex');
    expect(aesKeyWrap(kek, Buffer.from('00112233445566778899aabbccddeeff', 'hex')).toString('hex')).toBe(
      '1fa68b0a8112b447aef34bd8fb5a7b829d3e862371d2cfe5',
    );
    expect(() => aesKeyWrap(kek, Buffer.alloc(20))).toThrow(/multiple of 8/);
    expect(() => aesKeyWrap(kek, Buffer.alloc(8))).toThrow(/at least 16/);
  });
});
