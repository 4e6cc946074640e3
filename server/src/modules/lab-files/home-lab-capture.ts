import { createHash } from 'node:crypto';
import { LINKTYPE_IEEE802_11_RADIOTAP, pcapFile, type CapturedFrame } from './pcap';
import {
  BROADCAST,
  CAPABILITY,
  ELEMENT,
  ETHERTYPE_EAPOL,
  KDE,
  KEY_INFO,
  MANAGEMENT,
  dataFrame,
  eapolKeyFrame,
  element,
  kde,
  macAddress,
  managementFrame,
  radiotapHeader,
  rsnElementWpa2PskCcmp,
  u16le,
  u64le,
  withMic,
  type Direction,
} from './wifi-frames';
import { aesKeyWrap, eapolMic, pairwiseMasterKey, pairwiseTransientKey, pmkid } from './wpa2-keys';

/** The lab network the capture shows. The passphrase is the answer of the exercise. */
export const HOME_LAB = {
  ssid: 'EHC-HomeLab',
  bssid: '02:00:00:00:0a:01',
  client: '02:00:00:00:0c:01',
  channel: 6,
  frequencyMhz: 2437,
  passphrase: 'monsoon2026',
} as const;

// Values a real AP and client would draw at random, fixed here so every build is the same
// bytes (and so the same ETag on every server). Hashing a label makes them look random.
const fixed = (label: string, length: number) =>
  createHash('sha256').update(`EHC-HomeLab ${label}`).digest().subarray(0, length);
export const HOME_LAB_SECRETS = {
  aNonce: fixed('ANonce', 32),
  sNonce: fixed('SNonce', 32),
  gtk: fixed('GTK', 16),
};

// 10:00 IST on 15 July 2026, mid-monsoon; the frames follow within a fifth of a second.
const START_US = Date.UTC(2026, 6, 15, 4, 30, 0) * 1000;
// The AP's TSF timer (µs since it booted, about 3 h 20 min) at START_US.
const TSF_AT_START = 12_000_000_000n;
const BEACON_INTERVAL_TU = 100;
const GTK_KEY_ID = 1;

const CCK_1_MBPS = 2;
const AP_SIGNAL_DBM = -41;
const CLIENT_SIGNAL_DBM = -57;
// Time on air of the ACK that answers a unicast frame at 1 Mb/s, plus SIFS.
const UNICAST_DURATION_US = 314;

/**
 * A monitor-mode capture (pcap, radiotap + 802.11) of one client joining the lab network:
 * beacon, probe request and response, open authentication, association, and the WPA2
 * 4-way handshake with the PMKID in message 1 and the group key wrapped in message 3.
 * The same bytes on every call.
 */
