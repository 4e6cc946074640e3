import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
const contentModules = fileURLToPath(new URL('../../content/modules', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** One distinctive sentence of prose from each real lesson: it must never ship in the bundle. */
function lessonMarkers(): string[] {
  return files(contentModules)
    .filter((path) => /\/\d\d-[^/]+\.md$/.test(path))
    .map((path) => {
      const body = readFileSync(path, 'utf8').split(/\n---\n/)[1] ?? '';
      const sentence = body
        .replace(/```[\s\S]*?```/g, '')
        .split('\n')
        .find((line) => /^[A-Z][^|#>*`\-[]{60,}/.test(line.trim()));
      return sentence ? sentence.trim().slice(0, 60) : '';
    })
    .filter((marker) => marker !== '');
}

test('the built web app contains no lesson body and no secret', () => {
  // The web server of this run builds web/dist before any test starts.
  const built = files(dist).filter((path) => /\.(js|css|html|map|json|txt)$/.test(path));
  expect(built.length).toBeGreaterThan(2);
  const text = built.map((path) => readFileSync(path, 'utf8')).join('\n');

  expect(text).not.toContain('FIXTURE-LESSON-BODY');
  const markers = lessonMarkers();
  expect(markers.length).toBeGreaterThan(7);
  for (const marker of markers) expect(text, `lesson text "${marker}" is in the bundle`).not.toContain(marker);

  for (const secret of [
    /rzp_(test|live)_[A-Za-z0-9]{8,}/,
    /KEY_SECRET|WEBHOOK_SECRET|password_hash/i,
    /postgres:\/\//,
  ]) {
    expect(text).not.toMatch(secret);
  }
});
