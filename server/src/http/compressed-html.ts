import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Copy {
  body: Buffer;
  headers: Record<string, string>;
}

/** A page compressed once, in each encoding a browser may take: sent from memory. */
export interface CompressedHtml {
  br: Copy;
  gzip: Copy;
  identity: Copy;
  /** Bytes held, for a size-bounded cache. */
  size: number;
}

export function compressedHtml(html: string): CompressedHtml {
  const raw = Buffer.from(html);
  const shared = { vary: 'accept-encoding', 'content-type': 'text/html; charset=utf-8' };
  const br = zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = zlib.gzipSync(raw, { level: 9 });
  return {
    br: { body: br, headers: { ...shared, 'content-encoding': 'br' } },
    gzip: { body: gzip, headers: { ...shared, 'content-encoding': 'gzip' } },
    identity: { body: raw, headers: shared },
    size: raw.length + br.length + gzip.length,
  };
}

/**
 * Sends `page` in the encoding the browser prefers, its headers set in one call. `link`
 * names the page's code and documents (or is empty).
 */
export function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  page: CompressedHtml,
  link = '',
  cacheControl = 'no-cache',
) {
  const accepted = request.headers['accept-encoding'] ?? '';
  const copy = page[/\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : 'identity'];
  reply.headers(copy.headers).header('cache-control', cacheControl);
  if (link) reply.header('link', link);
  return reply.send(copy.body);
}
