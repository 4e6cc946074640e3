// The simulated victim. XSS and CSRF labs are judged by what a victim's browser would do
// with a document, decided here by reading the document with parse5 (the HTML standard's
// own parsing algorithm, so `<scr<script>ipt>` and friends parse as a browser parses
// them). Nothing is ever executed: the victim looks for the places where a browser would
// run script, and for forms a browser would submit by itself.
import { defaultTreeAdapter, html as parse5Html, parse, parseFragment } from 'parse5';
import type { DefaultTreeAdapterMap } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const SCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript']);
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href']);

function isElement(node: Node): node is Element {
  return 'tagName' in node;
}

// A template's content is inert (never rendered, never run), so the walk does not enter it.
function* elements(node: Node): Generator<Element> {
  if (isElement(node)) yield node;
  const children = 'childNodes' in node ? node.childNodes : [];
  for (const child of children) yield* elements(child);
}

function attr(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

function isJavaScriptUrl(value: string): boolean {
  // Browsers strip ASCII whitespace and control characters before reading the scheme.
  // eslint-disable-next-line no-control-regex
  return /^javascript:/i.test(value.replace(/[\u0000-\u0020]/g, ''));
}

function textOf(element: Element): string {
  return element.childNodes.map((child) => ('value' in child ? String(child.value) : '')).join('');
}

/**
 * Whether a browser would run script from `html`, received as a whole page (`document`)
 * or written by a page's script into a `<div>` with `innerHTML` (`innerHTML`: the HTML
 * standard marks script elements made that way "already started", so they never run,
 * while event handlers and frames do).
 */
export function wouldRunScript(html: string, as: 'document' | 'innerHTML' = 'document'): boolean {
  const root = (
    as === 'document'
      ? parse(html)
      : parseFragment(defaultTreeAdapter.createElement('div', parse5Html.NS.HTML, []), html, {})
  ) as Node;
  for (const element of elements(root)) {
    if (element.tagName === 'script' && as === 'document') {
      const type = (attr(element, 'type') ?? '').trim().toLowerCase();
      if (SCRIPT_TYPES.has(type) && (textOf(element).trim() !== '' || attr(element, 'src'))) return true;
    }
    for (const { name, value } of element.attrs) {
      // Event handlers a page can fire without the victim's help (onload, onerror,
      // onfocus with autofocus…) and the ones it needs a click for are treated alike:
      // a victim who reads the page is assumed to use it.
      if (/^on[a-z]+$/i.test(name) && value.trim() !== '') return true;
      if (URL_ATTRIBUTES.has(name) && isJavaScriptUrl(value)) return true;
    }
    if (element.tagName === 'iframe') {
      const srcdoc = attr(element, 'srcdoc');
      if (srcdoc && wouldRunScript(srcdoc)) return true;
    }
    if (element.tagName === 'meta' && /refresh/i.test(attr(element, 'http-equiv') ?? '')) {
      const url = (attr(element, 'content') ?? '').replace(/^[^;]*;\s*url\s*=\s*/i, '');
      if (isJavaScriptUrl(url)) return true;
    }
  }
  return false;
}

export interface SubmittedForm {
  method: string;
  action: string;
  fields: Record<string, string>;
}

/**
 * The forms a browser would submit on its own when opening `html`: a form whose
 * `submit()` an inline script calls, or one with an autofocus button… Only forms the
 * page submits without the victim's choice count, and only their declared fields.
 */
export function formsSubmittedOnLoad(html: string): SubmittedForm[] {
  const root = parse(html) as Node;
  const all = [...elements(root)];
  const scripts = all
    .filter((e) => e.tagName === 'script')
    .map(textOf)
    .join('\n');
  const bodyOnload = all.find((e) => e.tagName === 'body')?.attrs.find((a) => a.name === 'onload')?.value ?? '';
  const code = `${scripts}\n${bodyOnload}`;
  const forms = all.filter((e) => e.tagName === 'form');
  const submitted: SubmittedForm[] = [];
  forms.forEach((form, index) => {
    const id = attr(form, 'id');
    const name = attr(form, 'name');
    const references = [
      id &&
        new RegExp(
          `(getElementById\\(\\s*['"]${escapeRegExp(id)}['"]\\s*\\)|\\b${escapeRegExp(id)})\\.(submit|requestSubmit)\\(`,
        ),
      name && new RegExp(`forms\\[\\s*['"]${escapeRegExp(name)}['"]\\s*\\]\\.(submit|requestSubmit)\\(`),
      new RegExp(`forms\\[\\s*${index}\\s*\\]\\.(submit|requestSubmit)\\(`),
      index === 0 && /querySelector\(\s*['"]form['"]\s*\)\.(submit|requestSubmit)\(/,
      forms.length === 1 && /\bforms\[0\]\.(submit|requestSubmit)\(/,
    ].filter(Boolean) as RegExp[];
    if (!references.some((pattern) => pattern.test(code))) return;
    const fields: Record<string, string> = {};
    for (const input of [...elements(form)]) {
      const fieldName = attr(input, 'name');
      if (fieldName && (input.tagName === 'input' || input.tagName === 'textarea' || input.tagName === 'select')) {
        fields[fieldName] = input.tagName === 'textarea' ? textOf(input) : (attr(input, 'value') ?? '');
      }
    }
    submitted.push({
      method: (attr(form, 'method') ?? 'GET').toUpperCase(),
      action: attr(form, 'action') ?? '',
      fields,
    });
  });
  return submitted;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
