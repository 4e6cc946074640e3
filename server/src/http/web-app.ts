import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));

// Paths that are never pages: a miss there is a real 404, not the app shell.
const NON_PAGE_PREFIXES = ['/graphql', '/healthz', '/webhooks/', '/api/', '/assets/'];

/**
 * Serves the built single-page app: hashed assets cached for a year, and index.html
 * (never cached) for every other GET so the client router can take the path.
 */
export async function registerWebApp(app: FastifyInstance, distDir = WEB_DIST_DIR): Promise<boolean> {
  if (!existsSync(`${distDir}/index.html`)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders: (res, path) => {
      const hashed = path.includes('/assets/');
      res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    const isPage = request.method === 'GET' && !NON_PAGE_PREFIXES.some((p) => path.startsWith(p));
    if (!isPage) return reply.code(404).send({ error: 'Not found' });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
