import { existsSync, readFileSync } from 'node:fs';
import { LAZY_PAGES, lazyPageOfPath, type LazyPageName } from '@ehc/common';

/** One chunk of Vite's build manifest (`build.manifest` in web/vite.config.ts). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * The `Link` header value naming the code of the page a path opens: its chunk and the
 * chunks and styles it imports that the first page's code does not already load. The
 * browser fetches them with the page's first code instead of after running it, which is
 * when the app would ask for them. Worked out once per page from the build's manifest;
 * empty for the landing page, for a learners' page without a session cookie, and without
 * a manifest (API tests serve a bare page shell).
 */
export function pageCodeHints(distDir: string): (path: string, signedIn: boolean) => string {
  const manifestPath = `${distDir}/.vite/manifest.json`;
  if (!existsSync(manifestPath)) return () => '';
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const withImports = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) withImports(imported, into);
    return into;
  };
  const loadedFirst = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) withImports(key, loadedFirst);

  const hints = new Map<LazyPageName, string>();
  for (const name of Object.keys(LAZY_PAGES) as LazyPageName[]) {
    const page = LAZY_PAGES[name].module;
    // A page moved without updating common/src/pages.ts: say so at boot, not by slow pages.
    if (!manifest[page]) throw new Error(`The web build has no chunk for ${page} (common/src/pages.ts)`);
    const own = [...withImports(page)].filter((key) => !loadedFirst.has(key)).map((key) => manifest[key]!);
    hints.set(
      name,
      [
        ...own.map((chunk) => `</${chunk.file}>; rel=modulepreload`),
        ...own.flatMap((chunk) => chunk.css ?? []).map((file) => `</${file}>; rel=preload; as=style`),
      ].join(', '),
    );
  }
  return (path, signedIn) => {
    // The landing page, the most visited, is in the first chunk: no need to try every page.
    if (path === '/') return '';
    const name = lazyPageOfPath(path);
    if (!name) return '';
    // A signed-out visitor to a page for learners is sent to the landing page: its code is wasted.
    const page = LAZY_PAGES[name];
    return 'signedIn' in page && page.signedIn && !signedIn ? '' : hints.get(name)!;
  };
}
