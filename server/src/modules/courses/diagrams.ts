import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Lesson diagrams: SVG files in `content/modules/<module>/diagrams/`, written into the
 * lesson's HTML where Markdown names them (`![alt text](diagrams/<name>.svg "caption")`).
 * Inline rather than `<img>`: the drawing then takes the page's text colour, so one file
 * reads in the light and the dark theme, and it costs no extra request. Because the
 * markup lands in our page, the file must be inert and self-contained; `checkDiagram`
 * lists what it may not contain.
 */
const DIAGRAM_SRC = /^diagrams\/([a-z0-9]+(?:-[a-z0-9]+)*)\.svg$/;
export const MIN_ALT_WORDS = 8;

/** Turns a diagram reference into inline markup, or returns the reason it cannot. */
export type DiagramResolver = (src: string, alt: string, caption: string) => { html: string } | { problem: string };

export function diagramResolver(moduleDir: string): DiagramResolver {
  return (src, alt, caption) => {
    const match = DIAGRAM_SRC.exec(src);
    if (!match) return { problem: `image "${src}": only diagrams/<name>.svg from the module's folder may be shown` };
    const name = match[1]!;
    const file = join(moduleDir, 'diagrams', `${name}.svg`);
    if (!existsSync(file)) return { problem: `image "${src}": ${join(basename(moduleDir), src)} does not exist` };
    if (alt.trim().split(/\s+/).length < MIN_ALT_WORDS) {
      return { problem: `image "${src}": the alt text must describe the diagram (at least ${MIN_ALT_WORDS} words)` };
    }
    const svg = readFileSync(file, 'utf8');
    const problems = checkDiagram(svg, name);
    if (problems.length > 0) return { problem: `${src}: ${problems.join('; ')}` };
    return { html: figure(svg, alt, caption) };
  };
}

/** What makes an SVG unsafe or unreadable when placed inline in a lesson; empty when fine. */
export function checkDiagram(svg: string, name: string): string[] {
  const problems: string[] = [];
  if (!/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/.test(svg)) problems.push('must start with <svg>');
  if (!/<svg[^>]*\sviewBox="[^"]+"/.test(svg)) problems.push('the <svg> needs a viewBox so it can scale');
  if (/<(script|style|foreignObject|image|iframe|a)[\s>]/i.test(svg)) {
    problems.push('no <script>, <style>, <foreignObject>, <image>, <iframe> or <a> elements');
  }
  if (/\son[a-z]+\s*=/i.test(svg)) problems.push('no event-handler attributes');
  if (/(href|src)\s*=\s*"(?!#)/i.test(svg)) problems.push('links may only point inside the drawing (href="#…")');
  if (/<!DOCTYPE|<!ENTITY/i.test(svg)) problems.push('no DOCTYPE or entities');
  // Colours follow the theme: currentColor (the text colour) or the diagram classes in the
  // site's stylesheet, never a literal colour that vanishes on one of the two backgrounds.
  const colour = /(?:fill|stroke|color|stop-color)\s*[=:]\s*"?\s*([^";\s]+)/gi;
  for (const match of svg.matchAll(colour)) {
    if (!/^(none|currentColor|transparent|inherit)$/i.test(match[1]!)) {
      problems.push(`literal colour "${match[1]}" (use currentColor or the classes d-accent, d-muted, d-fill)`);
      break;
    }
  }
  // Several diagrams can share a page; ids must not collide with each other or the app's.
  for (const match of svg.matchAll(/\sid="([^"]+)"/g)) {
    if (!match[1]!.startsWith(`${name}-`)) {
      problems.push(`id "${match[1]}" must start with "${name}-"`);
      break;
    }
  }
  return problems;
}

function figure(svg: string, alt: string, caption: string): string {
  const label = escapeAttribute(alt.trim());
  const inline = svg
    .replace(/^\s*<\?xml[^>]*>\s*/, '')
    // The figure's alt text is the accessible name; the drawing's own text is not read out piecemeal.
    .replace(/<svg/, `<svg role="img" aria-label="${label}" focusable="false"`)
    .replace(/\s(width|height)="[^"]*"/g, (attr, _name, offset: number, whole: string) =>
      offset < whole.indexOf('>') ? '' : attr,
    )
    .trim();
  const figcaption = caption.trim() ? `<figcaption>${escapeText(caption.trim())}</figcaption>` : '';
  // On a phone the drawing keeps a readable size and scrolls sideways in its own box,
  // which can take focus so a keyboard can scroll it too.
  return `<figure class="diagram"><div class="diagram-scroll" tabindex="0">${inline}</div>${figcaption}</figure>`;
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, '&quot;');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
