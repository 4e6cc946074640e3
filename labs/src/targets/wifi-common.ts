// Small helpers shared by the wifi-hacking labs: per-instance values derived from the lab
// host's instance secret (so every start of a lab gets its own passphrase, PIN, nonces and
// MAC addresses, none of them guessable from the token), and hex/MAC formatting.
import { createHash } from 'node:crypto';
import type { LabTools } from '../host/lab-kit';

type Secrets = Pick<LabTools, 'instanceSecret'>;

/** `length` bytes that only this instance has, for `purpose` (SHA-256 in counter mode over the instance secret). */
export function instanceBytes(lab: Secrets, purpose: string, length: number): Buffer {
  const seed = lab.instanceSecret(purpose);
  const blocks: Buffer[] = [];
  for (let i = 0; blocks.length * 32 < length; i++) {
    blocks.push(createHash('sha256').update(`${seed}\0${i}`).digest());
  }
  return Buffer.concat(blocks).subarray(0, length);
}

/** A number in [0, modulo) for this instance and `purpose`. */
export function instanceNumber(lab: Secrets, purpose: string, modulo: number): number {
  return parseInt(lab.instanceSecret(purpose).slice(0, 8), 16) % modulo;
}

/** One item of `list`, chosen by this instance. */
export function instancePick<T>(lab: Secrets, purpose: string, list: readonly T[]): T {
  return list[instanceNumber(lab, purpose, list.length)]!;
}

/** A copy of `list` in an order of this instance's (Fisher–Yates over instance bytes). */
export function instanceShuffle<T>(lab: Secrets, purpose: string, list: readonly T[]): T[] {
  const copy = [...list];
  const random = instanceBytes(lab, purpose, copy.length * 2);
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.readUInt16BE((copy.length - 1 - i) * 2) % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** "aa:bb:cc:dd:ee:ff" from six bytes, lower case (airodump-ng prints upper case: use `.toUpperCase()`). */
export function macText(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/** Six bytes from "aa:bb:cc:dd:ee:ff" (or "aabbccddeeff"). */
export function macBytes(text: string): Buffer {
  const hex = text.replaceAll(':', '').replaceAll('-', '');
  if (!/^[0-9a-f]{12}$/i.test(hex)) throw new Error(`Not a MAC address: ${text}`);
  return Buffer.from(hex, 'hex');
}

/** A MAC address under a vendor OUI ("50:d4:f7"), the last three bytes this instance's. */
export function instanceMac(lab: Secrets, purpose: string, oui: string): string {
  return `${oui.toLowerCase()}:${macText(instanceBytes(lab, purpose, 3))}`;
}

/** A randomised (locally administered, unicast) MAC address, as phones use per network. */
export function instanceRandomMac(lab: Secrets, purpose: string): string {
  const bytes = instanceBytes(lab, purpose, 6);
  bytes[0] = (bytes[0]! & 0xfc) | 0x02;
  return macText(bytes);
}

/** Hex text of some bytes, optionally grouped ("a1b2 c3d4" with group 2). */
export function hex(bytes: Uint8Array, group = 0): string {
  const text = Buffer.from(bytes).toString('hex');
  if (!group) return text;
  return (text.match(new RegExp(`.{1,${group * 2}}`, 'g')) ?? []).join(' ');
}

/** Bytes from hex a learner typed: spaces, colons and a 0x prefix are allowed; null if it is not hex. */
export function parseHex(text: string): Buffer | null {
  const clean = text
    .trim()
    .replace(/^0x/i, '')
    .replace(/[\s:.-]/g, '');
  if (clean.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(clean)) return null;
  return Buffer.from(clean, 'hex');
}
