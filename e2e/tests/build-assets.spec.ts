import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LAZY_PAGES } from '@ehc/common';
import { expect, test } from '@playwright/test';
import { holdRequests } from './fixtures';

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

/** Words only the console's code contains: its GraphQL fields and one of its labels. */
const CONSOLE_MARKERS = ['adminFindLearners', 'updateBusinessSettings', 'Download payments CSV'];

test('the console is a chunk of its own, which the landing page neither references nor loads', async ({ page }) => {
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  // What index.html makes the browser fetch at once: the entry script and any preloads.
  const entry = [...index.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  expect(entry.length).toBeGreaterThan(0);
  for (const path of entry) {
    const code = readFileSync(join(dist, path), 'utf8');
    for (const marker of CONSOLE_MARKERS) expect(code, `${path} holds console code (${marker})`).not.toContain(marker);
  }
  const chunks = files(join(dist, 'assets')).filter((path) => path.endsWith('.js'));
  const consoleChunks = chunks.filter((path) => readFileSync(path, 'utf8').includes('adminFindLearners'));
  expect(consoleChunks).toHaveLength(1);

  // The addresses only: the code is read from the build. Reading a response's body here
  // would leave a prefetch that lands as the test ends with a body nobody waits for.
  const loaded: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) loaded.push(new URL(response.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  expect(loaded.length).toBeGreaterThan(0);
  const scripts = loaded.map((path) => readFileSync(join(dist, path), 'utf8'));
  for (const code of scripts) for (const marker of CONSOLE_MARKERS) expect(code).not.toContain(marker);
});

test('the landing page loads only its own code, and the dashboard’s once the visitor starts signing in', async ({
  page,
}) => {
  // Every other page's chunk, as the build's manifest names them (common/src/pages.ts).
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const pageChunks = Object.entries(LAZY_PAGES).map(([name, lazy]) => [name, `/${manifest[lazy.module]!.file}`]);
  const loaded: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) loaded.push(new URL(response.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByLabel('Email')).toBeEnabled();
  // Including what a page would fetch once the browser is idle.
  await page.waitForLoadState('networkidle');
  expect(pageChunks.filter(([, file]) => loaded.includes(file!)).map(([name]) => name)).toEqual([]);

  const dashboard = pageChunks.find(([name]) => name === 'dashboard')![1]!;
  const fetched = page.waitForResponse((response) => new URL(response.url()).pathname === dashboard);
  await page.getByLabel('Email').focus();
  expect((await fetched).ok()).toBe(true);
});

test('a page the server rendered asks for the app’s code only once its first content is on screen', async ({
  page,
}) => {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  // The libraries and the app (web/src/main.tsx): the code that hydrates the page.
  const appCode = ['src/framework.ts', 'src/boot.tsx'].map((module) => `/${manifest[module]!.file}`);
  await page.goto('/');
  await expect(page.getByLabel('Email')).toBeEnabled();
  const timing = await page.evaluate((files) => {
    const firstContent = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
    const asked = performance
      .getEntriesByType('resource')
      .filter((entry) => files.includes(new URL(entry.name).pathname))
      .map((entry) => entry.startTime);
    return { firstContent, asked };
  }, appCode);
  expect(timing.firstContent).not.toBeNull();
  expect(timing.asked).toHaveLength(2);
  for (const start of timing.asked) expect(start).toBeGreaterThanOrEqual(timing.firstContent!);
});

test('a page the browser renders says "Loading..." before its code has run, then the code takes over', async ({
  page,
}) => {
  // Hold the page's code: what shows meanwhile comes from the HTML alone. (The public
  // pages come rendered by the server instead: server-rendered.spec.ts.)
  const release = await holdRequests(page, '**/assets/*.js');
  // Not waiting for "load": that comes only once the code has run.
  await page.goto('/forgot-password', { waitUntil: 'commit' });
  await expect(page.getByRole('status')).toHaveText('Loading...');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
});

// Chromium under Playwright parses <noscript> as if scripts ran even with JavaScript off,
// so the built page is read instead.
test('with JavaScript off, the page asks for it', () => {
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  expect(index).toMatch(
    /<noscript>\s*<p[^>]*>\s*This course needs JavaScript\. Turn it on and reload the page\.\s*<\/p>\s*<\/noscript>/,
  );
});
