import type { Difficulty, ModuleId } from '@ehc/common';
import type { Section } from './markdown';
import type { Question } from './questions';

/** One lesson as loaded from `content/modules/<module>/NN-<slug>.md`. */
export interface Lesson {
  /** 1-based position in the module, from the file name's NN. */
  number: number;
  /** Stable identity of the lesson (progress is stored against it), from the file name. */
  slug: string;
  title: string;
  summary: string;
  /** Sanitized, highlighted HTML rendered once at load. */
  html: string;
  /** The body's second-level headings, whose ids the HTML carries. */
  sections: Section[];
  /** Estimated minutes to read the body. */
  readingMinutes: number;
  /** The lesson's knowledge check, from `NN-<slug>.questions.yaml`. */
  questions: Question[];
}

export interface CourseModule {
  id: ModuleId;
  order: number;
  title: string;
  description: string;
  icon: string;
  difficulty: Difficulty;
  /** The module introduction, with its authorized-testing note, as HTML. */
  introHtml: string;
  lessons: Lesson[];
}

/** The whole course, in catalogue order; immutable once loaded. */
export class Catalogue {
  private readonly byId: Map<string, CourseModule>;

  constructor(readonly modules: readonly CourseModule[]) {
    this.byId = new Map(modules.map((m) => [m.id, m]));
  }

  module(id: string): CourseModule | undefined {
    return this.byId.get(id);
  }

  lesson(moduleId: string, number: number): Lesson | undefined {
    return this.byId.get(moduleId)?.lessons[number - 1];
  }

  get lessonCount(): number {
    return this.modules.reduce((sum, m) => sum + m.lessons.length, 0);
  }
}
