import hljs from 'highlight.js';
import MarkdownIt from 'markdown-it';

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

// Lessons carry no pictures: an image would be a request to somewhere we do not control.
md.disable('image');

md.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  token.attrSet('rel', 'noopener noreferrer');
  if (/^https?:\/\//i.test(token.attrGet('href') ?? '')) token.attrSet('target', '_blank');
  return self.renderToken(tokens, index, options);
};

// Wide tables scroll sideways inside their own box instead of stretching a phone screen.
md.renderer.rules.table_open = () => '<div class="table-scroll"><table>\n';
md.renderer.rules.table_close = () => '</table></div>\n';

export function renderMarkdown(source: string): string {
  return md.render(source);
}

/** The escaping markdown-it applies to text (& < > "), for values filled into rendered HTML. */
export function escapeHtml(text: string): string {
  return md.utils.escapeHtml(text);
}
