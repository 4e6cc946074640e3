import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DIFFICULTIES, MODULE_DISPLAY_NAMES, MODULE_IDS, type Difficulty, type ModuleId } from '@ehc/common';
import { parse as parseYaml } from 'yaml';
import { Catalogue, type CourseModule, type Lesson } from './catalogue';
import { diagramResolver } from './diagrams';
import { readingMinutes, renderLesson, renderMarkdown, type RenderContext } from './markdown';
import { loadQuestions } from './questions';

/** Why the content cannot be served, one line per problem, each naming its file. */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid course content:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ContentError';
  }
}

const LESSON_FILE = /^(\d{2})-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/;
const QUESTIONS_SUFFIX = '.questions.yaml';
const DIAGRAMS_FOLDER = 'diagrams';
const AUTHORIZED_NOTE_HEADING = /^## Authorized testing only\s*$/m;
const MODULE_KEYS = ['id', 'title', 'description', 'icon', 'difficulty', 'order'] as const;
const LESSON_KEYS = ['title', 'summary'] as const;

/**
 * Reads and checks `<contentDir>/modules`: the seven known modules in order, each with a
 * valid module.md and lessons numbered 01… without gaps or duplicates. Renders every
 * body to HTML. Throws ContentError listing every problem found.
 */
export function loadCatalogue(contentDir: string): Catalogue {
  const problems: string[] = [];
  const modulesDir = join(contentDir, 'modules');
  const show = (path: string) => relative(join(contentDir, '..'), path);
  if (!existsSync(modulesDir)) throw new ContentError([`${show(modulesDir)}: folder not found`]);

  for (const entry of readdirSync(modulesDir)) {
    if (!(MODULE_IDS as readonly string[]).includes(entry)) {
      problems.push(
        `${show(join(modulesDir, entry))}: not a known module id (expected one of ${MODULE_IDS.join(', ')})`,
      );
    }
  }

  const modules: CourseModule[] = [];
  MODULE_IDS.forEach((id, index) => {
    const dir = join(modulesDir, id);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) {
      problems.push(`${show(dir)}: module folder is missing`);
      return;
    }
    const loaded = loadModule(dir, id, index + 1, (file, problem) => problems.push(`${show(file)}: ${problem}`));
    if (loaded) modules.push(loaded);
  });

  if (problems.length > 0) throw new ContentError(problems);
  return new Catalogue(modules);
}

export type Report = (file: string, problem: string) => void;

function loadModule(dir: string, id: ModuleId, expectedOrder: number, report: Report): CourseModule | null {
  const moduleFile = join(dir, 'module.md');
  const lessons = loadLessons(dir, report);
  if (!existsSync(moduleFile)) {
    report(moduleFile, 'module.md is missing');
    return null;
  }
  const parsed = readFrontMatter(moduleFile, MODULE_KEYS, report);
  if (!parsed) return null;
  const { data, body } = parsed;
  const fail = (problem: string) => report(moduleFile, problem);

  // Missing keys were reported by readFrontMatter; these check the values that are there.
  const has = (key: string) => key in data;
  if (has('id') && data.id !== id) fail(`id is ${JSON.stringify(data.id)}, but the folder is "${id}"`);
  if (has('title') && data.title !== MODULE_DISPLAY_NAMES[id]) fail(`title must be "${MODULE_DISPLAY_NAMES[id]}"`);
  if (has('description') && !isNonEmptyString(data.description)) fail('description must be non-empty text');
  if (has('icon') && (!isNonEmptyString(data.icon) || [...data.icon].length > 4)) fail('icon must be one emoji');
  if (has('difficulty') && !(DIFFICULTIES as readonly unknown[]).includes(data.difficulty)) {
    fail(`difficulty must be one of ${DIFFICULTIES.join(', ')}`);
  }
  if (has('order') && data.order !== expectedOrder) fail(`order must be ${expectedOrder} for ${id}`);
  if (!AUTHORIZED_NOTE_HEADING.test(body)) fail('the introduction needs a "## Authorized testing only" section');
  if (lessons.length === 0) report(dir, 'module has no lessons');

  return {
    id,
    order: expectedOrder,
    title: String(data.title),
    description: String(data.description ?? ''),
    icon: String(data.icon ?? ''),
    difficulty: data.difficulty as Difficulty,
    introHtml: renderMarkdown(body, renderContext(dir, moduleFile, report)),
    lessons,
  };
}