export function homeLabHandshakeCapture(): Buffer {
  const bssid = macAddress(HOME_LAB.bssid);
  const client = macAddress(HOME_LAB.client);
  const { aNonce, sNonce, gtk } = HOME_LAB_SECRETS;
  const pmk = pairwiseMasterKey(HOME_LAB.passphrase, HOME_LAB.ssid);
  const ptk = pairwiseTransientKey(pmk, bssid, client, aNonce, sNonce);
  const rsn = rsnElementWpa2PskCcmp();

  const frames: CapturedFrame[] = [];
  // Each frame is built with its sender's current sequence number; sending it moves it on.
  let apSequence = 1830;
  let clientSequence = 52;
  const fromAp = (offsetUs: number, frame: Buffer) => {
    apSequence = (apSequence + 1) & 0xfff;
    frames.push(captured(offsetUs, AP_SIGNAL_DBM, frame));
  };
  const fromClient = (offsetUs: number, frame: Buffer) => {
    clientSequence = (clientSequence + 1) & 0xfff;
    frames.push(captured(offsetUs, CLIENT_SIGNAL_DBM, frame));
  };
  const apToClient = { addr1: client, addr2: bssid, addr3: bssid };
  const clientToAp = { addr1: bssid, addr2: client, addr3: bssid };
  const ssid = element(ELEMENT.ssid, Buffer.from(HOME_LAB.ssid, 'utf8'));
  // 1, 2, 5.5 and 11 Mb/s basic, 6 to 54 Mb/s OFDM: a 2.4 GHz b/g/n AP.
  const rates = element(ELEMENT.supportedRates, Buffer.from([0x82, 0x84, 0x8b, 0x96, 0x0c, 0x12, 0x18, 0x24]));
  const extendedRates = element(ELEMENT.extendedSupportedRates, Buffer.from([0x30, 0x48, 0x60, 0x6c]));
  const dsParameters = element(ELEMENT.dsParameterSet, Buffer.from([HOME_LAB.channel]));
  const erp = element(ELEMENT.erp, Buffer.from([0x00]));
  const capabilities = u16le(CAPABILITY.ess | CAPABILITY.privacy | CAPABILITY.shortPreamble | CAPABILITY.shortSlotTime);
  const announcement = (offsetUs: number, extra: Buffer[]) =>
    Buffer.concat([
      u64le(TSF_AT_START + BigInt(offsetUs)),
      u16le(BEACON_INTERVAL_TU),
      capabilities,
      ssid,
      rates,
      dsParameters,
      ...extra,
      erp,
      rsn,
      extendedRates,
    ]);
  // DTIM count 0 of period 1, no traffic buffered.
  const tim = element(ELEMENT.tim, Buffer.from([0x00, 0x01, 0x00, 0x00]));
  const beacon = (offsetUs: number) =>
    managementFrame(
      MANAGEMENT.beacon,
      { addr1: BROADCAST, addr2: bssid, addr3: bssid },
      apSequence,
      announcement(offsetUs, [tim]),
    );

  fromAp(0, beacon(0));
  fromClient(
    21_873,
    managementFrame(
      MANAGEMENT.probeRequest,
      { addr1: BROADCAST, addr2: client, addr3: BROADCAST },
      clientSequence,
      Buffer.concat([ssid, rates, extendedRates]),
    ),
  );
  fromAp(
    22_310,
    managementFrame(MANAGEMENT.probeResponse, apToClient, apSequence, announcement(22_310, []), UNICAST_DURATION_US),
  );
  fromAp(102_400, beacon(102_400));

  // Open System authentication, then association with the client's RSN element.
  const authentication = (sequence: number) => Buffer.concat([u16le(0), u16le(sequence), u16le(0)]);
  fromClient(
    131_042,
    managementFrame(MANAGEMENT.authentication, clientToAp, clientSequence, authentication(1), UNICAST_DURATION_US),
  );
  fromAp(
    131_511,
    managementFrame(MANAGEMENT.authentication, apToClient, apSequence, authentication(2), UNICAST_DURATION_US),
  );
  const listenInterval = u16le(10);
  fromClient(
    132_287,
    managementFrame(
      MANAGEMENT.associationRequest,
      clientToAp,
      clientSequence,
      Buffer.concat([capabilities, listenInterval, ssid, rates, extendedRates, rsn]),
      UNICAST_DURATION_US,
    ),
  );
  const associationId = 0xc000 | 1;
  fromAp(
    133_020,
    managementFrame(
      MANAGEMENT.associationResponse,
      apToClient,
      apSequence,
      Buffer.concat([capabilities, u16le(0), u16le(associationId), rates, extendedRates]),
      UNICAST_DURATION_US,
    ),
  );

  // The 4-way handshake. The AP (hostapd's habit) speaks 802.1X-2004, the client
  // (wpa_supplicant's default) 802.1X-2001; the MIC covers that byte too.
  const eapol = (direction: Direction, sequence: number, frame: Buffer) =>
    dataFrame(direction, { bssid, station: client }, sequence, ETHERTYPE_EAPOL, frame, UNICAST_DURATION_US);
  const signed = (frame: Buffer) => withMic(frame, eapolMic(ptk.kck, frame));
  const base = KEY_INFO.versionHmacSha1Aes | KEY_INFO.pairwise;
  const CCMP_KEY_LENGTH = 16;

  const message1 = eapolKeyFrame({
    protocolVersion: 2,
    keyInfo: base | KEY_INFO.ack,
    keyLength: CCMP_KEY_LENGTH,
    replayCounter: 1n,
    nonce: aNonce,
    keyData: kde(KDE.pmkid, pmkid(pmk, bssid, client)),
  });
  fromAp(140_118, eapol('from-ap', apSequence, message1));

  const message2 = eapolKeyFrame({
    protocolVersion: 1,
    keyInfo: base | KEY_INFO.mic,
    keyLength: 0,
    replayCounter: 1n,
    nonce: sNonce,
    keyData: rsn,
  });
  fromClient(143_604, eapol('to-ap', clientSequence, signed(message2)));

  const gtkKde = kde(KDE.gtk, Buffer.concat([Buffer.from([GTK_KEY_ID, 0x00]), gtk]));
  const message3 = eapolKeyFrame({
    protocolVersion: 2,
    keyInfo: base | KEY_INFO.install | KEY_INFO.ack | KEY_INFO.mic | KEY_INFO.secure | KEY_INFO.encryptedKeyData,
    keyLength: CCMP_KEY_LENGTH,
    replayCounter: 2n,
    nonce: aNonce,
    keyData: aesKeyWrap(ptk.kek, padForKeyWrap(Buffer.concat([rsn, gtkKde]))),
  });
  fromAp(146_377, eapol('from-ap', apSequence, signed(message3)));

  const message4 = eapolKeyFrame({
    protocolVersion: 1,
    keyInfo: base | KEY_INFO.mic | KEY_INFO.secure,
    keyLength: 0,
    replayCounter: 2n,
    nonce: Buffer.alloc(32),
    keyData: Buffer.alloc(0),
  });
  fromClient(149_052, eapol('to-ap', clientSequence, signed(message4)));

  return pcapFile(LINKTYPE_IEEE802_11_RADIOTAP, frames);
}

function captured(offsetUs: number, signalDbm: number, frame: Buffer): CapturedFrame {
  const reception = { frequencyMhz: HOME_LAB.frequencyMhz, rate: CCK_1_MBPS, signalDbm };
  return { timeUs: START_US + offsetUs, bytes: Buffer.concat([radiotapHeader(reception), frame]) };
}

// Key data shorter than 16 bytes or not a multiple of 8 is padded with 0xdd and then
// zeros (IEEE 802.11-2020 §12.7.2, "Key Data field").
function padForKeyWrap(keyData: Buffer): Buffer {
  const length = Math.max(16, Math.ceil(keyData.length / 8) * 8);
  if (length === keyData.length) return keyData;
  const padding = Buffer.alloc(length - keyData.length);
  padding[0] = 0xdd;
  return Buffer.concat([keyData, padding]);
}
