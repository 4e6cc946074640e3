/**
 * A Content-Disposition value any browser can read (RFC 6266): an ASCII-only
 * `filename` for old clients, then `filename*` with the real name in UTF-8 (RFC 5987),
 * which current browsers prefer. A header may not carry the raw name: Node refuses
 * characters above U+00FF, and Latin-1 bytes would be misread as another encoding.
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  return `${kind}; filename="${asciiFallback(fileName)}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}

// Every character outside printable ASCII, and the quote and backslash that would end or
// escape the quoted string, becomes "_" (one per character, not per UTF-16 unit).
function asciiFallback(fileName: string): string {
  return fileName.replace(/[^\x20-\x7e]|["\\]/gu, '_');
}

// encodeURIComponent leaves ' ( ) * unescaped, and RFC 5987 does not allow them bare.
function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}
