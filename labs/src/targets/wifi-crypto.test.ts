// Known-answer tests for the crypto the wifi-hacking labs carry themselves (MD4 and DES,
// which OpenSSL 3 no longer offers by default) and for the WPA2 key hierarchy.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { macBytes } from './wifi-common';
import { desEncryptBlock, desKeyFrom7 } from './wifi-des';
import { md4 } from './wifi-md4';
import { challengeHash, ntHash, ntResponse } from './wifi-mschapv2';
import {
  buildHandshake,
  eapolMic,
  hc22000Line,
  micOf,
  passphraseMatches,
  pcapFile,
  wpa2Pmk,
  wpa2Prf,
} from './wifi-wpa2';

const h = (text: string) => Buffer.from(text.replace(/\s/g, ''), 'hex');

describe('MD4 (RFC 1320 test suite)', () => {
  it.each([
    ['', '31d6cfe0d16ae931b73c59d7e0c089c0'],
    ['a', 'bde52cb31de33e46245e05fbdbd6fb24'],
    ['abc', 'a448017aaf21d8525fc10ae87aa6729d'],
    ['message digest', 'd9130a8164549fe818874806e1c7014b'],
    ['abcdefghijklmnopqrstuvwxyz', 'd79e1c308aa5bbcdeea8ed63df412da9'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      'e33b4ddc9c38f2199c3e7b164fcc0536',
    ],
  ])('MD4(%j)', (input, digest) => {
    expect(md4(Buffer.from(input, 'ascii')).toString('hex')).toBe(digest);
  });
});

describe('DES', () => {
  it('encrypts the textbook block', () => {
    expect(desEncryptBlock(h('133457799BBCDFF1'), h('0123456789ABCDEF')).toString('hex')).toBe('85e813540f0ab405');
  });
  it('matches a FIPS 81 / NBS validation vector', () => {
    // "Now is the time for all " with key 0123456789abcdef, first block.
    expect(desEncryptBlock(h('0123456789abcdef'), Buffer.from('Now is t')).toString('hex')).toBe('3fa40e8a984d4815');
  });
  it('spreads 56 key bits over 8 bytes', () => {
    expect(desKeyFrom7(h('ffffffffffffff')).toString('hex')).toBe('fefefefefefefefe');
    expect(desKeyFrom7(h('80000000000001')).toString('hex')).toBe('8000000000000002');
  });
});

describe('MSCHAPv2 (RFC 2759, section 9.2)', () => {
  it('computes ChallengeHash, NT hash and NT-Response of the RFC example', () => {
    const auth = h('5B5D7C7D7B3F2F3E3C2C602132262628');
    const peer = h('21402324255E262A28295F2B3A337C7E');
    const challenge = challengeHash(peer, auth, 'User');
    expect(challenge.toString('hex')).toBe('d02e4386bce91226');
    expect(ntHash('clientPass').toString('hex')).toBe('44ebba8d5312b8d611474411f56989ae');
    expect(ntResponse('clientPass', challenge).toString('hex')).toBe(
      '82309ecd8d708b5ea08faa3981cd83544233114a3d85d6df',
    );
  });
});

describe('WPA2 key hierarchy', () => {
  it('derives the IEEE 802.11 example PMK', () => {
    // IEEE 802.11-2020 J.4.2: passphrase "password", SSID "IEEE".
    expect(wpa2Pmk('password', 'IEEE').toString('hex')).toBe(
      'f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e',
    );
  });
  it('runs the PRF as HMAC-SHA1 over label, 0, data and a counter', () => {
    // IEEE 802.11-2020 J.3.2 (PRF test case 1).
    const key = h('0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b');
    expect(wpa2Prf(key, 'prefix', Buffer.from('Hi There'), 64).toString('hex')).toBe(
      'bcd4c650b30b9684951829e0d75f9d54b862175ed9f00606e17d8da35402ffee75df78c3d31e0f889f012120c0862beb67753e7439ae242edb8373698356cf5a',
    );
  });
  it('builds a handshake whose MICs verify, and a pcap and 22000 line that carry it', () => {
    const hs = buildHandshake({
      ssid: 'Test-Net',
      passphrase: 'correct horse',
      ap: '50:d4:f7:00:00:01',
      client: 'da:00:00:00:00:02',
      channel: 6,
      aNonce: createHash('sha256').update('a').digest(),
      sNonce: createHash('sha256').update('s').digest(),
      gtk: Buffer.alloc(16, 7),
      startUs: 1_700_000_000_000_000,
    });
    const pair = {
      ssid: hs.ssid,
      ap: macBytes(hs.ap),
      client: macBytes(hs.client),
      aNonce: hs.aNonce,
      sNonce: hs.sNonce,
      eapolM2: hs.messages[1],
    };
    expect(passphraseMatches(pair, 'correct horse')).toBe(true);
    expect(passphraseMatches(pair, 'correct horsf')).toBe(false);
    expect(micOf(hs.messages[0]).equals(Buffer.alloc(16))).toBe(true);
    expect(eapolMic(Buffer.alloc(16), hs.messages[1]).equals(micOf(hs.messages[1]))).toBe(false);
    const pcap = pcapFile(hs.frames);
    expect(pcap.readUInt32LE(0)).toBe(0xa1b2c3d4);
    expect(pcap.readUInt32LE(20)).toBe(127);
    expect(pcap.includes(hs.messages[1])).toBe(true);
    const line = hc22000Line(hs);
    expect(line.split('*')).toHaveLength(9);
    expect(line).toContain(micOf(hs.messages[1]).toString('hex'));
  });
});
