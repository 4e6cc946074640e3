import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { etagMatches, etagOf } from './etag';

/**
 * A JSON answer that is the same for everyone who may see it, serialised, tagged and
 * compressed once (at the best brotli quality, which per-request compression could not
 * afford), then sent as stored bytes.
 */
export class PreparedJson {
  readonly etag: string;
  private readonly identity: Buffer;
  private readonly br: Buffer;
  private readonly gzip: Buffer;

  constructor(value: unknown) {
    this.identity = Buffer.from(JSON.stringify(value));
    this.etag = etagOf(this.identity);
    this.br = zlib.brotliCompressSync(this.identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.identity.length,
      },
    });
    this.gzip = zlib.gzipSync(this.identity, { level: 9 });
  }

  /**
   * Sends it, kept by the browser only (access is checked on every request that reaches
   * the server). `revalidated`: asked again on each use, an unchanged document costs a
   * 304. `immutable`: the address names this content, so the browser keeps it for a year.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    caching: 'revalidated' | 'immutable' = 'revalidated',
  ): FastifyReply {
    const cacheControl = caching === 'immutable' ? 'private, max-age=31536000, immutable' : 'private, no-cache';
    reply.header('etag', this.etag).header('cache-control', cacheControl).header('vary', 'accept-encoding');
    if (etagMatches(request.headers['if-none-match'], this.etag)) return reply.code(304).send();
    const accepted = acceptedEncodings(request.headers['accept-encoding']);
    reply.type('application/json; charset=utf-8');
    // With content-encoding set, the on-the-fly compression (app.ts) leaves the body alone.
    if (accepted.has('br')) return reply.header('content-encoding', 'br').send(this.br);
    if (accepted.has('gzip')) return reply.header('content-encoding', 'gzip').send(this.gzip);
    return reply.send(this.identity);
  }
}

/** Encodings the client accepts (a q of 0 refuses one). */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const item of String(header ?? '').split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}
