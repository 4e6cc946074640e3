// Builders for the frames of a monitor-mode capture: a radiotap header (what the adapter
// reports about reception) followed by an 802.11 MAC frame without its FCS. Field layouts
// follow radiotap.org and IEEE 802.11-2020 §9; multi-byte 802.11 fields are little-endian,
// EAPOL (IEEE 802.1X) fields big-endian.

/** A MAC address "aa:bb:cc:dd:ee:ff" as its six bytes. */
export function macAddress(text: string): Buffer {
  if (!/^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/i.test(text)) throw new Error(`Not a MAC address: ${text}`);
  return Buffer.from(text.replaceAll(':', ''), 'hex');
}

export const BROADCAST = macAddress('ff:ff:ff:ff:ff:ff');

export interface Reception {
  /** Centre frequency of the channel in MHz (2437 for channel 6). */
  frequencyMhz: number;
  /** Data rate in units of 500 kb/s (2 = 1 Mb/s). */
  rate: number;
  /** Received signal strength in dBm. */
  signalDbm: number;
}

// Present fields: Flags (bit 1), Rate (bit 2), Channel (bit 3), dBm antenna signal (bit 5).
const RADIOTAP_PRESENT = (1 << 1) | (1 << 2) | (1 << 3) | (1 << 5);
const CHANNEL_2GHZ = 0x0080;
const CHANNEL_CCK = 0x0020;
const CHANNEL_OFDM = 0x0040;
const CCK_RATES = new Set([2, 4, 11, 22]);

/** A radiotap header (version 0) for a frame received without its FCS. */
export function radiotapHeader({ frequencyMhz, rate, signalDbm }: Reception): Buffer {
  const header = Buffer.alloc(15);
  header.writeUInt8(0, 0); // version
  header.writeUInt8(0, 1); // pad
  header.writeUInt16LE(header.length, 2);
  header.writeUInt32LE(RADIOTAP_PRESENT, 4);
  header.writeUInt8(0, 8); // flags: no FCS at the end, long preamble
  header.writeUInt8(rate, 9);
  // The channel field is aligned to 2 bytes: offset 10 already is.
  header.writeUInt16LE(frequencyMhz, 10);
  header.writeUInt16LE(CHANNEL_2GHZ | (CCK_RATES.has(rate) ? CHANNEL_CCK : CHANNEL_OFDM), 12);
  header.writeInt8(signalDbm, 14);
  return header;
}

/** One information element: id, length, body. */
export function element(id: number, body: Buffer): Buffer {
  if (body.length > 255) throw new Error(`Element ${id} is ${body.length} bytes, more than 255`);
  return Buffer.concat([Buffer.from([id, body.length]), body]);
}

export const ELEMENT = {
  ssid: 0,
  supportedRates: 1,
  dsParameterSet: 3,
  tim: 5,
  erp: 42,
  rsn: 48,
  extendedSupportedRates: 50,
  vendorSpecific: 221,
} as const;

/** The IEEE 802.11 OUI that RSN cipher suites, AKMs and KDEs are named under. */
export const IEEE80211_OUI = Buffer.from([0x00, 0x0f, 0xac]);
const CIPHER_CCMP = 4;
const AKM_PSK = 2;

/** An RSN element for WPA2-Personal: CCMP group and pairwise cipher, PSK key management. */
export function rsnElementWpa2PskCcmp(): Buffer {
  const body = Buffer.concat([
    u16le(1), // version
    IEEE80211_OUI,
    Buffer.from([CIPHER_CCMP]), // group data cipher
    u16le(1),
    IEEE80211_OUI,
    Buffer.from([CIPHER_CCMP]), // pairwise ciphers
    u16le(1),
    IEEE80211_OUI,
    Buffer.from([AKM_PSK]), // key management
    u16le(0), // capabilities: no pre-authentication, no management frame protection
  ]);
  return element(ELEMENT.rsn, body);
}

export const CAPABILITY = { ess: 0x0001, privacy: 0x0010, shortPreamble: 0x0020, shortSlotTime: 0x0400 } as const;

export const MANAGEMENT = {
  associationRequest: 0,
  associationResponse: 1,
  probeRequest: 4,
  probeResponse: 5,
  beacon: 8,
  authentication: 11,
} as const;

export interface Addresses {
  /** Receiver. */
  addr1: Buffer;
  /** Transmitter. */
  addr2: Buffer;
  /** BSSID for management frames; for data frames the far end (see dataFrame). */
  addr3: Buffer;
}

/** A management frame (type 0) with the given subtype and body. */
export function managementFrame(
  subtype: number,
  { addr1, addr2, addr3 }: Addresses,
  sequence: number,
  body: Buffer,
  durationUs = 0,
): Buffer {
  return Buffer.concat([macHeader(subtype << 4, 0, durationUs, addr1, addr2, addr3, sequence), body]);
}

