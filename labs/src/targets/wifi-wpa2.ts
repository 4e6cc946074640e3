// WPA2-Personal, as far as a lab needs it: the key hierarchy (PMK from the passphrase,
// PTK from the PRF, the EAPOL-Key MIC), the frames of a client joining a network and its
// 4-way handshake, a classic pcap file of them, and the hashcat 22000 line of the M1+M2
// pair. Written for the labs from IEEE 802.11-2020 §12.7 and §9; everything is computed
// locally with node:crypto.
import { createCipheriv, createHmac, pbkdf2Sync } from 'node:crypto';
import { download, type LabResponse } from '../host/lab-kit';
import { macBytes } from './wifi-common';

// ---------------------------------------------------------------- key hierarchy

/** PMK = PBKDF2-HMAC-SHA1(passphrase, SSID, 4096 iterations, 256 bits). */
export function wpa2Pmk(passphrase: string, ssid: string): Buffer {
  return pbkdf2Sync(Buffer.from(passphrase, 'utf8'), Buffer.from(ssid, 'utf8'), 4096, 32, 'sha1');
}

/** The 802.11 PRF: HMAC-SHA1(key, label ‖ 0x00 ‖ data ‖ counter), counter 0, 1, …, cut to `bytes`. */
export function wpa2Prf(key: Buffer, label: string, data: Buffer, bytes: number): Buffer {
  const out: Buffer[] = [];
  for (let counter = 0; out.length * 20 < bytes; counter++) {
    const input = Buffer.concat([Buffer.from(label, 'ascii'), Buffer.of(0), data, Buffer.of(counter)]);
    out.push(createHmac('sha1', key).update(input).digest());
  }
  return Buffer.concat(out).subarray(0, bytes);
}

export interface Ptk {
  /** Key confirmation key: signs EAPOL-Key frames (the MIC). */
  kck: Buffer;
  /** Key encryption key: wraps the group key in message 3. */
  kek: Buffer;
  /** Temporal key for CCMP. */
  tk: Buffer;
}

/** PTK = PRF-512(PMK, "Pairwise key expansion", min(AA,SPA) ‖ max(AA,SPA) ‖ min(ANonce,SNonce) ‖ max(ANonce,SNonce)). */
export function wpa2Ptk(pmk: Buffer, ap: Buffer, client: Buffer, aNonce: Buffer, sNonce: Buffer): Ptk {
  const [mac1, mac2] = Buffer.compare(ap, client) < 0 ? [ap, client] : [client, ap];
  const [nonce1, nonce2] = Buffer.compare(aNonce, sNonce) < 0 ? [aNonce, sNonce] : [sNonce, aNonce];
  const ptk = wpa2Prf(pmk, 'Pairwise key expansion', Buffer.concat([mac1, mac2, nonce1, nonce2]), 64);
  return { kck: ptk.subarray(0, 16), kek: ptk.subarray(16, 32), tk: ptk.subarray(32, 48) };
}

/** Where the 16-byte MIC sits in an EAPOL-Key frame, counted from its 802.1X header. */
export const EAPOL_MIC_OFFSET = 81;

/** The frame with its MIC field set to zeros: what the MIC is computed over. */
export function zeroMic(eapol: Buffer): Buffer {
  const copy = Buffer.from(eapol);
  copy.fill(0, EAPOL_MIC_OFFSET, EAPOL_MIC_OFFSET + 16);
  return copy;
}

/** The MIC field of an EAPOL-Key frame. */
export function micOf(eapol: Buffer): Buffer {
  return Buffer.from(eapol.subarray(EAPOL_MIC_OFFSET, EAPOL_MIC_OFFSET + 16));
}

/** Key descriptor version 2: MIC = HMAC-SHA1(KCK, frame with a zero MIC), first 128 bits. */
export function eapolMic(kck: Buffer, eapol: Buffer): Buffer {
  return createHmac('sha1', kck).update(zeroMic(eapol)).digest().subarray(0, 16);
}

export interface CapturedPair {
  ssid: string;
  ap: Buffer;
  client: Buffer;
  aNonce: Buffer;
  sNonce: Buffer;
  /** Message 2 as captured (802.1X header onwards), MIC included. */
  eapolM2: Buffer;
}

