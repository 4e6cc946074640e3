import { createDecipheriv, createHmac, pbkdf2Sync } from 'node:crypto';

// An independent reader of pcap + radiotap + 802.11 + EAPOL-Key, and the WPA2 checks an
// auditing tool makes, for tests of the generated lab capture. It shares no code with the
// generator (modules/lab-files/), so a mistake there cannot cancel out here.

export interface PcapRecord {
  seconds: number;
  microseconds: number;
  data: Buffer;
}

export interface Pcap {
  linkType: number;
  snapLength: number;
  records: PcapRecord[];
}

/** A classic pcap file, either byte order; throws on anything malformed. */
export function readPcap(file: Buffer): Pcap {
  if (file.length < 24) throw new Error('pcap: shorter than its header');
  const magic = file.readUInt32LE(0);
  const littleEndian = magic === 0xa1b2c3d4 ? true : magic === 0xd4c3b2a1 ? false : null;
  if (littleEndian === null) throw new Error(`pcap: bad magic ${magic.toString(16)}`);
  const u32 = (at: number) => (littleEndian ? file.readUInt32LE(at) : file.readUInt32BE(at));
  const u16 = (at: number) => (littleEndian ? file.readUInt16LE(at) : file.readUInt16BE(at));
  if (u16(4) !== 2 || u16(6) !== 4) throw new Error('pcap: not version 2.4');
  const snapLength = u32(16);
  const records: PcapRecord[] = [];
  let at = 24;
  while (at < file.length) {
    if (at + 16 > file.length) throw new Error('pcap: truncated record header');
    const included = u32(at + 8);
    const original = u32(at + 12);
    if (included > snapLength || included !== original) throw new Error(`pcap: record at ${at} is cut`);
    if (at + 16 + included > file.length) throw new Error('pcap: truncated record');
    records.push({ seconds: u32(at), microseconds: u32(at + 4), data: file.subarray(at + 16, at + 16 + included) });
    at += 16 + included;
  }
  return { linkType: u32(20), snapLength, records };
}

export interface Radiotap {
  length: number;
  flags?: number;
  rate?: number;
  channelMhz?: number;
  channelFlags?: number;
  signalDbm?: number;
}

// [alignment, size] of the radiotap fields 0–5 (radiotap.org/fields/defined).
const RADIOTAP_FIELDS: [number, number][] = [
  [8, 8], // TSFT
  [1, 1], // Flags
  [1, 1], // Rate
  [2, 4], // Channel
  [2, 2], // FHSS
  [1, 1], // Antenna signal (dBm)
];

/** The radiotap header at the start of a frame; only fields 0–5 are understood. */
export function readRadiotap(frame: Buffer): Radiotap {
  if (frame[0] !== 0) throw new Error('radiotap: version is not 0');
  const length = frame.readUInt16LE(2);
  const present = frame.readUInt32LE(4);
  if (present >>> RADIOTAP_FIELDS.length !== 0)
    throw new Error(`radiotap: fields ${present.toString(2)} not understood`);
  const result: Radiotap = { length };
  let at = 8;
  RADIOTAP_FIELDS.forEach(([align, size], bit) => {
    if (!(present & (1 << bit))) return;
    at = Math.ceil(at / align) * align;
    if (at + size > length) throw new Error('radiotap: field past the header');
    if (bit === 1) result.flags = frame[at];
    if (bit === 2) result.rate = frame[at];
    if (bit === 3) [result.channelMhz, result.channelFlags] = [frame.readUInt16LE(at), frame.readUInt16LE(at + 2)];
    if (bit === 5) result.signalDbm = frame.readInt8(at);
    at += size;
  });
  return result;
}

export interface Dot11Frame {
  type: number;
  subtype: number;
  toDs: boolean;
  fromDs: boolean;
  protected: boolean;
  addr1: string;
  addr2: string;
  addr3: string;
  sequence: number;
  body: Buffer;
}

const mac = (bytes: Buffer) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(':');

/** An 802.11 frame without FCS (no QoS, no 4th address: what the lab capture holds). */
export function readDot11(frame: Buffer): Dot11Frame {
  if (frame.length < 24) throw new Error('802.11: shorter than a MAC header');
  const fc = frame[0]!;
  const flags = frame[1]!;
  if ((fc & 0x03) !== 0) throw new Error('802.11: protocol version is not 0');
  const toDs = (flags & 0x01) !== 0;
  const fromDs = (flags & 0x02) !== 0;
  if (toDs && fromDs) throw new Error('802.11: WDS frames are not expected');
  return {
    type: (fc >> 2) & 0x03,
    subtype: fc >> 4,
    toDs,
    fromDs,
    protected: (flags & 0x40) !== 0,
    addr1: mac(frame.subarray(4, 10)),
    addr2: mac(frame.subarray(10, 16)),
    addr3: mac(frame.subarray(16, 22)),
    sequence: frame.readUInt16LE(22) >> 4,
    body: frame.subarray(24),
  };
}

/** Information elements as [id, body] pairs; throws if one runs past the end. */
export function readElements(bytes: Buffer): [number, Buffer][] {
  const elements: [number, Buffer][] = [];
  for (let at = 0; at < bytes.length;) {
    if (at + 2 > bytes.length) throw new Error('element: truncated header');
    const length = bytes[at + 1]!;
    if (at + 2 + length > bytes.length) throw new Error(`element ${bytes[at]}: runs past the end`);
    elements.push([bytes[at]!, bytes.subarray(at + 2, at + 2 + length)]);
    at += 2 + length;
  }
  return elements;
}

