import hljs from 'highlight.js';
import MarkdownIt from 'markdown-it';
import type { DiagramResolver } from './diagrams';

/**
 * Markdown → safe HTML, once, when the content loads. `html: false` makes markdown-it
 * escape any raw HTML in a lesson, and its link validator drops `javascript:` and
 * similar URLs, so what reaches the browser is only the markup Markdown itself produces.
 * Code is highlighted here so the browser ships no Markdown or highlighting library.
 */
const md: MarkdownIt = new MarkdownIt({
  html: false,
  linkify: false,
  typographer: false,
  highlight: (code, language) => {
    const known = language ? hljs.getLanguage(language) : undefined;
    const body = known ? hljs.highlight(code, { language, ignoreIllegals: true }).value : md.utils.escapeHtml(code);
    const label = md.utils.escapeHtml(known?.name ?? (language || 'Text'));
    const codeClass = known ? ` class="hljs language-${md.utils.escapeHtml(language)}"` : ' class="hljs"';
    // The copy button works through one delegated handler in the reader; the box that
    // scrolls is focusable so a keyboard can scroll it, and named for screen readers.
    return (
      `<div class="code-block"><div class="code-head"><span class="code-lang">${label}</span>` +
      `<button type="button" class="code-copy" data-copy-code aria-label="Copy ${label} code">Copy</button></div>` +
      `<pre tabindex="0" aria-label="${label} code"><code${codeClass}>${body}</code></pre></div>`
    );
  },
});

/** What a lesson's Markdown may refer to beyond itself: its module's diagrams. */
export interface RenderContext {
  diagrams?: DiagramResolver;
  report?: (problem: string) => void;
  /** Filled while rendering: the document's second-level headings, for a contents list. */
  sections?: Section[];
}

/** A second-level heading of a rendered document and the id its anchor links to. */
export interface Section {
  id: string;
  title: string;
}

// The only pictures are the module's own diagrams, drawn inline (see diagrams.ts): an
// image from anywhere else would be a request to somewhere we do not control.
md.renderer.rules.image = (tokens, index, _options, env: RenderContext) => {
  const token = tokens[index]!;
  const alt = token.content;
  const resolved = env.diagrams?.(token.attrGet('src') ?? '', alt, token.attrGet('title') ?? '');
  if (resolved && 'html' in resolved) return resolved.html;
  if (resolved) env.report?.(resolved.problem);
  else env.report?.('images are only allowed in lessons and module introductions');
  return md.utils.escapeHtml(alt);
};

md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  token.attrSet('rel', 'noopener noreferrer');
  if (/^https?:\/\//i.test(token.attrGet('href') ?? '')) token.attrSet('target', '_blank');
  return self.renderToken(tokens, index, options);
};

// Wide tables scroll sideways inside their own box instead of stretching a phone screen;
// the box takes focus so a keyboard can scroll it too.
md.renderer.rules.table_open = () =>
  '<div class="table-scroll" tabindex="0" role="region" aria-label="Table, scrolls sideways"><table>\n';
md.renderer.rules.table_close = () => '</table></div>\n';

// Every h2 gets an id the reader's contents list links to: a slug of its text, made unique
// within the document.
md.renderer.rules.heading_open = (tokens, index, options, env: RenderContext, self) => {
  const token = tokens[index]!;
  if (token.tag === 'h2') {
    const title = tokens[index + 1]?.children?.map((child) => child.content).join('') ?? '';
    const sections = (env.sections ??= []);
    const base = slugify(title) || 'section';
    let id = base;
    for (let n = 2; sections.some((section) => section.id === id); n += 1) id = `${base}-${n}`;
    sections.push({ id, title });
    token.attrSet('id', id);
  }
  return self.renderToken(tokens, index, options);
};

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** Words a reader gets through in a minute of technical prose (code included, read slower). */
const WORDS_PER_MINUTE = 200;

/** Whole minutes to read `source`, at least one. */
export function readingMinutes(source: string): number {
  const words = source.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

export function renderMarkdown(source: string, context: RenderContext = {}): string {
  return md.render(source, context);
}

/** A lesson body as HTML, with its sections (h2s) in order. */
export function renderLesson(source: string, context: RenderContext = {}): { html: string; sections: Section[] } {
  const env: RenderContext = { ...context, sections: [] };
  const html = md.render(source, env);
  return { html, sections: env.sections! };
}

/** The escaping markdown-it applies to text (& < > "), for values filled into rendered HTML. */
export function escapeHtml(text: string): string {
  return md.utils.escapeHtml(text);
}

/** One line of Markdown (a question's option): emphasis, code and links, no paragraph around it. */
export function renderInlineMarkdown(source: string): string {
  return md.renderInline(source);
}