/** What an auditor's tool does per candidate: PMK, PTK, MIC of message 2, compared with the captured one. */
export function passphraseMatches(pair: CapturedPair, passphrase: string): boolean {
  const length = Buffer.byteLength(passphrase, 'utf8');
  if (length < 8 || length > 63) return false;
  const ptk = wpa2Ptk(wpa2Pmk(passphrase, pair.ssid), pair.ap, pair.client, pair.aNonce, pair.sNonce);
  return eapolMic(ptk.kck, pair.eapolM2).equals(micOf(pair.eapolM2));
}

// ---------------------------------------------------------------- frames

const u16le = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u16be = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const u64 = (n: bigint, littleEndian: boolean) => {
  const b = Buffer.alloc(8);
  if (littleEndian) b.writeBigUInt64LE(n);
  else b.writeBigUInt64BE(n);
  return b;
};

/** An information element: id, length, body. */
function ie(id: number, body: Buffer): Buffer {
  return Buffer.concat([Buffer.of(id, body.length), body]);
}

/** RSN element: version 1, CCMP group and pairwise cipher, PSK key management, no capabilities. */
export function rsnElement(): Buffer {
  const suite = (type: number) => Buffer.of(0x00, 0x0f, 0xac, type);
  return ie(48, Buffer.concat([u16le(1), suite(4), u16le(1), suite(4), u16le(1), suite(2), u16le(0)]));
}

/** Key Information bits (IEEE 802.11-2020 Figure 12-33) for descriptor version 2 (HMAC-SHA1 MIC, AES key wrap). */
export const KEY_INFO = {
  v2: 0x0002,
  pairwise: 0x0008,
  install: 0x0040,
  ack: 0x0080,
  mic: 0x0100,
  secure: 0x0200,
  encrypted: 0x1000,
} as const;

/** An EAPOL-Key frame (802.1X header + RSN key descriptor) with a zero MIC. */
export function eapolKey(fields: {
  version: number;
  keyInfo: number;
  keyLength: number;
  replay: bigint;
  nonce: Buffer;
  keyData: Buffer;
}): Buffer {
  const body = Buffer.concat([
    Buffer.of(2), // descriptor type: RSN
    u16be(fields.keyInfo),
    u16be(fields.keyLength),
    u64(fields.replay, false),
    fields.nonce,
    Buffer.alloc(16), // key IV
    Buffer.alloc(8), // key RSC
    Buffer.alloc(8), // reserved
    Buffer.alloc(16), // MIC, filled in afterwards
    u16be(fields.keyData.length),
    fields.keyData,
  ]);
  return Buffer.concat([Buffer.of(fields.version, 3), u16be(body.length), body]);
}

function signed(kck: Buffer, eapol: Buffer): Buffer {
  const copy = Buffer.from(eapol);
  eapolMic(kck, eapol).copy(copy, EAPOL_MIC_OFFSET);
  return copy;
}

/** AES key wrap (RFC 3394) of the key data, padded as 802.11 asks (0xdd then zeros, to a multiple of 8, at least 16). */
function wrapKeyData(kek: Buffer, keyData: Buffer): Buffer {
  const length = Math.max(16, Math.ceil(keyData.length / 8) * 8);
  const padded = Buffer.alloc(length);
  keyData.copy(padded);
  if (length > keyData.length) padded[keyData.length] = 0xdd;
  const cipher = createCipheriv('id-aes128-wrap', kek, Buffer.alloc(8, 0xa6));
  return Buffer.concat([cipher.update(padded), cipher.final()]);
}

function header(fc0: number, fc1: number, a1: Buffer, a2: Buffer, a3: Buffer, seq: number): Buffer {
  return Buffer.concat([Buffer.of(fc0, fc1), u16le(fc0 === 0x80 ? 0 : 314), a1, a2, a3, u16le((seq & 0xfff) << 4)]);
}

