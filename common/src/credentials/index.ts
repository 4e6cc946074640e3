/**
 * Signed credentials, shared by the server (which issues them), the verify page and the
 * command line (which check them). Imported as `@ehc/common/credentials`, apart from the
 * main entry, so pages that never check a credential do not load the JOSE library.
 */
import { extractBakedCredential, isPng } from './png-baking';

export * from './linkedin';
export * from './open-badge';
export * from './png-baking';
export * from './status-list';
export * from './verify';

/**
 * The compact JWS in a file someone was given: a baked PNG (read from its
 * `openbadgecredential` chunk) or a text file holding the JWT. Throws with a readable
 * message when there is none.
 */
export function credentialFromFile(bytes: Uint8Array): string {
  if (isPng(bytes)) {
    const jwt = extractBakedCredential(bytes);
    if (!jwt) throw new Error('This image has no credential baked into it.');
    return jwt.trim();
  }
  let content: string;
  try {
    content = new TextDecoder('utf-8', { fatal: true }).decode(bytes).trim();
  } catch {
    throw new Error('This file is neither a PNG certificate nor a credential (.jwt) file.');
  }
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(content)) {
    throw new Error('This file is neither a PNG certificate nor a credential (.jwt) file.');
  }
  return content;
}
