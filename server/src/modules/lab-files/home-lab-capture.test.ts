import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aesKeyUnwrap,
  micVerifies,
  pmkFrom,
  pmkidFrom,
  ptkFrom,
  readDot11,
  readEapolKey,
  readElements,
  readPcap,
  readRadiotap,
  type EapolKey,
} from '../../test/wifi-capture-reader';
import { homeLabHandshakeCapture } from './home-lab-capture';
import { labWordlistCandidates } from './lab-wordlist';

// What the lesson promises about the capture, written out here rather than imported, so a
// change to the generator's settings shows up as a failing test.
const SSID = 'EHC-HomeLab';
const AP = '02:00:00:00:0a:01';
const CLIENT = '02:00:00:00:0c:01';
const PASSPHRASE = 'monsoon2026';
const RSN_WPA2_PSK_CCMP = '30140100000fac040100000fac040100000fac020000';
const macBytes = (text: string) => Buffer.from(text.replaceAll(':', ''), 'hex');

// Key Information bits.
const VERSION_MASK = 0x0007;
const PAIRWISE = 1 << 3;
const INSTALL = 1 << 6;
const ACK = 1 << 7;
const MIC = 1 << 8;
const SECURE = 1 << 9;
const ENCRYPTED = 1 << 12;

interface Parsed {
  frames: ReturnType<typeof readDot11>[];
  radiotap: ReturnType<typeof readRadiotap>[];
  times: number[];
  linkType: number;
  eapol: { key: EapolKey; frame: ReturnType<typeof readDot11> }[];
}

function parse(file: Buffer): Parsed {
  const pcap = readPcap(file);
  const radiotap = pcap.records.map((record) => readRadiotap(record.data));
  const frames = pcap.records.map((record, i) => readDot11(record.data.subarray(radiotap[i]!.length)));
  const eapol = frames.flatMap((frame) => {
    const key = frame.type === 2 ? readEapolKey(frame.body) : null;
    return key ? [{ key, frame }] : [];
  });
  const times = pcap.records.map((record) => record.seconds * 1e6 + record.microseconds);
  return { frames, radiotap, times, linkType: pcap.linkType, eapol };
}

const capture = homeLabHandshakeCapture();
const parsed = parse(capture);
const [m1, m2, m3, m4] = parsed.eapol.map(({ key }) => key) as [EapolKey, EapolKey, EapolKey, EapolKey];

function keysFor(passphrase: string) {
  const pmk = pmkFrom(passphrase, SSID);
  return { pmk, ...ptkFrom(pmk, macBytes(AP), macBytes(CLIENT), m1.nonce, m2.nonce) };
}