/** A radiotap header: flags, rate (1 Mb/s), channel (2.4 GHz), antenna signal in dBm. */
function radiotap(frequencyMhz: number, signalDbm: number): Buffer {
  const b = Buffer.alloc(15);
  b.writeUInt16LE(15, 2);
  b.writeUInt32LE((1 << 1) | (1 << 2) | (1 << 3) | (1 << 5), 4);
  b.writeUInt8(2, 9); // 2 × 500 kb/s
  b.writeUInt16LE(frequencyMhz, 10);
  b.writeUInt16LE(0x0080 | 0x0020, 12); // 2 GHz, CCK
  b.writeInt8(signalDbm, 14);
  return b;
}

export interface Handshake {
  ssid: string;
  ap: string;
  client: string;
  channel: number;
  aNonce: Buffer;
  sNonce: Buffer;
  /** The four EAPOL-Key messages as sent (802.1X header onwards), MICs included. */
  messages: [Buffer, Buffer, Buffer, Buffer];
  /** Every frame of the capture with its radiotap header, and its time in µs since the epoch. */
  frames: { timeUs: number; bytes: Buffer }[];
}

/**
 * A client joining a WPA2-PSK network: beacon, open authentication, association and the
 * 4-way handshake (GTK wrapped in message 3). Deterministic: the same inputs give the same bytes.
 */
export function buildHandshake(input: {
  ssid: string;
  passphrase: string;
  ap: string;
  client: string;
  channel: number;
  aNonce: Buffer;
  sNonce: Buffer;
  gtk: Buffer;
  startUs: number;
}): Handshake {
  const ap = macBytes(input.ap);
  const client = macBytes(input.client);
  const pmk = wpa2Pmk(input.passphrase, input.ssid);
  const ptk = wpa2Ptk(pmk, ap, client, input.aNonce, input.sNonce);
  const rsn = rsnElement();
  const frequencyMhz = 2407 + 5 * input.channel;
  const frames: Handshake['frames'] = [];
  let apSeq = 402;
  let clientSeq = 17;
  const push = (offsetUs: number, fromAp: boolean, frame: Buffer) => {
    frames.push({
      timeUs: input.startUs + offsetUs,
      bytes: Buffer.concat([radiotap(frequencyMhz, fromAp ? -44 : -58), frame]),
    });
    if (fromAp) apSeq++;
    else clientSeq++;
  };

  const ssidIe = ie(0, Buffer.from(input.ssid, 'utf8'));
  const rates = ie(1, Buffer.of(0x82, 0x84, 0x8b, 0x96, 0x0c, 0x12, 0x18, 0x24));
  const capability = u16le(0x0001 | 0x0010 | 0x0020 | 0x0400); // ESS, privacy, short preamble, short slot
  const beaconBody = Buffer.concat([
    u64(9_000_000_000n, true),
    u16le(100),
    capability,
    ssidIe,
    rates,
    ie(3, Buffer.of(input.channel)),
    ie(5, Buffer.of(0, 1, 0, 0)),
    rsn,
  ]);
  const broadcast = Buffer.alloc(6, 0xff);
  push(0, true, Buffer.concat([header(0x80, 0, broadcast, ap, ap, apSeq), beaconBody]));
  const auth = (seq: number) => Buffer.concat([u16le(0), u16le(seq), u16le(0)]);
  push(30_114, false, Buffer.concat([header(0xb0, 0, ap, client, ap, clientSeq), auth(1)]));
  push(30_602, true, Buffer.concat([header(0xb0, 0, client, ap, ap, apSeq), auth(2)]));
  push(
    31_250,
    false,
    Buffer.concat([header(0x00, 0, ap, client, ap, clientSeq), capability, u16le(10), ssidIe, rates, rsn]),
  );
  push(
    31_907,
    true,
    Buffer.concat([header(0x10, 0, client, ap, ap, apSeq), capability, u16le(0), u16le(0xc001), rates]),
  );

  const base = KEY_INFO.v2 | KEY_INFO.pairwise;
  const m1 = eapolKey({
    version: 2,
    keyInfo: base | KEY_INFO.ack,
    keyLength: 16,
    replay: 1n,
    nonce: input.aNonce,
    keyData: Buffer.alloc(0),
  });
  const m2 = signed(
    ptk.kck,
    eapolKey({ version: 1, keyInfo: base | KEY_INFO.mic, keyLength: 0, replay: 1n, nonce: input.sNonce, keyData: rsn }),
  );
  const gtkKde = ie(0xdd, Buffer.concat([Buffer.of(0x00, 0x0f, 0xac, 1), Buffer.of(1, 0), input.gtk]));
  const m3 = signed(
    ptk.kck,
    eapolKey({
      version: 2,
      keyInfo: base | KEY_INFO.install | KEY_INFO.ack | KEY_INFO.mic | KEY_INFO.secure | KEY_INFO.encrypted,
      keyLength: 16,
      replay: 2n,
      nonce: input.aNonce,
      keyData: wrapKeyData(ptk.kek, Buffer.concat([rsn, gtkKde])),
    }),
  );
  const m4 = signed(
    ptk.kck,
    eapolKey({
      version: 1,
      keyInfo: base | KEY_INFO.mic | KEY_INFO.secure,
      keyLength: 0,
      replay: 2n,
      nonce: Buffer.alloc(32),
      keyData: Buffer.alloc(0),
    }),
  );
  // Data frames carrying EAPOL: From DS (AP → client) or To DS (client → AP), LLC/SNAP 0x888e.
  const snap = Buffer.of(0xaa, 0xaa, 0x03, 0, 0, 0, 0x88, 0x8e);
  const fromAp = (eapol: Buffer) => Buffer.concat([header(0x08, 0x02, client, ap, ap, apSeq), snap, eapol]);
  const toAp = (eapol: Buffer) => Buffer.concat([header(0x08, 0x01, ap, client, ap, clientSeq), snap, eapol]);
  push(38_020, true, fromAp(m1));
  push(41_377, false, toAp(m2));
  push(44_915, true, fromAp(m3));
  push(47_480, false, toAp(m4));

  return {
    ssid: input.ssid,
    ap: input.ap,
    client: input.client,
    channel: input.channel,
    aNonce: input.aNonce,
    sNonce: input.sNonce,
    messages: [m1, m2, m3, m4],
    frames,
  };
}

