// Small byte helpers shared by the cryptography labs: hex in and out, 16-byte blocks,
// XOR, PKCS #7, and a readable view of bytes that may not be text. Nothing here is
// secret or lab-specific; the labs' own files hold their keys and flaws.
import type { LabTools } from '../host/lab-kit';

export const BLOCK = 16;

export type HexResult = { bytes: Buffer } | { error: string };

/** Hex typed by a learner: spaces, newlines, colons and a leading 0x are allowed. */
export function readHex(value: string, maxBytes: number, what = 'The value'): HexResult {
  const clean = value.replace(/^\s*0x/i, '').replace(/[\s:]/g, '');
  if (!clean) return { error: `${what} is empty.` };
  if (!/^[0-9a-f]*$/i.test(clean)) return { error: `${what} is not hex: use only 0-9 and a-f.` };
  if (clean.length % 2) return { error: `${what} has an odd number of hex digits: each byte is two.` };
  if (clean.length / 2 > maxBytes) return { error: `${what} is longer than ${maxBytes} bytes.` };
  return { bytes: Buffer.from(clean, 'hex') };
}

/** The bytes cut into blocks of `size` (the last one may be short). */
export function blocksOf(bytes: Buffer, size = BLOCK): Buffer[] {
  const blocks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) blocks.push(bytes.subarray(i, i + size));
  return blocks;
}

/** XOR of two byte strings, as long as the shorter one. */
export function xor(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.alloc(Math.min(a.length, b.length));
  for (let i = 0; i < out.length; i += 1) out[i] = a[i]! ^ b[i]!;
  return out;
}

/** Printable ASCII as itself, every other byte as \xNN (escape the result before putting it in HTML). */
export function printable(bytes: Buffer): string {
  let out = '';
  for (const byte of bytes) {
    if (byte === 0x5c) out += '\\\\';
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return out;
}

/** Hex split into bytes with spaces, easier to count on a phone. */
export function spacedHex(bytes: Buffer): string {
  return (bytes.toString('hex').match(/../g) ?? []).join(' ');
}

export function pkcs7Pad(data: Buffer, size = BLOCK): Buffer {
  const n = size - (data.length % size);
  return Buffer.concat([data, Buffer.alloc(n, n)]);
}

/** The data without its PKCS #7 padding, or null when the padding is not valid. */
export function pkcs7Unpad(data: Buffer, size = BLOCK): Buffer | null {
  if (data.length === 0 || data.length % size) return null;
  const n = data[data.length - 1]!;
  if (n < 1 || n > size) return null;
  for (let i = data.length - n; i < data.length; i += 1) if (data[i] !== n) return null;
  return data.subarray(0, data.length - n);
}

/** A number from the instance's secret for `purpose`, in [0, modulus). */
export function secretIndex(lab: Pick<LabTools, 'instanceSecret'>, purpose: string, modulus: number): number {
  return Number.parseInt(lab.instanceSecret(purpose).slice(0, 8), 16) % modulus;
}

/** `bytes` bytes of key material for `purpose`, from the instance's secret. */
export function secretBytes(lab: Pick<LabTools, 'instanceSecret'>, purpose: string, bytes: number): Buffer {
  let hex = '';
  for (let i = 0; hex.length < bytes * 2; i += 1) hex += lab.instanceSecret(`${purpose}#${i}`);
  return Buffer.from(hex.slice(0, bytes * 2), 'hex');
}
