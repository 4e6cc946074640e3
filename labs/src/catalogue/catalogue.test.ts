import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../../server/src/modules/courses/content-loader';
import { TARGETS } from '../targets';
import { LABS } from '.';

const course = loadCatalogue(fileURLToPath(new URL('../../../content', import.meta.url)));

describe('the lab catalogue', () => {
  it('pairs every lab with one target, and every target with one lab', () => {
    expect(new Set(LABS.map((lab) => lab.id)).size).toBe(LABS.length);
    expect(TARGETS.map((target) => target.id)).toEqual(LABS.map((lab) => lab.id));
  });

  it.each(LABS.map((lab) => [lab.id, lab] as const))('%s belongs to a real lesson and is complete', (_id, lab) => {
    expect(lab.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)+$/);
    expect(course.lesson(lab.moduleId, lab.lessonNumber), 'the lesson exists').toBeDefined();
    expect(lab.title.length).toBeGreaterThan(10);
    expect(lab.objective.length).toBeGreaterThan(40);
    expect(lab.hints).toHaveLength(3);
    expect(lab.writeup.length).toBeGreaterThan(300);
    expect(lab.title + lab.objective + lab.hints.join('') + lab.writeup).not.toContain('PLACEHOLDER');
  });

  it('gives the web module at least twelve labs covering the issue’s flaws', () => {
    const web = LABS.filter((lab) => lab.moduleId === 'web-application').map((lab) => lab.id);
    expect(web.length).toBeGreaterThanOrEqual(12);
    for (const topic of [
      'sqli-login',
      'sqli-union',
      'sqli-blind',
      'xss-reflected',
      'xss-stored',
      'xss-dom',
      'csrf',
      'idor',
      'ssrf',
      'path-traversal',
      'command-injection',
      'ssti',
      'graphql',
    ]) {
      expect(
        web.some((id) => id.includes(topic)),
        topic,
      ).toBe(true);
    }
  });
});
