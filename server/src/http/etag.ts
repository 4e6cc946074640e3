import { createHash } from 'node:crypto';

/** A strong validator for bytes or values: a quoted, shortened SHA-256. */
export function etagOf(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match compares weakly (RFC 9110 §13.1.2): a list of tags, W/ ignored, or "*". */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
