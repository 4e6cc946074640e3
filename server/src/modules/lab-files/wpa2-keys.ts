import { createCipheriv, createHmac, pbkdf2Sync } from 'node:crypto';

// WPA2-Personal key hierarchy (IEEE 802.11-2020 §12.7.1), as far as a capture of a
// 4-way handshake needs it: the PMK from the passphrase, the PTK from both nonces, the
// PMKID an AP puts in message 1, the MIC of each EAPOL-Key frame and the AES key wrap
// of the group key in message 3.

/** PMK = PBKDF2-HMAC-SHA1(passphrase, SSID, 4096 iterations, 32 bytes). */
export function pairwiseMasterKey(passphrase: string, ssid: string): Buffer {
  return pbkdf2Sync(Buffer.from(passphrase, 'utf8'), Buffer.from(ssid, 'utf8'), 4096, 32, 'sha1');
}

/** The 802.11 PRF: HMAC-SHA1(K, label | 0x00 | data | i) for i = 0, 1, … cut to `length` bytes. */
export function prf(key: Buffer, label: string, data: Buffer, length: number): Buffer {
  const blocks: Buffer[] = [];
  for (let i = 0; blocks.length * 20 < length; i++) {
    blocks.push(
      createHmac('sha1', key)
        .update(Buffer.concat([Buffer.from(label, 'ascii'), Buffer.from([0]), data, Buffer.from([i])]))
        .digest(),
    );
  }
  return Buffer.concat(blocks).subarray(0, length);
}

export interface PairwiseTransientKey {
  /** Key confirmation key: the MIC of EAPOL-Key frames. */
  kck: Buffer;
  /** Key encryption key: wraps the key data of message 3. */
  kek: Buffer;
  /** Temporal key: CCMP for the data frames that would follow. */
  tk: Buffer;
}

/** PTK = PRF-512(PMK, "Pairwise key expansion", min(AA,SPA) | max(AA,SPA) | min(ANonce,SNonce) | max(…)) for CCMP. */
export function pairwiseTransientKey(
  pmk: Buffer,
  authenticator: Buffer,
  supplicant: Buffer,
  aNonce: Buffer,
  sNonce: Buffer,
): PairwiseTransientKey {
  const data = Buffer.concat([...ordered(authenticator, supplicant), ...ordered(aNonce, sNonce)]);
  // CCMP needs only 48 bytes (PRF-384 in today's standard); PRF-512, as 802.11i wrote it
  // and tools still compute it, starts with the same 48.
  const ptk = prf(pmk, 'Pairwise key expansion', data, 64);
  return { kck: ptk.subarray(0, 16), kek: ptk.subarray(16, 32), tk: ptk.subarray(32, 48) };
}

function ordered(a: Buffer, b: Buffer): [Buffer, Buffer] {
  return Buffer.compare(a, b) <= 0 ? [a, b] : [b, a];
}

/** PMKID = HMAC-SHA1-128(PMK, "PMK Name" | AA | SPA). */
export function pmkid(pmk: Buffer, authenticator: Buffer, supplicant: Buffer): Buffer {
  return createHmac('sha1', pmk)
    .update(Buffer.concat([Buffer.from('PMK Name', 'ascii'), authenticator, supplicant]))
    .digest()
    .subarray(0, 16);
}

/** The MIC of key descriptor version 2: HMAC-SHA1-128(KCK, the EAPOL frame with its MIC field zeroed). */
export function eapolMic(kck: Buffer, eapolFrameWithZeroMic: Buffer): Buffer {
  return createHmac('sha1', kck).update(eapolFrameWithZeroMic).digest().subarray(0, 16);
}

const KEY_WRAP_IV = Buffer.alloc(8, 0xa6);

/** AES key wrap (RFC 3394) with a 128-bit KEK; the input is a multiple of 8 bytes, at least 16. */
export function aesKeyWrap(kek: Buffer, plaintext: Buffer): Buffer {
  if (plaintext.length < 16 || plaintext.length % 8 !== 0) {
    throw new Error(`AES key wrap needs a multiple of 8 bytes, at least 16; got ${plaintext.length}`);
  }
  const cipher = createCipheriv('id-aes128-wrap', kek, KEY_WRAP_IV);
  return Buffer.concat([cipher.update(plaintext), cipher.final()]);
}
