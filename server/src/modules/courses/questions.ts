import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type { Report } from './content-loader';
import { renderInlineMarkdown, renderMarkdown } from './markdown';

/**
 * Knowledge checks: the questions at the end of a lesson, read from
 * `NN-<slug>.questions.yaml` beside the lesson. The format is documented in
 * docs/content-format.md; every rule below names itself in the error it reports.
 */
export type QuestionKind = 'single' | 'multiple' | 'short';

export interface QuestionOption {
  /** Position in the file, 0-based: what the browser sends back as the choice. */
  index: number;
  html: string;
  correct: boolean;
}

export interface Question {
  /** Stable within its lesson: first attempts are recorded against it. */
  id: string;
  kind: QuestionKind;
  promptHtml: string;
  /** Choices for single and multiple; empty for short. */
  options: QuestionOption[];
  /** Accepted short answers, already normalised (see normaliseShortAnswer). */
  acceptedAnswers: string[];
  /** The first accepted answer as written, shown once the learner has answered. */
  displayAnswer: string;
  caseSensitive: boolean;
  explanationHtml: string;
}

export const QUESTIONS_PER_LESSON = { min: 3, max: 5 } as const;
export const OPTIONS_PER_QUESTION = { min: 3, max: 6 } as const;
/** An explanation has to teach: "Correct." or a bare restatement is not enough. */
export const MIN_EXPLANATION_WORDS = 12;
const QUESTION_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const KINDS: readonly QuestionKind[] = ['single', 'multiple', 'short'];
const KEYS_BY_KIND: Record<QuestionKind, readonly string[]> = {
  single: ['id', 'kind', 'prompt', 'options', 'explanation'],
  multiple: ['id', 'kind', 'prompt', 'options', 'explanation'],
  short: ['id', 'kind', 'prompt', 'answers', 'case_sensitive', 'explanation'],
};

/** Reads and checks one questions file; reports every problem and returns null if there was one. */
export function loadQuestions(file: string, report: Report): Question[] | null {
  let data: unknown;
  try {
    data = parseYaml(readFileSync(file, 'utf8'));
  } catch (error) {
    report(file, `not valid YAML (${(error as Error).message.split('\n')[0]})`);
    return null;
  }
  let failed = false;
  const fail = (problem: string) => {
    failed = true;
    report(file, problem);
  };
  if (!Array.isArray(data)) {
    fail('must be a YAML list of questions (each starting with "- id: …")');
    return null;
  }
  if (data.length < QUESTIONS_PER_LESSON.min || data.length > QUESTIONS_PER_LESSON.max) {
    fail(`has ${data.length} questions; a lesson has ${QUESTIONS_PER_LESSON.min}–${QUESTIONS_PER_LESSON.max}`);
  }
  const seen = new Set<string>();
  const questions: Question[] = [];
  data.forEach((raw: unknown, position) => {
    const question = readQuestion(raw, `question ${position + 1}`, fail);
    if (!question) return;
    if (seen.has(question.id)) fail(`question ${position + 1}: id "${question.id}" is used twice`);
    seen.add(question.id);
    questions.push(question);
  });
  return failed ? null : questions;
}

