import { describe, expect, it } from 'vitest';
import type { CourseModule } from '../../lib/course-api';
import { lessonPath, parseLessonNumber, resumeLesson } from './lesson-navigation';

const module = {
  id: 'web-application',
  lessons: [1, 2, 3].map((number) => ({ number, title: `Lesson ${number}`, summary: '' })),
} as CourseModule;

describe('parseLessonNumber', () => {
  it('accepts a plainly written positive number', () => {
    expect(parseLessonNumber('1')).toBe(1);
    expect(parseLessonNumber('20')).toBe(20);
  });

  it('refuses anything else, so the reader goes to the resume point', () => {
    for (const segment of [undefined, '', '0', '02', '-1', '1.5', 'two', '1e2', '99999']) {
      expect(parseLessonNumber(segment)).toBeNull();
    }
  });
});

describe('lessonPath', () => {
  it('is /course/<module>/<number>', () => {
    expect(lessonPath('web-application', 3)).toBe('/course/web-application/3');
  });
});

describe('resumeLesson', () => {
  it('is the first lesson not yet done, or the first lesson when all are', () => {
    const progress = (done: number[]) => ({
      module_id: 'web-application',
      completed_lessons: done,
      completed: false,
      completed_at: null,
      checks: { total: 0, answered: 0, first_time_right: 0 },
    });
    expect(resumeLesson(module, null)).toBe(1);
    expect(resumeLesson(module, progress([1, 3]))).toBe(2);
    expect(resumeLesson(module, progress([1, 2, 3]))).toBe(1);
  });
});