/** A classic little-endian libpcap file, link type 127 (radiotap + 802.11), as aircrack-ng and hcxpcapngtool read. */
export function pcapFile(frames: readonly { timeUs: number; bytes: Buffer }[]): Buffer {
  const head = Buffer.alloc(24);
  head.writeUInt32LE(0xa1b2c3d4, 0);
  head.writeUInt16LE(2, 4);
  head.writeUInt16LE(4, 6);
  head.writeUInt32LE(65535, 16);
  head.writeUInt32LE(127, 20);
  const records = frames.flatMap(({ timeUs, bytes }) => {
    const record = Buffer.alloc(16);
    record.writeUInt32LE(Math.floor(timeUs / 1_000_000), 0);
    record.writeUInt32LE(timeUs % 1_000_000, 4);
    record.writeUInt32LE(bytes.length, 8);
    record.writeUInt32LE(bytes.length, 12);
    return [record, bytes];
  });
  return Buffer.concat([head, ...records]);
}

/**
 * The hashcat -m 22000 line of the M1+M2 pair (message pair 00): the MIC of message 2, both
 * MACs, the SSID in hex, the ANonce of message 1 and message 2 with its MIC zeroed.
 */
export function hc22000Line(handshake: Handshake): string {
  const m2 = handshake.messages[1];
  return [
    'WPA',
    '02',
    micOf(m2).toString('hex'),
    handshake.ap.replaceAll(':', ''),
    handshake.client.replaceAll(':', ''),
    Buffer.from(handshake.ssid, 'utf8').toString('hex'),
    handshake.aNonce.toString('hex'),
    zeroMic(m2).toString('hex'),
    '00',
  ].join('*');
}

/**
 * A download of bytes. LabResponse.body is typed as text, and a text body goes out as UTF-8
 * (a latin1 string would have every byte above 0x7f doubled), so the bytes are handed to the
 * host as they are: Fastify sends a Buffer body unchanged.
 */
export function binaryDownload(bytes: Buffer, contentType: string, filename: string): LabResponse {
  return download(bytes, contentType, filename);
}