function readQuestion(raw: unknown, where: string, fail: (problem: string) => void): Question | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    fail(`${where}: must be a set of key: value lines`);
    return null;
  }
  const record = raw as Record<string, unknown>;
  const id = record.id;
  if (typeof id !== 'string' || !QUESTION_ID.test(id)) {
    fail(`${where}: "id" must be lower-case words joined by hyphens`);
    return null;
  }
  const at = `question "${id}"`;
  const kind = record.kind as QuestionKind;
  if (!KINDS.includes(kind)) {
    fail(`${at}: "kind" must be one of ${KINDS.join(', ')}`);
    return null;
  }
  let ok = true;
  const problem = (text: string) => {
    ok = false;
    fail(`${at}: ${text}`);
  };
  for (const key of Object.keys(record)) {
    if (!KEYS_BY_KIND[kind].includes(key)) {
      problem(`unknown key "${key}" for a ${kind} question (allowed: ${KEYS_BY_KIND[kind].join(', ')})`);
    }
  }
  if (!isText(record.prompt)) problem('"prompt" must be non-empty text');
  if (!isText(record.explanation)) problem('"explanation" must be non-empty text');
  else if (wordCount(record.explanation) < MIN_EXPLANATION_WORDS) {
    problem(`"explanation" must teach why (at least ${MIN_EXPLANATION_WORDS} words)`);
  }

  let options: QuestionOption[] = [];
  let acceptedAnswers: string[] = [];
  let displayAnswer = '';
  const caseSensitive = record.case_sensitive === true;
  if (kind === 'short') {
    if ('case_sensitive' in record && typeof record.case_sensitive !== 'boolean') {
      problem('"case_sensitive" must be true or false');
    }
    const answers = record.answers;
    if (!Array.isArray(answers) || answers.length === 0 || !answers.every((a) => isText(a) || isNumber(a))) {
      problem('"answers" must be a list of one or more accepted answers');
    } else {
      acceptedAnswers = answers.map((a) => normaliseShortAnswer(String(a), caseSensitive));
      displayAnswer = String(answers[0]);
      if (new Set(acceptedAnswers).size !== acceptedAnswers.length) problem('"answers" lists the same answer twice');
    }
  } else {
    options = readOptions(record.options, kind, problem);
  }
  if (!ok) return null;
  return {
    id,
    kind,
    promptHtml: renderMarkdown(String(record.prompt)),
    options,
    acceptedAnswers,
    displayAnswer,
    caseSensitive,
    explanationHtml: renderMarkdown(String(record.explanation)),
  };
}

function readOptions(raw: unknown, kind: 'single' | 'multiple', problem: (text: string) => void): QuestionOption[] {
  const { min, max } = OPTIONS_PER_QUESTION;
  if (!Array.isArray(raw) || raw.length < min || raw.length > max) {
    problem(`"options" must list ${min}–${max} choices`);
    return [];
  }
  const options: QuestionOption[] = [];
  const texts = new Set<string>();
  raw.forEach((option: unknown, index) => {
    const record = typeof option === 'object' && option !== null ? (option as Record<string, unknown>) : {};
    const extra = Object.keys(record).filter((key) => key !== 'text' && key !== 'correct');
    if (!isText(record.text) && !isNumber(record.text)) {
      problem(`option ${index + 1} needs "text" (write options as "- text: …" with "correct: true" on the right ones)`);
      return;
    }
    if (extra.length > 0) problem(`option ${index + 1} has an unknown key "${extra[0]}" (allowed: text, correct)`);
    if ('correct' in record && typeof record.correct !== 'boolean') {
      problem(`option ${index + 1}: "correct" must be true or false`);
    }
    const text = String(record.text).trim();
    if (texts.has(text)) problem(`option ${index + 1} repeats another option's text`);
    texts.add(text);
    options.push({ index, html: renderInlineMarkdown(text), correct: record.correct === true });
  });
  const right = options.filter((o) => o.correct).length;
  if (kind === 'single' && right !== 1)
    problem(`a single-choice question has exactly one correct option (found ${right})`);
  if (kind === 'multiple' && (right < 2 || right === options.length)) {
    problem(
      `a multiple-choice question has at least two correct options and at least one wrong one (found ${right} of ${options.length})`,
    );
  }
  return options;
}

/**
 * How a typed answer is compared: surrounding space trimmed, inner runs of space made one,
 * and, unless the question says otherwise, letter case ignored.
 */
export function normaliseShortAnswer(answer: string, caseSensitive: boolean): string {
  const collapsed = answer.trim().replace(/\s+/g, ' ');
  return caseSensitive ? collapsed : collapsed.toLowerCase();
}

function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}
