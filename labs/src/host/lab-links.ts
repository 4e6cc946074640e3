// Links a learner hands to a simulated victim ("send this link to the support agent"): a
// path of this lab instance, or a full URL whose path is inside it. Labs word the refusals
// for their own victim; the reading of the link is the same everywhere.
import { LabInputError } from './lab-kit';

export type LabLinkRefusal = 'empty' | 'not-a-link' | 'not-web' | 'elsewhere';

export type LabLink = { path: string; url: URL } | { refused: LabLinkRefusal };

/**
 * Reads `raw` as a link into the instance at `base`: its path relative to the instance
 * (`/search`, never with a trailing slash but for `/`), and the parsed URL for the query
 * or the fragment. A link to another instance or site, or not http(s), is refused.
 */
export function readLabLink(raw: string, base: string, maxLength: number): LabLink {
  const link = raw.trim();
  if (!link) return { refused: 'empty' };
  if (link.length > maxLength) throw new LabInputError(`Links longer than ${maxLength} characters are not accepted.`);
  let url: URL;
  try {
    url = new URL(link, `http://lab.invalid${base}/`);
  } catch {
    return { refused: 'not-a-link' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refused: 'not-web' };
  const absolute = /^[a-z][a-z0-9+.-]*:|^\/\//i.test(link);
  let path = url.pathname;
  if (path === base || path.startsWith(`${base}/`)) {
    path = path.slice(base.length) || '/';
  } else if (absolute || path.startsWith('/i/')) {
    return { refused: 'elsewhere' };
  }
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return { path, url };
}
