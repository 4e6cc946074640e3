/**
 * The credential signing keys as the environment gives them (JSON Web Keys), checked for
 * shape at boot. Whether the private key really matches its public half is checked when
 * the key is imported (modules/credentials/signing-keys.ts), also before the server listens.
 */

export interface Ed25519PublicJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid?: string;
}

export interface Ed25519PrivateJwk extends Ed25519PublicJwk {
  d: string;
}

const GENERATE_HINT = 'create one with `npm run credential-key -- generate`';
// 32 bytes in base64url without padding.
const KEY_BYTES = /^[A-Za-z0-9_-]{43}$/;

type Parsed<T> = { value: T } | { problem: string };

/** CREDENTIAL_SIGNING_KEY: one private Ed25519 JWK. */
export function parseSigningKey(text: string): Parsed<Ed25519PrivateJwk> {
  const name = 'CREDENTIAL_SIGNING_KEY';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      problem: `${name}: must be a private Ed25519 key as JSON, e.g. {"kty":"OKP","crv":"Ed25519","x":"…","d":"…","kid":"…"}; ${GENERATE_HINT}`,
    };
  }
  const key = checkKey(name, json);
  if ('problem' in key) return key;
  const d = (json as { d?: unknown }).d;
  if (d === undefined)
    return { problem: `${name}: this is a public key (it has no "d"); the private key is needed to sign` };
  if (typeof d !== 'string' || !KEY_BYTES.test(d)) {
    return { problem: `${name}: "d" must be 43 base64url characters (32 bytes)` };
  }
  return { value: { ...key.value, d } };
}

/** CREDENTIAL_PREVIOUS_PUBLIC_KEYS: a JSON array of public Ed25519 JWKs, or a JWKS ({"keys": […]}). */
export function parsePreviousKeys(text: string): Parsed<Ed25519PublicJwk[]> {
  const name = 'CREDENTIAL_PREVIOUS_PUBLIC_KEYS';
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return {
      problem: `${name}: must be JSON: an array of public keys, or {"keys": [...]} as /.well-known/jwks.json serves`,
    };
  }
  const list = Array.isArray(json) ? json : (json as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list)) return { problem: `${name}: must be an array of public keys, or {"keys": [...]}` };
  const keys: Ed25519PublicJwk[] = [];
  for (const [i, item] of list.entries()) {
    const label = `${name}: key ${i + 1}`;
    if (typeof item === 'object' && item !== null && 'd' in item) {
      return { problem: `${label} holds a private part ("d"); list public keys only` };
    }
    const key = checkKey(label, item);
    if ('problem' in key) return key;
    keys.push(key.value);
  }
  return { value: keys };
}

function checkKey(label: string, json: unknown): Parsed<Ed25519PublicJwk> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { problem: `${label}: must be a JSON object (a JWK)` };
  }
  const { kty, crv, x, kid } = json as Record<string, unknown>;
  if (kty !== 'OKP' || crv !== 'Ed25519') {
    return {
      problem: `${label}: must be an Ed25519 key ("kty":"OKP","crv":"Ed25519"); credentials are signed with EdDSA`,
    };
  }
  if (typeof x !== 'string' || !KEY_BYTES.test(x))
    return { problem: `${label}: "x" must be 43 base64url characters (32 bytes)` };
  if (kid !== undefined && (typeof kid !== 'string' || kid.length < 1 || kid.length > 200)) {
    return { problem: `${label}: "kid" must be a string of 1 to 200 characters` };
  }
  return { value: { kty, crv, x, ...(kid === undefined ? {} : { kid: kid as string }) } };
}
