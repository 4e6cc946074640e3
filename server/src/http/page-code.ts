import { existsSync, readFileSync } from 'node:fs';
import { LAZY_PAGES, lazyPageOfPath, type LazyPageName } from '@ehc/common';

/** One chunk of Vite's build manifest (`build.manifest` in web/vite.config.ts). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** A page's files: the app's code, and the page's own chunks and stylesheets. */
interface PageFiles {
  chunks: string[];
  stylesheets: string[];
}

/**
 * Each lazily loaded page's own files, worked out once from the build's manifest; none
 * without a manifest (API tests serve a bare page shell).
 */
function pageFiles(distDir: string): Map<LazyPageName, PageFiles> {
  const files = new Map<LazyPageName, PageFiles>();
  const manifestPath = `${distDir}/.vite/manifest.json`;
  if (!existsSync(manifestPath)) return files;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const withImports = (key: string, into = new Set<string>()): Set<string> => {
    if (into.has(key)) return into;
    into.add(key);
    for (const imported of manifest[key]?.imports ?? []) withImports(imported, into);
    return into;
  };
  // What index.html loads: the entry, at low priority (web/vite.config.ts). The app's code
  // (its one dynamic import, web/src/boot.tsx) starts once the page has painted. A page
  // that needs the code to show anything names both in its hints, so they download with
  // the page at the priority of its code (decision 0042).
  const appCode = new Set<string>();
  // The stylesheets index.html links itself: the entry's and its static imports'. A page
  // never links them again: a sheet linked twice makes Chromium restyle and lay out the
  // whole page each time the app's code adds a <link> to the head (a module preload), and
  // on a long lesson each of those took 85 ms of a phone's main thread.
  const shellStylesheets = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    for (const imported of withImports(key)) manifest[imported]?.css?.forEach((file) => shellStylesheets.add(file));
    withImports(key, appCode);
    for (const started of chunk.dynamicImports ?? []) withImports(started, appCode);
  }

  for (const name of Object.keys(LAZY_PAGES) as LazyPageName[]) {
    const page = LAZY_PAGES[name].module;
    // A page moved without updating common/src/pages.ts: say so at boot, not by slow pages.
    if (!manifest[page]) throw new Error(`The web build has no chunk for ${page} (common/src/pages.ts)`);
    const own = [...withImports(page, new Set(appCode))].map((key) => manifest[key]!);
    files.set(name, {
      chunks: own.map((chunk) => chunk.file),
      stylesheets: own.flatMap((chunk) => chunk.css ?? []).filter((file) => !shellStylesheets.has(file)),
    });
  }
  return files;
}

/**
 * The `Link` header value naming the code of the page a path opens: its chunk and the
 * chunks and styles it imports that the first page's code does not already load. The
 * browser fetches them with the page's first code instead of after running it, which is
 * when the app would ask for them. Empty for the landing page, for a learners' page
 * without a session cookie, and without a manifest.
 */
export function pageCodeHints(distDir: string): (path: string, signedIn: boolean) => string {
  const hints = new Map<LazyPageName, string>();
  for (const [name, files] of pageFiles(distDir)) {
    hints.set(
      name,
      [
        ...files.chunks.map((file) => `</${file}>; rel=modulepreload`),
        // As Vite links a page's stylesheet (crossorigin): a preload fetched in another
        // credentials mode is not used, and the sheet is downloaded twice.
        ...files.stylesheets.map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
      ].join(', '),
    );
  }
  return (path, signedIn) => {
    // The landing page, the most visited, is in the first chunk: no need to try every page.
    if (path === '/') return '';
    const name = lazyPageOfPath(path);
    if (!name || !hints.has(name)) return '';
    // A signed-out visitor to a page for learners is sent to the landing page: its code is wasted.
    const page = LAZY_PAGES[name];
    return 'signedIn' in page && page.signedIn && !signedIn ? '' : hints.get(name)!;
  };
}

/**
 * The stylesheets of the page a path opens beyond the first page's, as `<link>` elements
 * for the head of a page the server renders: its HTML is styled before the page's code
 * arrives (and without it), and Vite then finds the sheet already linked.
 */
export function pageStylesheetLinks(distDir: string): (path: string) => string {
  const files = pageFiles(distDir);
  return (path) => {
    const name = lazyPageOfPath(path);
    const sheets = (name && files.get(name)?.stylesheets) || [];
    return sheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
  };
}
