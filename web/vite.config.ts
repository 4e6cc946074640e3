import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { THEME_BOOT_SCRIPT } from '../common/src/display-boot';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the
 * highest compression, so the server sends them as they are (@fastify/static's
 * preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  const TEXT = /\.(js|css|html|svg|json|txt|xml|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'precompress',
    // The browser's build only: the server's bundle (dist-server/) is read from disk by Node.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    closeBundle() {
      for (const file of walk('dist').filter((path) => TEXT.test(path))) {
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Puts the display settings' boot script (common/src/display-boot.ts) inline in the
 * page's head, where it runs before the first paint; the server's CSP allows it by hash.
 */
function themeBootScript(): Plugin {
  return {
    name: 'theme-boot-script',
    transformIndexHtml: () => [{ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head' }],
  };
}

/**
 * The page's scripts download at low priority: the HTML and its stylesheet paint the page
 * (the public pages come rendered by the server), and a phone's link should carry those
 * first. Chromium would fetch module scripts and their preloads at high priority, beside
 * the stylesheet.
 */
function lowPriorityScripts(): Plugin {
  return {
    name: 'low-priority-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(/<script type="module"|<link rel="modulepreload"/g, (tag) => `${tag} fetchpriority="low"`),
    },
  };
}

const API_PORT = 3000;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), themeBootScript(), lowPriorityScripts(), precompress()],
  // The favicon and the like are the browser's: the server's bundle needs none of them.
  publicDir: isSsrBuild ? false : 'public',
  // The server's bundle holds its libraries, built for production like the browser's: React
  // resolved at run time would pick its development build whenever NODE_ENV is not
  // "production" (the bench, Lighthouse, a demo), and render pages several times slower.
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  build: {
    // The browser's files in dist/; the server's bundle of the public pages (src/entry-server.tsx,
    // `vite build --ssr`, docs/decisions/0041) in dist-server/.
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Which files each page's chunk needs: the server names them in the page's Link header
    // (server/src/http/page-code.ts).
    manifest: !isSsrBuild,
    rolldownOptions: {
      output: {
        // What every first page needs (React, the router, the header, the display settings
        // and "Loading...") in one chunk instead of six small ones: each request costs
        // about a kilobyte of headers on a slow link.
        codeSplitting: {
          groups: [
            {
              name: 'shell',
              test: /[\\/]web[\\/]src[\\/](components[\\/](LoadingScreen|SiteHeader|DisplaySettings)|lib[\\/](display-settings|when-idle))/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // In development the API runs on its own port; the proxy makes it same-origin, and
    // presents the API's own origin so the server's cross-site check lets it through.
    proxy: {
      '/graphql': { target: `http://localhost:${API_PORT}`, headers: { origin: `http://localhost:${API_PORT}` } },
      '/healthz': `http://localhost:${API_PORT}`,
      // The API's plain GETs: course text, certificate images and credentials, lab files,
      // and the simulated gateway's pay endpoint.
      ...Object.fromEntries(
        ['/api', '/certificates', '/credentials', '/.well-known', '/lab-files', '/simulated-razorpay'].map((path) => [
          path,
          { target: `http://localhost:${API_PORT}`, headers: { origin: `http://localhost:${API_PORT}` } },
        ]),
      ),
    },
  },
}));
