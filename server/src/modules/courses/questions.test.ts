import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_DIR } from '../../test/test-app';
import { ContentError, loadCatalogue } from './content-loader';
import { checkDiagram } from './diagrams';

const copies: string[] = [];
afterEach(() => copies.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const LESSON = 'modules/cryptography/01-fixture-lesson-1';

/** A copy of the fixture course changed by `mutate` (given the copy's root), loaded. */
function load(mutate: (root: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'ehc-questions-'));
  copies.push(dir);
  cpSync(FIXTURE_CONTENT_DIR, dir, { recursive: true });
  mutate(dir);
  return loadCatalogue(dir);
}

function problemsAfter(mutate: (root: string) => void): string[] {
  try {
    load(mutate);
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
  throw new Error('expected the content to be refused');
}

const setQuestions = (yaml: string) => (root: string) => writeFileSync(join(root, `${LESSON}.questions.yaml`), yaml);
const editQuestions = (change: (text: string) => string) => (root: string) => {
  const file = join(root, `${LESSON}.questions.yaml`);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
};

const single = (id: string, extra = '') => `- id: ${id}
  kind: single
  prompt: Which one?
  options:
    - text: One
      correct: true
    - text: Two
    - text: Three
  explanation: Because the first option is the only one the lesson describes as working in this case.
${extra}`;

describe('questions files', () => {
  it('load beside their lessons, rendered, with the key kept on the server side', () => {
    const lesson = load(() => {}).lesson('cryptography', 1)!;
    expect(lesson.questions.map((q) => [q.id, q.kind])).toEqual([
      ['fixture-single', 'single'],
      ['fixture-multiple', 'multiple'],
      ['fixture-short', 'short'],
    ]);
    const [choice, , short] = lesson.questions;
    expect(choice!.options.map((o) => o.correct)).toEqual([false, true, false]);
    expect(choice!.explanationHtml).toMatch(/^<p>FIXTURE-EXPLANATION-single/);
    expect(short!.acceptedAnswers).toEqual(['443', 'tcp/443']);
  });

  it('render Markdown and escape raw HTML', () => {
    const risky = single('html-check')
      .replace('Which one?', "'Which `nmap` flag <script>alert(1)</script>?'")
      .replace('text: One', "text: '`-sV`'");
    const lesson = load(setQuestions(risky + single('b') + single('c'))).lesson('cryptography', 1)!;
    expect(lesson.questions[0]!.promptHtml).toBe(
      '<p>Which <code>nmap</code> flag &lt;script&gt;alert(1)&lt;/script&gt;?</p>\n',
    );
    expect(lesson.questions[0]!.options[0]!.html).toBe('<code>-sV</code>');
  });

  it.each<[string, (root: string) => void, RegExp]>([
    ['a file that is not YAML', setQuestions('- id: [unclosed'), /questions\.yaml: not valid YAML/],
    ['a file that is not a list', setQuestions('id: one\nkind: single\n'), /must be a YAML list of questions/],
    ['too few questions', setQuestions(single('a') + single('b')), /has 2 questions; a lesson has 3–5/],
    [
      'too many questions',
      setQuestions(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => single(id)).join('')),
      /has 6 questions; a lesson has 3–5/,
    ],
    [
      'a badly formed id',
      setQuestions(single('Bad_Id') + single('b') + single('c')),
      /question 1: "id" must be lower-case/,
    ],
    ['a repeated id', setQuestions(single('a') + single('a') + single('c')), /id "a" is used twice/],
    [
      'an unknown kind',
      editQuestions((y) => y.replace('kind: single', 'kind: essay')),
      /question "fixture-single": "kind" must be one of single, multiple, short/,
    ],
    [
      'an unknown key',
      editQuestions((y) => y.replace('kind: single', 'kind: single\n  hint: look up')),
      /unknown key "hint" for a single question/,
    ],
    [
      'a missing prompt',
      editQuestions((y) => y.replace(/ {2}prompt: 'Fixture single[^\n]*\n/, '')),
      /"prompt" must be non-empty/,
    ],
    [
      'an explanation that does not teach',
      editQuestions((y) => y.replace(/explanation: 'FIXTURE-EXPLANATION-single[^\n]*/, 'explanation: Correct.')),
      /"explanation" must teach why \(at least 12 words\)/,
    ],
    [
      'a single-choice question with two right options',
      editQuestions((y) =>
        y.replace('    - text: Wrong option A\n', '    - text: Wrong option A\n      correct: true\n'),
      ),
      /exactly one correct option \(found 2\)/,
    ],
    [
      'a multiple-choice question with one right option',
      editQuestions((y) =>
        y.replace('    - text: Right option A\n      correct: true\n', '    - text: Right option A\n'),
      ),
      /at least two correct options and at least one wrong one \(found 1 of 3\)/,
    ],
    [
      'a multiple-choice question with every option right',
      editQuestions((y) =>
        y.replace('    - text: Wrong option B\n', '    - text: Wrong option B\n      correct: true\n'),
      ),
      /at least two correct options and at least one wrong one \(found 3 of 3\)/,
    ],
    [
      'too few options',
      editQuestions((y) => y.replace('    - text: Wrong option C\n', '')),
      /"options" must list 3–6 choices/,
    ],
    [
      'an option without text',
      editQuestions((y) => y.replace('    - text: Wrong option C\n', '    - correct: false\n')),
      /option 3 needs "text"/,
    ],
    [
      'two options with the same text',
      editQuestions((y) => y.replace('Wrong option C', 'Wrong option A')),
      /option 3 repeats another option's text/,
    ],
    [
      'a short question without answers',
      editQuestions((y) => y.replace("answers: [443, 'tcp/443']", 'answers: []')),
      /"answers" must be a list of one or more accepted answers/,
    ],
    [
      'a short question listing an answer twice',
      editQuestions((y) => y.replace("answers: [443, 'tcp/443']", "answers: ['TCP/443', 'tcp/443']")),
      /"answers" lists the same answer twice/,
    ],
    [
      'a short question with options',
      editQuestions((y) => y.replace("answers: [443, 'tcp/443']", "answers: [443]\n  options: [{ text: '443' }]")),
      /unknown key "options" for a short question/,
    ],
    [
      'questions for a lesson that does not exist',
      (root) =>
        cpSync(join(root, `${LESSON}.questions.yaml`), join(root, 'modules/cryptography/09-nothing.questions.yaml')),
      /09-nothing\.questions\.yaml: questions for a lesson that does not exist/,
    ],
  ])('refuse %s, naming the file', (_what, mutate, expected) => {
    const problems = problemsAfter(mutate);
    expect(problems.join('\n')).toMatch(expected);
    expect(problems.join('\n')).toMatch(/modules\/cryptography\//);
  });

  it('accept case-sensitive short answers only in their exact case', () => {
    const lesson = load(
      editQuestions((y) => y.replace("answers: [443, 'tcp/443']", "answers: ['-sV']\n  case_sensitive: true")),
    ).lesson('cryptography', 1)!;
    expect(lesson.questions[2]).toMatchObject({ acceptedAnswers: ['-sV'], caseSensitive: true, displayAnswer: '-sV' });
  });
});

const DIAGRAM = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 200" width="640" height="200">
  <defs><marker id="flow-arrow" viewBox="0 0 10 10" refX="10" refY="5"><path d="M0 0 10 5 0 10z" fill="currentColor"/></marker></defs>
  <rect class="d-fill" x="10" y="10" width="200" height="80" stroke="currentColor"/>
  <text x="20" y="50" fill="currentColor">Access point</text>
  <line x1="210" y1="50" x2="400" y2="50" stroke="currentColor" marker-end="url(#flow-arrow)"/>
</svg>`;
const ALT = 'An access point on the left sends a frame to the client on the right';

function withDiagram(svg: string, reference: string) {
  return (root: string) => {
    mkdirSync(join(root, 'modules/cryptography/diagrams'), { recursive: true });
    writeFileSync(join(root, 'modules/cryptography/diagrams/flow.svg'), svg);
    const lesson = join(root, `${LESSON}.md`);
    writeFileSync(lesson, `${readFileSync(lesson, 'utf8')}\n${reference}\n`);
  };
}

describe('diagrams', () => {
  it('are drawn inline with their alt text as the accessible name and the title as caption', () => {
    const html = load(withDiagram(DIAGRAM, `![${ALT}](diagrams/flow.svg "The flow")`)).lesson('cryptography', 1)!.html;
    expect(html).toContain(
      `<figure class="diagram"><div class="diagram-scroll" tabindex="0"><svg role="img" aria-label="${ALT}" focusable="false"`,
    );
    expect(html).toContain('<figcaption>The flow</figcaption>');
    // The fixed size is dropped so the drawing scales to the column; the marker keeps its viewBox.
    expect(html).not.toMatch(/<svg[^>]*width="640"/);
  });

  it.each<[string, string, string, RegExp]>([
    ['an image from elsewhere', DIAGRAM, `![${ALT}](https://example.com/x.svg)`, /only diagrams\/<name>\.svg/],
    ['a missing file', DIAGRAM, `![${ALT}](diagrams/other.svg)`, /cryptography\/diagrams\/other\.svg does not exist/],
    ['short alt text', DIAGRAM, '![A flow](diagrams/flow.svg)', /alt text must describe the diagram/],
    [
      'a script',
      DIAGRAM.replace('</svg>', '<script>alert(1)</script></svg>'),
      `![${ALT}](diagrams/flow.svg)`,
      /no <script>/,
    ],
    [
      'a style element',
      DIAGRAM.replace('<defs>', '<style>p{}</style><defs>'),
      `![${ALT}](diagrams/flow.svg)`,
      /<style>/,
    ],
    [
      'an event handler',
      DIAGRAM.replace('<rect ', '<rect onclick="x()" '),
      `![${ALT}](diagrams/flow.svg)`,
      /event-handler/,
    ],
    [
      'an outside link',
      DIAGRAM.replace('<rect ', '<use href="https://e.com/a.svg#x"/><rect '),
      `![${ALT}](diagrams/flow.svg)`,
      /links may only point inside/,
    ],
    [
      'a literal colour',
      DIAGRAM.replace('stroke="currentColor"/>', 'stroke="#ff0000"/>'),
      `![${ALT}](diagrams/flow.svg)`,
      /literal colour "#ff0000"/,
    ],
    [
      'an unprefixed id',
      DIAGRAM.replaceAll('flow-arrow', 'arrow'),
      `![${ALT}](diagrams/flow.svg)`,
      /id "arrow" must start with "flow-"/,
    ],
    ['no viewBox', DIAGRAM.replace('viewBox="0 0 640 200" ', ''), `![${ALT}](diagrams/flow.svg)`, /needs a viewBox/],
  ])('refuse %s', (_what, svg, reference, expected) => {
    expect(problemsAfter(withDiagram(svg, reference)).join('\n')).toMatch(expected);
  });

  it('accept the classes and currentColor the site styles', () => {
    expect(checkDiagram(DIAGRAM, 'flow')).toEqual([]);
  });
});
