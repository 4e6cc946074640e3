import { FULL_SCOPE } from '../certificates/certificate-service';
import type { Catalogue, CourseModule } from '../courses/catalogue';

/**
 * Estimated study hours, derived from what the learner had to read: every lesson's words
 * (introduction included) read at 150 words a minute, and the same time again for the
 * hands-on practice each lesson asks for, rounded up to whole hours, at least one. The
 * full course is the sum of its modules. docs/credentials.md states the same rule.
 */
export const READING_WORDS_PER_MINUTE = 150;
export const PRACTICE_FACTOR = 2;

const cache = new WeakMap<Catalogue, Map<string, number>>();

export function studyHours(catalogue: Catalogue, scope: string): number {
  let hours = cache.get(catalogue);
  if (!hours) {
    hours = new Map(catalogue.modules.map((module) => [module.id as string, moduleHours(module)]));
    hours.set(
      FULL_SCOPE,
      [...hours.values()].reduce((sum, h) => sum + h, 0),
    );
    cache.set(catalogue, hours);
  }
  const found = hours.get(scope);
  if (found === undefined) throw new Error(`no module ${scope} in the catalogue`);
  return found;
}

export function moduleHours(module: CourseModule): number {
  const words = [module.introHtml, ...module.lessons.map((lesson) => lesson.html)].reduce(
    (sum, html) => sum + wordCount(html),
    0,
  );
  return Math.max(1, Math.ceil((words * PRACTICE_FACTOR) / READING_WORDS_PER_MINUTE / 60));
}

/** Words of rendered lesson HTML: its text between tags (a non-breaking space separates, other entities join). */
export function wordCount(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|#160|#xa0);/gi, ' ')
    .replace(/&[#\w]+;/g, '');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