export interface EapolKey {
  /** The whole EAPOL frame, as the MIC covers it. */
  raw: Buffer;
  protocolVersion: number;
  descriptorType: number;
  keyInfo: number;
  keyLength: number;
  replayCounter: bigint;
  nonce: Buffer;
  keyIv: Buffer;
  keyRsc: Buffer;
  mic: Buffer;
  keyData: Buffer;
}

/** The EAPOL-Key frame in a data frame's body (LLC/SNAP with EtherType 0x888e), or null. */
export function readEapolKey(body: Buffer): EapolKey | null {
  const snap = Buffer.from([0xaa, 0xaa, 0x03, 0x00, 0x00, 0x00, 0x88, 0x8e]);
  if (!body.subarray(0, 8).equals(snap)) return null;
  const raw = body.subarray(8);
  if (raw[1] !== 3) return null; // not EAPOL-Key
  const bodyLength = raw.readUInt16BE(2);
  if (4 + bodyLength !== raw.length) throw new Error('EAPOL: length field disagrees with the frame');
  const keyDataLength = raw.readUInt16BE(97);
  if (99 + keyDataLength !== raw.length) throw new Error('EAPOL-Key: key data length disagrees with the frame');
  return {
    raw,
    protocolVersion: raw[0]!,
    descriptorType: raw[4]!,
    keyInfo: raw.readUInt16BE(5),
    keyLength: raw.readUInt16BE(7),
    replayCounter: raw.readBigUInt64BE(9),
    nonce: raw.subarray(17, 49),
    keyIv: raw.subarray(49, 65),
    keyRsc: raw.subarray(65, 73),
    mic: raw.subarray(81, 97),
    keyData: raw.subarray(99),
  };
}

// ---- The WPA2-PSK checks, written from IEEE 802.11-2020 §12.7 ----

export function pmkFrom(passphrase: string, ssid: string): Buffer {
  return pbkdf2Sync(passphrase, ssid, 4096, 32, 'sha1');
}

/** PRF-n of §12.7.1.2: HMAC-SHA1 blocks over label, a zero byte, data and a counter. */
export function prf(key: Buffer, label: string, data: Buffer, bytes: number): Buffer {
  let out = Buffer.alloc(0);
  for (let counter = 0; out.length < bytes; counter++) {
    const block = createHmac('sha1', key)
      .update(label)
      .update(Buffer.of(0))
      .update(data)
      .update(Buffer.of(counter))
      .digest();
    out = Buffer.concat([out, block]);
  }
  return out.subarray(0, bytes);
}

export function ptkFrom(pmk: Buffer, aa: Buffer, spa: Buffer, aNonce: Buffer, sNonce: Buffer) {
  const sorted = (a: Buffer, b: Buffer) => (Buffer.compare(a, b) < 0 ? [a, b] : [b, a]);
  const ptk = prf(pmk, 'Pairwise key expansion', Buffer.concat([...sorted(aa, spa), ...sorted(aNonce, sNonce)]), 64);
  return { kck: ptk.subarray(0, 16), kek: ptk.subarray(16, 32), tk: ptk.subarray(32, 48) };
}

export function pmkidFrom(pmk: Buffer, aa: Buffer, spa: Buffer): Buffer {
  return createHmac('sha1', pmk).update('PMK Name').update(aa).update(spa).digest().subarray(0, 16);
}

/** Whether the MIC of an EAPOL-Key frame (descriptor version 2) verifies under this KCK. */
export function micVerifies(key: EapolKey, kck: Buffer): boolean {
  const zeroed = Buffer.from(key.raw);
  zeroed.fill(0, 81, 97);
  return createHmac('sha1', kck).update(zeroed).digest().subarray(0, 16).equals(key.mic);
}

/**
 * AES key unwrap (RFC 3394 §2.2.2, the index-based form) with AES-128 block by block;
 * null when the integrity check value is not A6A6A6A6A6A6A6A6 (wrong key or bytes).
 */
export function aesKeyUnwrap(kek: Buffer, wrapped: Buffer): Buffer | null {
  if (wrapped.length < 24 || wrapped.length % 8 !== 0) throw new Error('key unwrap: bad length');
  const n = wrapped.length / 8 - 1;
  let a = Buffer.from(wrapped.subarray(0, 8));
  const r = Array.from({ length: n }, (_, i) => Buffer.from(wrapped.subarray(8 * (i + 1), 8 * (i + 2))));
  for (let j = 5; j >= 0; j--) {
    for (let i = n; i >= 1; i--) {
      const t = BigInt(n * j + i);
      const aXorT = Buffer.from(a);
      aXorT.writeBigUInt64BE(a.readBigUInt64BE(0) ^ t);
      const decipher = createDecipheriv('aes-128-ecb', kek, null).setAutoPadding(false);
      const b = Buffer.concat([decipher.update(Buffer.concat([aXorT, r[i - 1]!])), decipher.final()]);
      a = b.subarray(0, 8);
      r[i - 1] = b.subarray(8, 16);
    }
  }
  return a.equals(Buffer.alloc(8, 0xa6)) ? Buffer.concat(r) : null;
}
