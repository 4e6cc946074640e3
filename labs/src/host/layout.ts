// The frame every lab page sits in: a bar with the lab's name, the target's own markup,
// the "solved" banner with the learner's flag, and the tools (request editor,
// objective). Made for a 360 px screen first; no framework, one stylesheet, one script.
import type { LabInfo } from '../catalogue';
import { esc } from './lab-kit';

export interface EditorRequest {
  method: string;
  path: string;
  headers: string;
  body: string;
}

export interface LayoutInput {
  lab: LabInfo;
  base: string;
  appOrigin: string;
  title: string;
  /** The target's markup (trusted: the lab wrote it, with learner input escaped or, by design, not). */
  content: string;
  flag: string | null;
  editor: EditorRequest;
  /** The raw response the editor got, when this page answers the editor. */
  editorResponse?: string;
  scriptsAllowed: 'self' | 'inline';
  targetScripts: string[];
}

export function lessonUrl(appOrigin: string, lab: LabInfo): string {
  return `${appOrigin}/course/${lab.moduleId}/${lab.lessonNumber}`;
}

export function solvedBanner(input: Pick<LayoutInput, 'lab' | 'appOrigin' | 'flag'>): string {
  if (!input.flag) return '';
  const record = `${lessonUrl(input.appOrigin, input.lab)}?lab=${encodeURIComponent(input.lab.id)}#flag=${encodeURIComponent(input.flag)}`;
  return `<section class="lab-solved" role="status" aria-labelledby="lab-solved-title" data-lab-id="${esc(input.lab.id)}" data-lab-flag="${esc(input.flag)}" data-app-origin="${esc(input.appOrigin)}">
  <h2 id="lab-solved-title">Lab solved</h2>
  <p>Your flag: <code class="lab-flag">${esc(input.flag)}</code></p>
  <p class="lab-solved-report" hidden></p>
  <p><a class="lab-button" href="${esc(record)}">Record it in my course</a></p>
</section>`;
}

export function editorForm(base: string, editor: EditorRequest, open: boolean): string {
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']
    .map((m) => `<option${m === editor.method ? ' selected' : ''}>${m}</option>`)
    .join('');
  return `<details class="lab-tool" id="request-editor"${open ? ' open' : ''}>
  <summary>Request editor</summary>
  <form method="post" action="${esc(base)}/_editor#request-editor" class="lab-editor">
    <p class="lab-note">Sends one request to this lab and shows the raw answer. Cookies are only the ones you write here.</p>
    <div class="lab-row">
      <label>Method <select name="method">${methods}</select></label>
      <label class="lab-grow">Path <input name="path" value="${esc(editor.path)}" autocapitalize="off" autocomplete="off" spellcheck="false" required></label>
    </div>
    <label>Headers, one per line <textarea name="headers" rows="4" autocapitalize="off" spellcheck="false">${esc(editor.headers)}</textarea></label>
    <label>Body <textarea name="body" rows="4" autocapitalize="off" spellcheck="false">${esc(editor.body)}</textarea></label>
    <button type="submit" class="lab-button">Send</button>
  </form>
</details>`;
}

/**
 * Wide tables scroll sideways on a phone inside a box that can take focus, so a keyboard
 * user can scroll it too (axe: scrollable-region-focusable). Applied to the target's
 * markup as it is written; a stray `</table>` in a learner's own payload only changes
 * that learner's page.
 */
function scrollableTables(html: string): string {
  return html.replace(/<table\b/gi, '<div class="lab-table" tabindex="0">$&').replace(/<\/table>/gi, '$&</div>');
}

export function renderLabPage(input: LayoutInput): string {
  const { lab } = input;
  const response = input.editorResponse
    ? `<section class="lab-response" aria-labelledby="lab-response-title"><h2 id="lab-response-title">Response</h2><pre tabindex="0">${esc(input.editorResponse)}</pre></section>`
    : '';
  const scripts = input.targetScripts.map((src) => `<script src="${esc(src)}" defer></script>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(input.title)} · ${esc(lab.title)} · EHC Labs</title>
<link rel="stylesheet" href="/_lab/lab.css">
<script src="/_lab/lab.js" defer></script>${scripts}
</head>
<body>
<header class="lab-bar">
  <a class="lab-name" href="${esc(input.base)}/">${esc(lab.title)}</a>
  <span class="lab-tag">EHC Lab · ${esc(lab.difficulty)}</span>
</header>
${solvedBanner(input)}
<main class="lab-target" id="main">
${scrollableTables(input.content)}
</main>
<aside class="lab-tools" aria-label="Lab tools">
${response}
${editorForm(input.base, input.editor, Boolean(input.editorResponse))}
<details class="lab-tool">
  <summary>Objective</summary>
  <p>${esc(lab.objective)}</p>
  <p>Hints and the write-up are in the lesson. <a href="${esc(lessonUrl(input.appOrigin, lab))}">Back to the lesson</a></p>
</details>
</aside>
</body>
</html>`;
}

/** A page of the lab host itself (an ended lab, a refused request), outside any lab. */
export function hostPage(title: string, message: string, status: number, appOrigin: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · EHC Labs</title><link rel="stylesheet" href="/_lab/lab.css"></head>
<body><header class="lab-bar"><span class="lab-name">EHC Labs</span><span class="lab-tag">${status}</span></header>
<main class="lab-target" id="main"><h1>${esc(title)}</h1><p>${esc(message)}</p>
<p><a class="lab-button" href="${esc(appOrigin)}/dashboard">Back to the course</a></p></main></body></html>`;
}
