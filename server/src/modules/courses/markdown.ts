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
    const known = language && hljs.getLanguage(language);
    const body = known ? hljs.highlight(code, { language, ignoreIllegals: true }).value : md.utils.escapeHtml(code);
    const label = known ? ` class="hljs language-${md.utils.escapeHtml(language)}"` : ' class="hljs"';
    return `<pre tabindex="0"><code${label}>${body}</code></pre>`;
  },
});

/** What a lesson's Markdown may refer to beyond itself: its module's diagrams. */
export interface RenderContext {
  diagrams?: DiagramResolver;
  report?: (problem: string) => void;
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

// Wide tables scroll sideways inside their own box instead of stretching a phone screen.
md.renderer.rules.table_open = () => '<div class="table-scroll"><table>\n';
md.renderer.rules.table_close = () => '</table></div>\n';

export function renderMarkdown(source: string, context: RenderContext = {}): string {
  return md.render(source, context);
}

/** The escaping markdown-it applies to text (& < > "), for values filled into rendered HTML. */
export function escapeHtml(text: string): string {
  return md.utils.escapeHtml(text);
}

/** One line of Markdown (a question's option): emphasis, code and links, no paragraph around it. */
export function renderInlineMarkdown(source: string): string {
  return md.renderInline(source);
}
