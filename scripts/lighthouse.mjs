// `npm run lighthouse` (also the last part of `npm run bench`): Lighthouse's mobile audit
// (a mid-range phone on a slow 4G link, simulated) of the landing page, the dashboard,
// the lesson reader and a certificate's verify page, three runs each, and prints the
// median performance score with the figures behind it, and the accessibility, best
// practices and SEO scores with the audits that cost points. Measures; asserts nothing.
// Needs a built web app (npm run build) and Debian's Chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { graphqlAs, markPaid, signUp, waitForHealth } from './lib/app-client.mjs';
import { ensureChromium } from './lib/ensure-chromium.mjs';
import { SERVER_NODE_ARGS } from './lib/server-command.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const RUNS = 3;
// Debian's desktop Chromium when installed, else the headless shell the browser tests use.
const chromePath = async () =>
  process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : await ensureChromium());
// The flags this machine's Chromium needs (see e2e/playwright.config.ts): no sandbox as
// root, and no background calls to Google's hosts, which this network refuses.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function runLighthouse() {
  const dir = mkdtempSync(join(tmpdir(), 'ehc-lighthouse-'));
  const port = 3700 + Math.floor(Math.random() * 200);
  const base = `http://127.0.0.1:${port}`;
  const databaseUrl = `sqlite:${join(dir, 'lighthouse.db')}`;
  const server = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      APP_ORIGIN: base,
      // The lab site must be on another host (env.ts: cookies ignore ports); none is started.
      LAB_ORIGIN: `http://localhost:${port + 1}`,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const chrome = await chromeLauncher.launch({ chromePath: await chromePath(), chromeFlags: CHROME_FLAGS });
  try {
    await waitForHealth(base);
    const { cookie, certificateId } = await preparePaidLearner(base, databaseUrl);
    const pages = [
      { name: 'landing', path: '/' },
      { name: 'dashboard', path: '/dashboard', cookie },
      { name: 'reader', path: '/course/web-application/3', cookie },
      { name: 'verify', path: `/verify/${encodeURIComponent(certificateId)}` },
    ];
    console.log(`Lighthouse ${lighthouseVersion()} mobile (simulated slow 4G, 4× CPU slowdown), median of ${RUNS}`);
    console.log('  page        score   FCP ms   LCP ms   TBT ms    CLS   bytes on the wire   a11y  best pr.  SEO');
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await audit(chrome.port, `${base}${page.path}`, page.cookie));
      const median = runs.sort((a, b) => a.score - b.score)[Math.floor(RUNS / 2)];
      console.log(
        `  ${page.name.padEnd(10)} ${String(median.score).padStart(6)} ${ms(median.fcp)} ${ms(median.lcp)} ${ms(median.tbt)} ${median.cls.toFixed(3).padStart(6)} ${kb(median.bytes).padStart(12)} ${String(median.accessibility).padStart(12)} ${String(median.bestPractices).padStart(9)} ${String(median.seo).padStart(4)}`,
      );
      if (median.failing.length > 0) console.log(`             points lost: ${median.failing.join(', ')}`);
    }
  } finally {
    await chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

async function audit(chromePort, url, cookie) {
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    // A signed-in page gets the learner's session, as the browser would send it.
    extraHeaders: cookie ? { cookie } : undefined,
  });
  const { audits, categories } = result.lhr;
  const percent = (category) => Math.round((categories[category].score ?? 0) * 100);
  // The audits that cost accessibility, best-practice or SEO points (weighted, scored below 1).
  const failing = ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
    categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && audits[ref.id].score !== null && audits[ref.id].score < 1)
      .map((ref) => `${category}/${ref.id}`),
  );
  return {
    score: percent('performance'),
    accessibility: percent('accessibility'),
    bestPractices: percent('best-practices'),
    seo: percent('seo'),
    failing,
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    bytes: audits['total-byte-weight'].numericValue,
  };
}

/** A paid learner who has finished the cryptography module, so a certificate exists to verify. */
async function preparePaidLearner(base, databaseUrl) {
  const email = `lighthouse.${Date.now()}@example.com`;
  const cookie = await signUp(base, email);
  await markPaid(databaseUrl, email);
  const { catalogue } = await (await fetch(`${base}/api/catalogue`, { headers: { cookie } })).json();
  const cryptography = catalogue.find((module) => module.id === 'cryptography');
  for (const lesson of cryptography.lessons) {
    await graphqlAs(
      base,
      cookie,
      'mutation C($n: Int!) { markLessonComplete(module_id: "cryptography", number: $n) { completed } }',
      { n: lesson.number },
    );
  }
  const { certificates } = await graphqlAs(base, cookie, '{ certificates { certificate_id } }');
  return { cookie, certificateId: certificates[0].certificate_id };
}

function lighthouseVersion() {
  return JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version;
}

const ms = (value) => String(Math.round(value)).padStart(8);
const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) await runLighthouse();
