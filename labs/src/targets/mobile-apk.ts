// A decompiled APK for the mobile labs: a jadx-like tree of text files (path → content)
// that the lab's own code generates, and the pages that browse it on a phone: the tree, a
// file viewer with line anchors, a plain-text search over every file (jadx-gui's "Text
// search", the lesson's grep), and the raw file for a desktop learner who wants to grep it.
// Nothing here reads a real file: the tree is a JS object.
import { esc, page, text, type LabHandler, type LabResponse, type LabTools } from '../host/lab-kit';

/** File path (as jadx writes its output: `sources/…`, `resources/…`) → text. */
export type ApkTree = Readonly<Record<string, string>>;

export interface ApkBrowser {
  /** What the tree is called on its pages, e.g. `tazatokri-5.8.2-release.apk`. */
  apkName: string;
  /** The tree of this instance (per-instance secrets may be compiled into it). */
  files(lab: LabTools): ApkTree;
}

const MAX_QUERY = 100;
const MAX_HITS = 60;

function fileLink(lab: LabTools, path: string, line?: number): string {
  return `${lab.base}/apk/file?path=${encodeURIComponent(path)}${line ? `#L${line}` : ''}`;
}

function searchForm(lab: LabTools, query = ''): string {
  return `<form method="get" action="${esc(lab.base)}/apk/search" class="lab-form" role="search">
  <label>Text search in code and resources (plain text, any case) <input name="q" value="${esc(query)}" maxlength="${MAX_QUERY}" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
  <button type="submit">Search</button>
</form>`;
}

/** The files grouped by folder, folders in order, as nested lists a phone can scroll. */
function treeList(lab: LabTools, tree: ApkTree): string {
  const folders = new Map<string, string[]>();
  for (const path of Object.keys(tree).sort()) {
    const slash = path.lastIndexOf('/');
    const folder = slash < 0 ? '' : path.slice(0, slash + 1);
    folders.set(folder, [...(folders.get(folder) ?? []), path]);
  }
  return `<ul>
${[...folders]
  .map(
    ([folder, paths]) =>
      `<li><code>${esc(folder || './')}</code><ul>${paths
        .map((path) => `<li><a href="${esc(fileLink(lab, path))}">${esc(path.slice(folder.length))}</a></li>`)
        .join('')}</ul></li>`,
  )
  .join('\n')}
</ul>`;
}

function notFound(lab: LabTools, path: string): LabResponse {
  return page(
    'No such file',
    `<h1>No such file</h1><p class="lab-error">There is no <code>${esc(path)}</code> in this APK.</p><p><a href="${esc(lab.base)}/apk">All files</a></p>`,
    { status: 404 },
  );
}

/** The routes `GET /apk`, `GET /apk/file?path=…[&raw=1]` and `GET /apk/search?q=…`. */
export function apkBrowserRoutes(
  browser: ApkBrowser,
): Record<'GET /apk' | 'GET /apk/file' | 'GET /apk/search', LabHandler> {
  return {
    'GET /apk': (_request, lab) =>
      page(
        `${browser.apkName} (decompiled)`,
        `<h1>${esc(browser.apkName)}</h1>
<p>The APK decompiled with jadx: <code>resources/</code> holds the decoded manifest and resources, <code>sources/</code> the Java that jadx rebuilt from the DEX files. Tap a file to read it.</p>
${searchForm(lab)}
<h2>Files</h2>
${treeList(lab, browser.files(lab))}
<p><a href="${esc(lab.base)}/">Back to the lab</a></p>`,
      ),
    'GET /apk/file': (request, lab) => {
      const path = request.query.get('path') ?? '';
      const tree = browser.files(lab);
      if (!Object.hasOwn(tree, path)) return notFound(lab, path);
      const content = tree[path]!;
      if (request.query.get('raw') === '1') return text(content);
      const lines = content
        .split('\n')
        .map((line, index) => `<span id="L${index + 1}">${esc(line)}</span>`)
        .join('\n');
      return page(
        path.slice(path.lastIndexOf('/') + 1),
        `<h1>${esc(path.slice(path.lastIndexOf('/') + 1))}</h1>
<p class="lab-muted"><code>${esc(path)}</code> · <a href="${esc(`${fileLink(lab, path)}&raw=1`)}">Raw text</a> · <a href="${esc(lab.base)}/apk">All files</a></p>
<pre tabindex="0"><code>${lines}</code></pre>
${searchForm(lab)}`,
      );
    },
    'GET /apk/search': (request, lab) => {
      const query = (request.query.get('q') ?? '').slice(0, MAX_QUERY);
      const needle = query.toLowerCase();
      const hits: { path: string; line: number; text: string }[] = [];
      if (needle.trim()) {
        for (const [path, content] of Object.entries(browser.files(lab))) {
          content.split('\n').forEach((line, index) => {
            if (hits.length < MAX_HITS && line.toLowerCase().includes(needle)) {
              hits.push({ path, line: index + 1, text: line.trim() });
            }
          });
        }
      }
      const mark = (line: string) => {
        const at = line.toLowerCase().indexOf(needle);
        return at < 0
          ? esc(line)
          : `${esc(line.slice(0, at))}<mark>${esc(line.slice(at, at + needle.length))}</mark>${esc(line.slice(at + needle.length))}`;
      };
      const list = hits.length
        ? `<ul>${hits
            .map(
              (hit) =>
                `<li><a href="${esc(fileLink(lab, hit.path, hit.line))}"><code>${esc(hit.path)}:${hit.line}</code></a><br><code>${mark(hit.text)}</code></li>`,
            )
            .join(
              '\n',
            )}</ul>${hits.length === MAX_HITS ? `<p class="lab-muted">Only the first ${MAX_HITS} matches are shown.</p>` : ''}`
        : `<p>No match for <code>${esc(query)}</code>.</p>`;
      return page(
        'Text search',
        `<h1>Text search</h1>
${searchForm(lab, query)}
${needle.trim() ? list : ''}
<p><a href="${esc(lab.base)}/apk">All files</a></p>`,
      );
    },
  };
}
