/**
 * W3C Bitstring Status List v1.0: a list of at least 131,072 one-bit entries, GZIP-compressed
 * and encoded as multibase base64url ("u" + base64url without padding). Index 0 is the
 * left-most (most significant) bit of the first byte. A set bit with the purpose
 * "revocation" means the credential at that index was revoked, for good.
 */

/** The minimum number of entries of a status list (16 KB of bits). */
export const STATUS_LIST_MIN_ENTRIES = 131_072;

/** Expanded lists larger than this are refused: a hostile list must not exhaust memory. */
const MAX_EXPANDED_BYTES = 16 * 1024 * 1024;

export class StatusListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatusListError';
  }
}

/** The bits of an `encodedList`, checked against the minimum size. */
export async function expandStatusList(encodedList: string): Promise<Uint8Array> {
  if (!encodedList.startsWith('u')) throw new StatusListError('The status list is not multibase base64url ("u…").');
  let compressed: Uint8Array;
  try {
    compressed = base64UrlDecode(encodedList.slice(1));
  } catch {
    throw new StatusListError('The status list is not valid base64url.');
  }
  const bits = await gunzip(compressed);
  if (bits.length * 8 < STATUS_LIST_MIN_ENTRIES) {
    throw new StatusListError(`The status list holds ${bits.length * 8} entries, fewer than the minimum 131,072.`);
  }
  return bits;
}

/** Whether the bit at `index` is set; throws for an index outside the list. */
export function statusBit(bits: Uint8Array, index: number): boolean {
  if (!Number.isInteger(index) || index < 0 || index >= bits.length * 8) {
    throw new StatusListError(`Status index ${index} is outside the status list.`);
  }
  return ((bits[index >> 3]! >> (7 - (index & 7))) & 1) === 1;
}

/** A list with the given bits set, uncompressed (the server compresses it). */
export function statusBits(setIndexes: Iterable<number>, entries = STATUS_LIST_MIN_ENTRIES): Uint8Array {
  const bits = new Uint8Array(Math.ceil(entries / 8));
  for (const index of setIndexes) {
    if (!Number.isInteger(index) || index < 0 || index >= entries)
      throw new StatusListError(`Index ${index} is outside the list.`);
    bits[index >> 3]! |= 0x80 >> (index & 7);
  }
  return bits;
}

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('gzip'));
  const reader = stream.getReader();
  const parts: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > MAX_EXPANDED_BYTES) throw new StatusListError('The status list is too large.');
      parts.push(value);
    }
  } catch (error) {
    if (error instanceof StatusListError) throw error;
    throw new StatusListError('The status list is not valid GZIP data.');
  } finally {
    reader.releaseLock();
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function base64UrlDecode(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error('not base64url');
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