describe('the lab capture as a monitor-mode adapter would record it', () => {
  it('is a radiotap pcap of one network on channel 6, frames in time order', () => {
    expect(parsed.linkType).toBe(127);
    expect(parsed.frames.length).toBeGreaterThanOrEqual(10);
    for (const radiotap of parsed.radiotap) {
      expect(radiotap).toMatchObject({ channelMhz: 2437, rate: 2 });
      expect(radiotap.flags! & 0x10).toBe(0); // no FCS appended, so none to check
      expect(radiotap.signalDbm).toBeLessThan(0);
    }
    expect(parsed.times).toEqual([...parsed.times].sort((a, b) => a - b));
    for (const frame of parsed.frames) expect([frame.addr1, frame.addr2, frame.addr3]).not.toContain(undefined);
  });

  it('announces EHC-HomeLab as WPA2-PSK with CCMP in its beacon', () => {
    const beacon = parsed.frames.find((f) => f.type === 0 && f.subtype === 8)!;
    expect(beacon).toMatchObject({ addr1: 'ff:ff:ff:ff:ff:ff', addr2: AP, addr3: AP });
    const capabilities = beacon.body.readUInt16LE(10);
    expect(capabilities & 0x0011).toBe(0x0011); // ESS and Privacy
    const elements = new Map(readElements(beacon.body.subarray(12)));
    expect(elements.get(0)!.toString()).toBe(SSID);
    expect(elements.get(3)).toEqual(Buffer.from([6]));
    expect(elements.get(48)!.toString('hex')).toBe(RSN_WPA2_PSK_CCMP.slice(4));
  });

  it('has the client authenticate and associate before the handshake, with the same RSN element', () => {
    const names = parsed.frames.map((f) => `${f.type}/${f.subtype} ${f.addr2}`);
    const order = [`0/11 ${CLIENT}`, `0/11 ${AP}`, `0/0 ${CLIENT}`, `0/1 ${AP}`, `2/0 ${AP}`];
    const positions = order.map((name) => names.indexOf(name));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));

    const request = parsed.frames.find((f) => f.type === 0 && f.subtype === 0)!;
    const elements = new Map(readElements(request.body.subarray(4)));
    expect(elements.get(0)!.toString()).toBe(SSID);
    expect(elements.get(48)!.toString('hex')).toBe(RSN_WPA2_PSK_CCMP.slice(4));
    const response = parsed.frames.find((f) => f.type === 0 && f.subtype === 1)!;
    expect(response.body.readUInt16LE(2)).toBe(0); // status: success
  });

  it('holds the four EAPOL-Key messages with the fields of a complete 4-way handshake', () => {
    expect(parsed.eapol.map(({ frame }) => [frame.addr2, frame.toDs, frame.fromDs, frame.protected])).toEqual([
      [AP, false, true, false],
      [CLIENT, true, false, false],
      [AP, false, true, false],
      [CLIENT, true, false, false],
    ]);
    for (const key of [m1, m2, m3, m4]) {
      expect(key.descriptorType).toBe(2); // RSN
      expect(key.keyInfo & VERSION_MASK).toBe(2); // HMAC-SHA1 MIC, AES key wrap
      expect(key.keyInfo & PAIRWISE).toBe(PAIRWISE);
      expect(key.keyIv.equals(Buffer.alloc(16))).toBe(true);
    }
    const flags = (key: EapolKey) => key.keyInfo & (INSTALL | ACK | MIC | SECURE | ENCRYPTED);
    expect(flags(m1)).toBe(ACK);
    expect(flags(m2)).toBe(MIC);
    expect(flags(m3)).toBe(INSTALL | ACK | MIC | SECURE | ENCRYPTED);
    expect(flags(m4)).toBe(MIC | SECURE);
    expect([m1, m2, m3, m4].map((k) => k.replayCounter)).toEqual([1n, 1n, 2n, 2n]);
    expect([m1, m2, m3, m4].map((k) => k.keyLength)).toEqual([16, 0, 16, 0]);

    expect(m1.nonce.equals(Buffer.alloc(32))).toBe(false);
    expect(m2.nonce.equals(Buffer.alloc(32))).toBe(false);
    expect(m2.nonce.equals(m1.nonce)).toBe(false);
    expect(m3.nonce.equals(m1.nonce)).toBe(true);
    expect(m4.nonce.equals(Buffer.alloc(32))).toBe(true);
    expect(m1.mic.equals(Buffer.alloc(16))).toBe(true);
    expect(m2.keyData.toString('hex')).toBe(RSN_WPA2_PSK_CCMP);
    expect(m4.keyData).toHaveLength(0);
    expect(m3.keyData.length % 8).toBe(0);
  });

  it('verifies every MIC and the PMKID with the lab passphrase', () => {
    const { pmk, kck } = keysFor(PASSPHRASE);
    expect([m2, m3, m4].map((key) => micVerifies(key, kck))).toEqual([true, true, true]);

    const [[id, body]] = readElements(m1.keyData) as [[number, Buffer]];
    expect(id).toBe(0xdd);
    expect(body.subarray(0, 4).toString('hex')).toBe('000fac04'); // PMKID KDE
    expect(body.subarray(4).equals(pmkidFrom(pmk, macBytes(AP), macBytes(CLIENT)))).toBe(true);
  });

  it('verifies no MIC and no PMKID with a wrong passphrase', () => {
    for (const wrong of ['monsoon2025', 'Monsoon2026', 'password']) {
      const { pmk, kck } = keysFor(wrong);
      expect([m2, m3, m4].map((key) => micVerifies(key, kck))).toEqual([false, false, false]);
      expect(m1.keyData.subarray(6).equals(pmkidFrom(pmk, macBytes(AP), macBytes(CLIENT)))).toBe(false);
    }
  });

  it('wraps the AP RSN element and a GTK KDE in message 3 under the KEK', () => {
    const { kek } = keysFor(PASSPHRASE);
    const keyData = aesKeyUnwrap(kek, m3.keyData);
    expect(keyData).not.toBeNull();
    // RSN element, GTK KDE, then the padding (0xdd and zeros to a multiple of 8), which
    // reads as an empty vendor element here.
    const elements = readElements(keyData!);
    expect(elements.map(([id, body]) => [id, body.length])).toEqual([
      [48, 20],
      [0xdd, 22],
      [0xdd, 0],
    ]);
    expect(elements[0]![1].toString('hex')).toBe(RSN_WPA2_PSK_CCMP.slice(4));
    const gtkKde = elements[1]![1];
    expect(gtkKde.subarray(0, 4).toString('hex')).toBe('000fac01'); // GTK KDE
    expect(gtkKde[4]! & 0x03).toBe(1); // key id 1
    expect(gtkKde.subarray(6)).toHaveLength(16); // a CCMP group key
    expect(gtkKde.subarray(6).equals(Buffer.alloc(16))).toBe(false);

    expect(aesKeyUnwrap(keysFor('monsoon2025').kek, m3.keyData)).toBeNull();
  });

  it('is cracked by exactly one candidate of the lab wordlist: the lab passphrase', () => {
    const opening = labWordlistCandidates().filter((candidate) => micVerifies(m2, keysFor(candidate).kck));
    expect(opening).toEqual([PASSPHRASE]);
  });
});

describe('determinism', () => {
  it('builds the same bytes on every call and every machine', () => {
    expect(homeLabHandshakeCapture().equals(homeLabHandshakeCapture())).toBe(true);
    // Pinned: a change to any byte (a field, a time, a nonce) must be a deliberate one.
    expect(createHash('sha256').update(capture).digest('hex')).toBe(
      '784afdd20b6f95c2c4e32acf2e69340a9e3ad95dca6430883fe8489cbcb2c223',
    );
  });
});

describe('the test reader itself', () => {
  it('unwraps the RFC 3394 §4.1 example', () => {
    const kek = Buffer.from('000102030405060708090A0B0C0D0E0F', 'hex');
    const wrapped = Buffer.from('1FA68B0A8112B447AEF34BD8FB5A7B829D3E862371D2CFE5', 'hex');
    expect(aesKeyUnwrap(kek, wrapped)!.toString('hex')).toBe('00112233445566778899aabbccddeeff');
    wrapped[10]! ^= 1;
    expect(aesKeyUnwrap(kek, wrapped)).toBeNull();
  });

  it('derives the IEEE 802.11 example PMK', () => {
    expect(pmkFrom('password', 'IEEE').toString('hex')).toBe(
      'f42c6fc52df0ebef9ebb4b90b38a5f902e83fe1b135a70e23aed762e9710a12e',
    );
  });

  it('refuses a truncated capture', () => {
    expect(() => parse(capture.subarray(0, capture.length - 5))).toThrow(/truncated/);
  });
});
