import { spawn } from 'node:child_process';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { waitForHealth } from './lib/app-client.mjs';
const port = 3877; const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env: { PATH: process.env.PATH, PORT: String(port), DATABASE_URL: 'sqlite:/tmp/lh.db', LOG_LEVEL: 'warn', APP_ORIGIN: base }, stdio: 'ignore' });
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
try {
  await waitForHealth(base);
  const { preparePaidLearnerForTmp } = await import('./tmp-prep.mjs');
  const cookie = process.argv[3] ? await preparePaidLearnerForTmp(base, 'sqlite:/tmp/lh.db') : undefined;
  const r = await lighthouse(`${base}${process.argv[2] ?? '/'}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: cookie ? { cookie } : undefined });
  const a = r.lhr.audits;
  console.log('score', r.lhr.categories.performance.score, 'FCP', a['first-contentful-paint'].numericValue|0, 'LCP', a['largest-contentful-paint'].numericValue|0, 'TBT', a['total-blocking-time'].numericValue|0, 'SI', a['speed-index'].numericValue|0, 'CLS', a['cumulative-layout-shift'].numericValue);
  for (const id of ['render-blocking-resources', 'unused-javascript', 'bootup-time', 'mainthread-work-breakdown', 'largest-contentful-paint-element', 'lcp-lazy-loaded', 'network-requests', 'critical-request-chains']) {
    const au = a[id]; if (!au) continue;
    console.log('\n##', id, au.displayValue ?? '');
    const items = au.details?.items ?? [];
    for (const it of items.slice(0, 16)) console.log('  ', JSON.stringify(it).replace(/"sessionTargetType.*?networkRequestTime/,'').slice(0, 200));
  }
} finally { await chrome.kill(); server.kill(); }