function loadLessons(dir: string, report: Report): Lesson[] {
  const byNumber = new Map<number, string>();
  const lessons: Lesson[] = [];
  const names = readdirSync(dir).sort();
  for (const name of names) {
    if (name === 'module.md' || name === DIAGRAMS_FOLDER) continue;
    const file = join(dir, name);
    if (name.endsWith(QUESTIONS_SUFFIX)) {
      const lessonName = name.slice(0, -QUESTIONS_SUFFIX.length) + '.md';
      if (!names.includes(lessonName)) report(file, `questions for a lesson that does not exist (${lessonName})`);
      continue;
    }
    const match = LESSON_FILE.exec(name);
    if (!match) {
      report(file, 'lesson files are named NN-slug.md (two digits, then lower-case words joined by hyphens)');
      continue;
    }
    const number = Number(match[1]);
    const other = byNumber.get(number);
    if (other) {
      report(file, `lesson number ${match[1]} is also used by ${other}`);
      continue;
    }
    byNumber.set(number, name);
    const parsed = readFrontMatter(file, LESSON_KEYS, report);
    if (!parsed) continue;
    const { title, summary } = parsed.data;
    if (title !== undefined && !isNonEmptyString(title)) report(file, '"title" must be non-empty text');
    if (summary !== undefined && !isNonEmptyString(summary)) report(file, '"summary" must be non-empty text');
    const questionsFile = join(dir, name.slice(0, -'.md'.length) + QUESTIONS_SUFFIX);
    const questions = existsSync(questionsFile) ? (loadQuestions(questionsFile, report) ?? []) : [];
    const { html, sections } = renderLesson(parsed.body, renderContext(dir, file, report));
    lessons.push({
      number,
      slug: match[2]!,
      title: String(title),
      summary: String(summary),
      html,
      sections,
      readingMinutes: readingMinutes(parsed.body),
      questions,
    });
  }
  lessons.sort((a, b) => a.number - b.number);
  // Report the first lesson out of place; the ones after it would only repeat the news.
  const misplaced = lessons.find((lesson, index) => lesson.number !== index + 1);
  if (misplaced) {
    const expected = String(lessons.indexOf(misplaced) + 1).padStart(2, '0');
    report(
      join(dir, byNumber.get(misplaced.number)!),
      `lessons must be numbered 01, 02, … without gaps; expected ${expected} here`,
    );
  }
  return lessons;
}

function renderContext(moduleDir: string, file: string, report: Report): RenderContext {
  return { diagrams: diagramResolver(moduleDir), report: (problem) => report(file, problem) };
}

/** The YAML between the leading `---` lines and the body after them; reports what is wrong. */
export function readFrontMatter(
  file: string,
  allowed: readonly string[],
  report: Report,
): { data: Record<string, unknown>; body: string } | null {
  const text = readFileSync(file, 'utf8').replace(/\r\n/g, '\n');
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(text);
  if (!match) {
    report(file, 'must start with front matter between two "---" lines');
    return null;
  }
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (error) {
    report(file, `front matter is not valid YAML (${(error as Error).message.split('\n')[0]})`);
    return null;
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    report(file, 'front matter must be a set of key: value lines');
    return null;
  }
  const record = data as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key))
      report(file, `front matter has an unknown key "${key}" (allowed: ${allowed.join(', ')})`);
  }
  for (const key of allowed) {
    if (!(key in record)) report(file, `front matter is missing "${key}"`);
  }
  return { data: record, body: match[2]! };
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
