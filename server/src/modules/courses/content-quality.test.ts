import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODULE_IDS, type ModuleId } from '@ehc/common';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTENT_DIR } from '../../lib/env';
import { findLabFile } from '../lab-files/lab-files';
import { lessonQualityProblems, proseWordCount } from './lesson-quality';

/**
 * Modules whose writing is finished, with the number of lessons in their outline
 * (shared/docs/content-guide.md). A finished module must have at least that many
 * lessons; every lesson present, finished or not, must meet the bar.
 */
const FINISHED_MODULES: Partial<Record<ModuleId, number>> = {
  'wifi-hacking': 14,
  'hacking-through-mobile': 7,
  'mobile-hacking': 15,
  'web-application': 20,
  'network-penetration': 16,
  'social-engineering': 11,
  cryptography: 17,
};

const modulesDir = join(DEFAULT_CONTENT_DIR, 'modules');

function lessonFiles(moduleId: string): string[] {
  return readdirSync(join(modulesDir, moduleId))
    .filter((name) => /^\d{2}-.+\.md$/.test(name))
    .sort();
}

function body(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\r\n/g, '\n')
    .replace(/^---\n[\s\S]*?\n---\n/, '');
}

describe('course content meets the bar', () => {
  for (const moduleId of MODULE_IDS) {
    describe(moduleId, () => {
      const files = lessonFiles(moduleId);

      it.each(files)('%s has every section, a stated and tested lab, and enough prose', (name) => {
        expect(lessonQualityProblems(body(join(modulesDir, moduleId, name)))).toEqual([]);
      });

      // The loader checks each questions file it finds (3–5 valid questions); this checks none is missing.
      it.each(files)('%s has its knowledge check', (name) => {
        expect(existsSync(join(modulesDir, moduleId, name.replace(/\.md$/, '.questions.yaml')))).toBe(true);
      });

      const outline = FINISHED_MODULES[moduleId];
      if (outline !== undefined) {
        it(`is finished: at least ${outline} lessons, as in its outline`, () => {
          expect(files.length).toBeGreaterThanOrEqual(outline);
        });
      }
    });
  }

  it('links only to lab files the server can serve', () => {
    const links = MODULE_IDS.flatMap((id) =>
      lessonFiles(id).flatMap((name) =>
        [...body(join(modulesDir, id, name)).matchAll(/\]\((\/lab-files\/[^)\s]+)\)/g)].map((m) => `${name}: ${m[1]}`),
      ),
    );
    expect(links.length).toBeGreaterThan(0);
    const broken = links.filter((link) => {
      const [, moduleId, file] = /\/lab-files\/([^/]+)\/(.+)$/.exec(link.split(': ')[1]!) ?? [];
      return !moduleId || !file || findLabFile(moduleId, file) === null;
    });
    expect(broken).toEqual([]);
  });

  it('has every module finished, adding up to at least 100 lessons', () => {
    expect(MODULE_IDS.filter((id) => FINISHED_MODULES[id] === undefined)).toEqual([]);
    const total = MODULE_IDS.reduce((sum, id) => sum + lessonFiles(id).length, 0);
    expect(total).toBeGreaterThanOrEqual(100);
  });
});

describe('lessonQualityProblems', () => {
  const prose = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');
  const complete = [
    '## Learning objectives',
    '- one',
    '## Why it works',
    prose(400),
    '## How to see it',
    prose(300),
    '## Hands-on lab',
    'Lab set-up: a Kali VM and DVWA.',
    '**Tested with:** DVWA 2.5 (run), November 2026.',
    '## Defenses',
    'Patch.',
    '## Key takeaways',
    '- one',
    '## Further reading',
    '- [RFC 9110](https://www.rfc-editor.org/rfc/rfc9110)',
  ].join('\n\n');

  it('accepts a lesson that meets the bar', () => {
    expect(lessonQualityProblems(complete)).toEqual([]);
  });

  it.each([
    ['## Defenses', /lacks the section "## Defenses"/],
    ['## Further reading', /lacks the section "## Further reading"/],
    ['## Learning objectives', /lacks the section "## Learning objectives"/],
  ])('notices a missing %s', (section, problem) => {
    expect(lessonQualityProblems(complete.replace(section, '## Something else')).join('\n')).toMatch(problem);
  });

  it('notices sections out of order', () => {
    const swapped = complete
      .replace('## Defenses', '## TEMP')
      .replace('## Key takeaways', '## Defenses')
      .replace('## TEMP', '## Key takeaways');
    expect(lessonQualityProblems(swapped).join('\n')).toMatch(/out of order/);
  });

  it('notices a missing lab set-up and too few concept sections', () => {
    expect(lessonQualityProblems(complete.replace('Lab set-up: a Kali VM and DVWA.', 'Do it.'))).toContain(
      'the Hands-on lab does not state its lab set-up',
    );
    expect(lessonQualityProblems(complete.replace('## How to see it', '')).join('\n')).toMatch(/two concept sections/);
  });

  it('asks for exactly one dated "Tested with" line in the lab', () => {
    const problem = 'the Hands-on lab needs one "**Tested with:** <tools and versions>, <month year>" line';
    expect(lessonQualityProblems(complete.replace('**Tested with:** DVWA 2.5 (run), November 2026.', ''))).toContain(
      problem,
    );
    expect(lessonQualityProblems(complete.replace(', November 2026.', ', recently.'))).toContain(problem);
    const twice = complete.replace('## Defenses', '**Tested with:** Kali 2026.3, November 2026.\n\n## Defenses');
    expect(lessonQualityProblems(twice)).toContain(problem);
  });

  it('does not count code as prose', () => {
    const short = complete.replace(prose(400), '```bash\n' + prose(400) + '\n```');
    expect(proseWordCount(short)).toBeLessThan(700);
    expect(lessonQualityProblems(short).join('\n')).toMatch(/words of prose; at least 700/);
  });
});
