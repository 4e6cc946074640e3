import type { BusinessSettings } from '../settings/business-settings';
import type { Catalogue, CourseModule, Lesson } from './catalogue';

/** The free sample lesson in force: one lesson anyone may read without an account. */
export interface SampleLesson {
  module: CourseModule;
  lesson: Lesson;
  /** Its page, the only page that shows lesson text to someone signed out. */
  path: string;
}

export const samplePagePath = (moduleId: string, number: number) => `/sample/${moduleId}/${number}`;

/**
 * The seller's chosen sample when it names a lesson of the course; none when the seller
 * turned it off, or when the content no longer has that lesson (it was renumbered).
 */
export function sampleLessonOf(settings: BusinessSettings, catalogue: Catalogue): SampleLesson | null {
  const choice = settings.sampleLesson;
  if (!choice) return null;
  const module = catalogue.module(choice.moduleId);
  const lesson = catalogue.lesson(choice.moduleId, choice.number);
  return module && lesson ? { module, lesson, path: samplePagePath(module.id, lesson.number) } : null;
}

/** Whether `moduleId` and `numberText` (from an address) name the sample lesson in force. */
export function isSampleLesson(sample: SampleLesson | null, moduleId: string, numberText: string): boolean {
  return sample !== null && sample.module.id === moduleId && String(sample.lesson.number) === numberText;
}