export type Direction = 'to-ap' | 'from-ap';

/**
 * A data frame (type 2, subtype 0) inside an infrastructure network: to the AP the
 * addresses are BSSID, source, destination (To DS); from it destination, BSSID, source
 * (From DS). The body starts with the LLC/SNAP header naming the EtherType.
 */
export function dataFrame(
  direction: Direction,
  { bssid, station }: { bssid: Buffer; station: Buffer },
  sequence: number,
  etherType: number,
  payload: Buffer,
  durationUs = 0,
): Buffer {
  const [flags, addr1, addr2, addr3] =
    direction === 'to-ap' ? [0x01, bssid, station, bssid] : [0x02, station, bssid, bssid];
  const snap = Buffer.from([0xaa, 0xaa, 0x03, 0x00, 0x00, 0x00, etherType >> 8, etherType & 0xff]);
  return Buffer.concat([macHeader(2 << 2, flags, durationUs, addr1, addr2, addr3, sequence), snap, payload]);
}

function macHeader(
  frameControl: number,
  flags: number,
  durationUs: number,
  addr1: Buffer,
  addr2: Buffer,
  addr3: Buffer,
  sequence: number,
): Buffer {
  if (!Number.isInteger(sequence) || sequence < 0 || sequence > 0xfff) throw new Error(`Bad sequence ${sequence}`);
  return Buffer.concat([
    Buffer.from([frameControl, flags]),
    u16le(durationUs),
    addr1,
    addr2,
    addr3,
    u16le(sequence << 4), // fragment 0
  ]);
}

export const ETHERTYPE_EAPOL = 0x888e;

/** Key Information bits of an EAPOL-Key frame (IEEE 802.11-2020 Figure 12-33). */
export const KEY_INFO = {
  /** Key descriptor version 2: HMAC-SHA1-128 MIC, AES key wrap of the key data. */
  versionHmacSha1Aes: 2,
  pairwise: 1 << 3,
  install: 1 << 6,
  ack: 1 << 7,
  mic: 1 << 8,
  secure: 1 << 9,
  error: 1 << 10,
  request: 1 << 11,
  encryptedKeyData: 1 << 12,
} as const;

const EAPOL_KEY = 3;
const DESCRIPTOR_RSN = 2;
/** Where the MIC sits in an EAPOL-Key frame counted from the EAPOL header. */
export const EAPOL_MIC_OFFSET = 81;

export interface EapolKey {
  /** 1 (802.1X-2001) or 2 (802.1X-2004). */
  protocolVersion: number;
  keyInfo: number;
  keyLength: number;
  replayCounter: bigint;
  nonce: Buffer;
  keyRsc?: Buffer;
  keyData: Buffer;
}

/**
 * An EAPOL-Key frame (802.1X header and RSN key descriptor) with a zero MIC; the MIC
 * covers these very bytes, so it is computed afterwards and written with withMic.
 */
export function eapolKeyFrame({
  protocolVersion,
  keyInfo,
  keyLength,
  replayCounter,
  nonce,
  keyRsc,
  keyData,
}: EapolKey) {
  if (nonce.length !== 32) throw new Error('A key nonce is 32 bytes');
  const descriptor = Buffer.concat([
    Buffer.from([DESCRIPTOR_RSN]),
    u16be(keyInfo),
    u16be(keyLength),
    u64be(replayCounter),
    nonce,
    Buffer.alloc(16), // key IV: unused with descriptor version 2
    keyRsc ?? Buffer.alloc(8),
    Buffer.alloc(8), // reserved
    Buffer.alloc(16), // MIC
    u16be(keyData.length),
    keyData,
  ]);
  return Buffer.concat([Buffer.from([protocolVersion, EAPOL_KEY]), u16be(descriptor.length), descriptor]);
}

/** A copy of an EAPOL-Key frame with its MIC field set. */
export function withMic(eapolFrame: Buffer, mic: Buffer): Buffer {
  const copy = Buffer.from(eapolFrame);
  mic.copy(copy, EAPOL_MIC_OFFSET, 0, 16);
  return copy;
}

/** A key data encapsulation (KDE): vendor-specific element under the 802.11 OUI. */
export function kde(type: number, data: Buffer): Buffer {
  return element(ELEMENT.vendorSpecific, Buffer.concat([IEEE80211_OUI, Buffer.from([type]), data]));
}

export const KDE = { gtk: 1, pmkid: 4 } as const;

export function u16le(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
}

function u16be(value: number): Buffer {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16BE(value);
  return bytes;
}

export function u64le(value: bigint): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(value);
  return bytes;
}

function u64be(value: bigint): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(value);
  return bytes;
}
