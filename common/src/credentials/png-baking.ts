/**
 * Open Badges "baking" of a PNG (Open Badges 3.0 §5.3.1): the signed credential travels
 * inside the certificate image as one uncompressed iTXt chunk with the keyword
 * `openbadgecredential`, whose text is the compact JWS. Works on plain byte arrays, so
 * the server (which bakes) and the browser and command line (which unbake) share it.
 */

export const BAKED_CREDENTIAL_KEYWORD = 'openbadgecredential';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export class PngError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PngError';
  }
}

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && SIGNATURE.every((byte, i) => bytes[i] === byte);
}

interface Chunk {
  type: string;
  /** Offset of the chunk's length field. */
  start: number;
  /** Offset just past its CRC. */
  end: number;
  data: Uint8Array;
}

/** Every chunk of a PNG, checked for length and CRC; throws PngError on broken input. */
export function pngChunks(bytes: Uint8Array): Chunk[] {
  if (!isPng(bytes)) throw new PngError('This file is not a PNG image.');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Chunk[] = [];
  let offset = 8;
  while (offset < bytes.length) {
    if (offset + 12 > bytes.length) throw new PngError('The PNG image is cut short.');
    const length = view.getUint32(offset);
    const end = offset + 12 + length;
    if (end > bytes.length) throw new PngError('The PNG image is cut short.');
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    if (crc32(typeAndData) !== view.getUint32(offset + 8 + length)) {
      throw new PngError('The PNG image is damaged (a chunk fails its checksum).');
    }
    const type = String.fromCharCode(...typeAndData.subarray(0, 4));
    chunks.push({ type, start: offset, end, data: typeAndData.subarray(4) });
    offset = end;
    if (type === 'IEND') break;
  }
  if (chunks[0]?.type !== 'IHDR' || chunks.at(-1)?.type !== 'IEND') {
    throw new PngError('The PNG image is not complete.');
  }
  return chunks;
}

/**
 * The image with `jwt` baked in, right after the header chunk so a reader finds it
 * early. Any credential already baked in is replaced: the keyword may appear only once.
 * The pixels and every other chunk are kept byte for byte.
 */
export function bakeCredential(png: Uint8Array, jwt: string): Uint8Array {
  const chunks = pngChunks(png).filter((chunk) => !isCredentialChunk(chunk));
  const keyword = new TextEncoder().encode(BAKED_CREDENTIAL_KEYWORD);
  const text = new TextEncoder().encode(jwt);
  // keyword, NUL, compression flag 0 and method 0 (uncompressed, as the standard requires),
  // an empty language tag and translated keyword (each NUL-terminated), then the text.
  const data = concat([keyword, new Uint8Array([0, 0, 0, 0, 0]), text]);
  const baked = [png.subarray(0, 8), png.subarray(chunks[0]!.start, chunks[0]!.end), chunk('iTXt', data)];
  for (const rest of chunks.slice(1)) baked.push(png.subarray(rest.start, rest.end));
  return concat(baked);
}

/** The credential baked into a PNG, or null when there is none. */
export function extractBakedCredential(png: Uint8Array): string | null {
  const found = pngChunks(png).find(isCredentialChunk);
  if (!found) return null;
  const fields = parseITXt(found.data);
  if (fields.compressed) throw new PngError('The baked credential is compressed, which Open Badges does not allow.');
  return fields.text;
}

/** The image without any baked credential: the picture as it was drawn. */
export function removeBakedCredential(png: Uint8Array): Uint8Array {
  const chunks = pngChunks(png);
  return concat([
    png.subarray(0, 8),
    ...chunks.filter((c) => !isCredentialChunk(c)).map((c) => png.subarray(c.start, c.end)),
  ]);
}

function isCredentialChunk(chunk: Chunk): boolean {
  if (chunk.type !== 'iTXt') return false;
  const nul = chunk.data.indexOf(0);
  return nul > 0 && latin1(chunk.data.subarray(0, nul)) === BAKED_CREDENTIAL_KEYWORD;
}

function parseITXt(data: Uint8Array): { compressed: boolean; text: string } {
  const keywordEnd = data.indexOf(0);
  const compressed = data[keywordEnd + 1] === 1;
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  if (keywordEnd < 0 || languageEnd < 0 || translatedEnd < 0) {
    throw new PngError('The baked credential chunk is malformed.');
  }
  return { compressed, text: new TextDecoder('utf-8', { fatal: true }).decode(data.subarray(translatedEnd + 1)) };
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function latin1(bytes: Uint8Array): string {
  return String.fromCharCode(...bytes);
}

// CRC-32 as PNG defines it (ISO 3309, polynomial 0xEDB88320), table built once.
let crcTable: Uint32Array | null = null;

export function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n += 1) {
      let c = n;
      for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
