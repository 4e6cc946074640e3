import { LABS } from '@ehc/labs/catalogue';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR } from '../../lib/env';
import { loadCatalogue } from '../courses/content-loader';
import { labReferenceProblems } from './lab-references';

describe('lab references', () => {
  const course = loadCatalogue(DEFAULT_CONTENT_DIR);

  it('finds every lab of the course in its lesson', () => {
    expect(labReferenceProblems(course)).toEqual([]);
  });

  it('names a lab whose lesson does not exist', () => {
    const moved = { ...LABS[0]!, lessonNumber: 99 };
    expect(labReferenceProblems(course, [moved])).toEqual([
      `lab ${moved.id}: its lesson ${moved.moduleId} 99 does not exist`,
    ]);
  });
});
