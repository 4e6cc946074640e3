import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODULE_IDS } from '@ehc/common';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR } from '../../lib/env';
import { FIXTURE_CONTENT_DIR } from '../../test/test-app';
import { ContentError, loadCatalogue } from './content-loader';
import { readingMinutes, renderLesson } from './markdown';

const copies: string[] = [];
afterEach(() => copies.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the fixture course, broken by `mutate`, and the problems the loader reports for it. */
function problemsAfter(mutate: (modules: string) => void): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'ehc-content-'));
  copies.push(dir);
  cpSync(FIXTURE_CONTENT_DIR, dir, { recursive: true });
  mutate(join(dir, 'modules'));
  try {
    loadCatalogue(dir);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error('expected the content to be refused');
}

function edit(file: string, change: (text: string) => string): void {
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

describe('the real course content', () => {
  it('passes the same validation the server runs at start', () => {
    const catalogue = loadCatalogue(DEFAULT_CONTENT_DIR);
    expect(catalogue.modules.map((m) => m.id)).toEqual([...MODULE_IDS]);
    for (const module of catalogue.modules) expect(module.lessons.length).toBeGreaterThan(0);
  });
});

describe('loadCatalogue', () => {
  it('loads the fixture course in catalogue order with rendered lessons', () => {
    const catalogue = loadCatalogue(FIXTURE_CONTENT_DIR);
    expect(catalogue.modules.map((m) => m.id)).toEqual([...MODULE_IDS]);
    const web = catalogue.module('web-application')!;
    expect(web).toMatchObject({ order: 4, title: 'Web Application Security', icon: '🌐', difficulty: 'Beginner' });
    expect(web.lessons.map((l) => [l.number, l.slug])).toEqual([
      [1, 'fixture-lesson-1'],
      [2, 'fixture-lesson-2'],
      [3, 'fixture-lesson-3'],
    ]);
    expect(catalogue.lessonCount).toBe(15);
  });

  it.each<[string, (modules: string) => void, RegExp]>([
    [
      'an unknown module folder',
      (m) => cpSync(join(m, 'cryptography'), join(m, 'quantum-hacking'), { recursive: true }),
      /modules\/quantum-hacking: not a known module id/,
    ],
    [
      'a missing module folder',
      (m) => rmSync(join(m, 'cryptography'), { recursive: true }),
      /modules\/cryptography: module folder is missing/,
    ],
    [
      'a missing module.md',
      (m) => rmSync(join(m, 'wifi-hacking', 'module.md')),
      /wifi-hacking\/module\.md: module\.md is missing/,
    ],
    [
      'no front matter',
      (m) => edit(join(m, 'wifi-hacking', 'module.md'), (t) => t.replace(/^---\n/, '')),
      /wifi-hacking\/module\.md: must start with front matter/,
    ],
    [
      'broken YAML',
      (m) => edit(join(m, 'wifi-hacking', 'module.md'), (t) => t.replace('order: 1', 'order: [1')),
      /wifi-hacking\/module\.md: front matter is not valid YAML/,
    ],
    [
      'a missing field',
      (m) => edit(join(m, 'social-engineering', 'module.md'), (t) => t.replace(/^icon: .*\n/m, '')),
      /social-engineering\/module\.md: front matter is missing "icon"/,
    ],
    [
      'an unknown field',
      (m) => edit(join(m, 'social-engineering', 'module.md'), (t) => t.replace('order: 6', 'order: 6\nprice: 10')),
      /front matter has an unknown key "price"/,
    ],
    [
      'a wrong id',
      (m) => edit(join(m, 'mobile-hacking', 'module.md'), (t) => t.replace(/^id: .*$/m, 'id: "mobile"')),
      /mobile-hacking\/module\.md: id is "mobile", but the folder is "mobile-hacking"/,
    ],
    [
      'a wrong title',
      (m) => edit(join(m, 'mobile-hacking', 'module.md'), (t) => t.replace(/^title: .*$/m, 'title: "Phones"')),
      /title must be "Mobile Hacking"/,
    ],
    [
      'a bad difficulty',
      (m) => edit(join(m, 'cryptography', 'module.md'), (t) => t.replace(/^difficulty: .*$/m, 'difficulty: "Expert"')),
      /cryptography\/module\.md: difficulty must be one of Beginner, Intermediate, Advanced/,
    ],
    [
      'modules out of order',
      (m) => edit(join(m, 'cryptography', 'module.md'), (t) => t.replace('order: 7', 'order: 2')),
      /order must be 7 for cryptography/,
    ],
    [
      'no authorized-testing note',
      (m) => edit(join(m, 'cryptography', 'module.md'), (t) => t.replace('## Authorized testing only', '## Notes')),
      /needs a "## Authorized testing only" section/,
    ],
    [
      'a badly named lesson file',
      (m) => renameSync(join(m, 'cryptography', '02-fixture-lesson-2.md'), join(m, 'cryptography', '2-lesson.md')),
      /cryptography\/2-lesson\.md: lesson files are named NN-slug\.md/,
    ],
    [
      'a gap in the numbering',
      (m) =>
        renameSync(
          join(m, 'web-application', '02-fixture-lesson-2.md'),
          join(m, 'web-application', '04-fixture-lesson-2.md'),
        ),
      /web-application\/03-fixture-lesson-3\.md: lessons must be numbered 01, 02, … without gaps; expected 02 here/,
    ],
    [
      'a duplicate number',
      (m) => cpSync(join(m, 'web-application', '02-fixture-lesson-2.md'), join(m, 'web-application', '02-another.md')),
      /web-application\/02-fixture-lesson-2\.md: lesson number 02 is also used by 02-another\.md/,
    ],
    [
      'a lesson without a summary',
      (m) => edit(join(m, 'wifi-hacking', '01-fixture-lesson-1.md'), (t) => t.replace(/^summary: .*\n/m, '')),
      /wifi-hacking\/01-fixture-lesson-1\.md: front matter is missing "summary"/,
    ],
    [
      'a lesson with an empty title',
      (m) => edit(join(m, 'wifi-hacking', '01-fixture-lesson-1.md'), (t) => t.replace(/^title: .*$/m, 'title: ""')),
      /01-fixture-lesson-1\.md: "title" must be non-empty text/,
    ],
    [
      'a module with no lessons',
      (m) =>
        ['01-fixture-lesson-1.md', '02-fixture-lesson-2.md'].forEach((f) => rmSync(join(m, 'social-engineering', f))),
      /modules\/social-engineering: module has no lessons/,
    ],
  ])('refuses %s, naming the file', (_case, mutate, expected) => {
    const problems = problemsAfter(mutate);
    expect(problems.join('\n')).toMatch(expected);
  });

  it('reports every problem at once', () => {
    const problems = problemsAfter((m) => {
      rmSync(join(m, 'wifi-hacking', 'module.md'));
      edit(join(m, 'cryptography', 'module.md'), (t) => t.replace(/^difficulty: .*$/m, 'difficulty: "Expert"'));
    });
    expect(problems).toHaveLength(2);
  });
});

describe('rendered lesson HTML', () => {
  const lesson = loadCatalogue(FIXTURE_CONTENT_DIR).lesson('web-application', 1)!;

  it('escapes raw HTML instead of passing it through', () => {
    expect(lesson.html).not.toContain('<script>');
    expect(lesson.html).toContain('&lt;script&gt;');
  });

  it('drops javascript: links and marks real ones noopener noreferrer', () => {
    expect(lesson.html).not.toMatch(/href="javascript:/i);
    expect(lesson.html).toContain(
      '<a href="https://www.rfc-editor.org/rfc/rfc9110" rel="noopener noreferrer" target="_blank">RFC 9110</a>',
    );
  });

  it('highlights fenced code on the server, labelled with its language and a copy button', () => {
    expect(lesson.html).toContain(
      '<div class="code-block"><div class="code-head"><span class="code-lang">Python</span>' +
        '<button type="button" class="code-copy" data-copy-code aria-label="Copy Python code">Copy</button></div>',
    );
    expect(lesson.html).toMatch(
      /<pre tabindex="0" aria-label="Python code"><code class="hljs language-python"><span class="hljs-/,
    );
  });

  it('wraps tables in a named box that a keyboard can scroll', () => {
    expect(lesson.html).toContain(
      '<div class="table-scroll" tabindex="0" role="region" aria-label="Table, scrolls sideways"><table>',
    );
  });

  it("gives each h2 an anchor and lists them as the lesson's sections", () => {
    expect(lesson.sections).toEqual([
      { id: 'learning-objectives', title: 'Learning objectives' },
      { id: 'body', title: 'Body' },
    ]);
    expect(lesson.html).toContain('<h2 id="learning-objectives">Learning objectives</h2>');
    expect(lesson.readingMinutes).toBe(1);
  });
});

describe('renderLesson', () => {
  it('keeps anchors unique when headings repeat and slugs text outside a-z', () => {
    const { html, sections } = renderLesson('## Setup\n\n## Setup\n\n## `nmap` — ports & services\n');
    expect(sections.map((section) => section.id)).toEqual(['setup', 'setup-2', 'nmap-ports-services']);
    expect(sections[2]!.title).toBe('nmap — ports & services');
    expect(html).toContain('<h2 id="setup-2">Setup</h2>');
  });

  it('labels code in an unknown language as written, and unlabelled code as Text', () => {
    expect(renderLesson('```\nls\n```\n').html).toContain('<span class="code-lang">Text</span>');
    expect(renderLesson('```nosuchlang\nls\n```\n').html).toContain('<span class="code-lang">nosuchlang</span>');
  });
});

describe('readingMinutes', () => {
  it('counts words at 200 a minute, and never less than a minute', () => {
    expect(readingMinutes('word '.repeat(1000))).toBe(5);
    expect(readingMinutes('one two')).toBe(1);
    expect(readingMinutes('— | --- |')).toBe(1);
  });
});
