/**
 * The credential signing keys as the environment gives them (JSON Web Keys), checked for
 * shape at boot. Whether a private key really matches its public half is checked when the
 * key is imported (modules/credentials/signing-keys.ts), also before the server listens.
 * Credentials are signed twice, with Ed25519 (EdDSA) and RSA (RS256): docs/decisions/0035.
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

export interface RsaPublicJwk {
  kty: 'RSA';
  n: string;
  e: string;
  kid?: string;
}

/** An RSA private JWK with the CRT parameters WebCrypto needs to import it. */
export interface RsaPrivateJwk extends RsaPublicJwk {
  d: string;
  p: string;
  q: string;
  dp: string;
  dq: string;
  qi: string;
}

export type PublicJwk = Ed25519PublicJwk | RsaPublicJwk;

const GENERATE_HINT = 'create one with `npm run credential-key -- generate`';
// 32 bytes in base64url without padding.
const KEY_BYTES = /^[A-Za-z0-9_-]{43}$/;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** Open Badges 3.0 asks for RSA keys of at least 2048 bits: 256 bytes, 342 base64url characters. */
const MIN_RSA_MODULUS_CHARS = 342;
const RSA_PRIVATE_PARTS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

type Parsed<T> = { value: T } | { problem: string };

function parseJson(text: string, problem: string): Parsed<unknown> {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { problem };
  }
}

/** CREDENTIAL_SIGNING_KEY: one private Ed25519 JWK. */
export function parseSigningKey(text: string): Parsed<Ed25519PrivateJwk> {
  const name = 'CREDENTIAL_SIGNING_KEY';
  const json = parseJson(
    text,
    `${name}: must be a private Ed25519 key as JSON, e.g. {"kty":"OKP","crv":"Ed25519","x":"…","d":"…","kid":"…"}; ${GENERATE_HINT}`,
  );
  if ('problem' in json) return json;
  const key = checkKey(name, json.value);
  if ('problem' in key) return key;
  if (key.value.kty !== 'OKP') {
    return {
      problem: `${name}: must be an Ed25519 key ("kty":"OKP","crv":"Ed25519"); the RSA key goes in CREDENTIAL_RSA_SIGNING_KEY`,
    };
  }
  const d = (json.value as { d?: unknown }).d;
  if (d === undefined)
    return { problem: `${name}: this is a public key (it has no "d"); the private key is needed to sign` };
  if (typeof d !== 'string' || !KEY_BYTES.test(d)) {
    return { problem: `${name}: "d" must be 43 base64url characters (32 bytes)` };
  }
  return { value: { ...key.value, d } };
}

/** CREDENTIAL_RSA_SIGNING_KEY: one private RSA JWK of at least 2048 bits. */
export function parseRsaSigningKey(text: string): Parsed<RsaPrivateJwk> {
  const name = 'CREDENTIAL_RSA_SIGNING_KEY';
  const json = parseJson(
    text,
    `${name}: must be a private RSA key as JSON, e.g. {"kty":"RSA","n":"…","e":"AQAB","d":"…","p":"…",…}; ${GENERATE_HINT}`,
  );
  if ('problem' in json) return json;
  const key = checkKey(name, json.value);
  if ('problem' in key) return key;
  if (key.value.kty !== 'RSA') {
    return {
      problem: `${name}: must be an RSA key ("kty":"RSA"); the Ed25519 key goes in CREDENTIAL_SIGNING_KEY`,
    };
  }
  const parts = json.value as Record<string, unknown>;
  if (parts.d === undefined)
    return { problem: `${name}: this is a public key (it has no "d"); the private key is needed to sign` };
  const missing = RSA_PRIVATE_PARTS.filter((part) => typeof parts[part] !== 'string' || !BASE64URL.test(parts[part]));
  if (missing.length > 0) {
    return {
      problem: `${name}: ${missing.map((part) => `"${part}"`).join(', ')} missing or not base64url; copy the whole key as \`npm run credential-key -- generate\` printed it`,
    };
  }
  const privateParts = Object.fromEntries(RSA_PRIVATE_PARTS.map((part) => [part, parts[part] as string]));
  return { value: { ...key.value, ...privateParts } as RsaPrivateJwk };
}

/** CREDENTIAL_PREVIOUS_PUBLIC_KEYS: a JSON array of public Ed25519 or RSA JWKs, or a JWKS ({"keys": […]}). */
export function parsePreviousKeys(text: string): Parsed<PublicJwk[]> {
  const name = 'CREDENTIAL_PREVIOUS_PUBLIC_KEYS';
  const json = parseJson(
    text,
    `${name}: must be JSON: an array of public keys, or {"keys": [...]} as /.well-known/jwks.json serves`,
  );
  if ('problem' in json) return json;
  const list = Array.isArray(json.value) ? json.value : (json.value as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(list)) return { problem: `${name}: must be an array of public keys, or {"keys": [...]}` };
  const keys: PublicJwk[] = [];
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

/** The public part of an Ed25519 or RSA JWK, checked for shape. */
function checkKey(label: string, json: unknown): Parsed<PublicJwk> {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    return { problem: `${label}: must be a JSON object (a JWK)` };
  }
  const { kty, crv, x, n, e, kid } = json as Record<string, unknown>;
  if (kid !== undefined && (typeof kid !== 'string' || kid.length < 1 || kid.length > 200)) {
    return { problem: `${label}: "kid" must be a string of 1 to 200 characters` };
  }
  const named = kid === undefined ? {} : { kid: kid as string };
  if (kty === 'OKP' && crv === 'Ed25519') {
    if (typeof x !== 'string' || !KEY_BYTES.test(x))
      return { problem: `${label}: "x" must be 43 base64url characters (32 bytes)` };
    return { value: { kty, crv, x, ...named } };
  }
  if (kty === 'RSA') {
    if (typeof n !== 'string' || !BASE64URL.test(n) || n.length < MIN_RSA_MODULUS_CHARS) {
      return { problem: `${label}: "n" must be the base64url modulus of an RSA key of at least 2048 bits` };
    }
    if (typeof e !== 'string' || !BASE64URL.test(e)) return { problem: `${label}: "e" must be base64url` };
    return { value: { kty, n, e, ...named } };
  }
  return {
    problem: `${label}: must be an Ed25519 key ("kty":"OKP","crv":"Ed25519") or an RSA key ("kty":"RSA"); credentials are signed with EdDSA and RS256`,
  };
}
