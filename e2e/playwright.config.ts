import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** A second server with conversion tracking configured, for tests/tracking.spec.ts. */
export const TRACKING_PORT = PORT + 1;
/**
 * A third server whose business settings journeys change (tests/pricing.spec.ts): the price
 * and seller are global, so changing them on the main server would race the other journeys.
 */
export const SETTINGS_PORT = PORT + 2;
/** A server on the real course (the labs belong to real lessons) and the lab host it starts labs on. */
export const LABS_APP_PORT = PORT + 3;
export const LAB_HOST_PORT = PORT + 4;
export const LAB_ORIGIN = `http://127.0.0.1:${LAB_HOST_PORT}`;
// A fresh SQLite database for every run, so journeys never meet old data. The config is
// evaluated again in each worker; the environment carries the runner's choice to them,
// and the fixtures use it to prepare learners through the server's own services.
const runDir = (process.env.E2E_RUN_DIR ??= mkdtempSync(join(tmpdir(), 'ehc-e2e-')));
process.env.E2E_DATABASE_URL ??= `sqlite:${join(runDir, 'e2e.db')}`;
process.env.E2E_SETTINGS_DATABASE_URL ??= `sqlite:${join(runDir, 'settings.db')}`;
process.env.E2E_LABS_DATABASE_URL ??= `sqlite:${join(runDir, 'labs.db')}`;
// Without SMTP the servers write each email as an .eml file here; journeys read reset links from it.
const outboxDir = (process.env.E2E_OUTBOX_DIR ??= join(runDir, 'outbox'));
// Journeys run on the small fixture course so they do not depend on lesson writing.
const contentDir = fileURLToPath(new URL('../server/src/test/fixture-content', import.meta.url));

const serverEnv = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  CONTENT_DIR: contentDir,
  // Every journey signs in from 127.0.0.1; the per-IP budgets are tested in the API suite.
  AUTH_MAX_FAILURES_PER_IP: '100000',
  VERIFY_LOOKUPS_PER_MINUTE: '100000',
  // A seller as receipts print it (tests/account.spec.ts), not the "not configured" stand-ins.
  SELLER_LEGAL_NAME: 'Surakshit Learning Private Limited',
  SELLER_ADDRESS: '4th Floor, 12 MG Road, Bengaluru, Karnataka 560001',
  SUPPORT_EMAIL: 'help@course.example.com',
  SUPPORT_PHONE: '+91 80 4000 1234',
  SELLER_GSTIN: '29ABCDE1234F1Z5',
  MAIL_OUTBOX_DIR: outboxDir,
  // The mail job runs often, so a journey waits a moment for its email, not seconds.
  MAIL_SEND_INTERVAL_SECONDS: '0.2',
};

const labSecrets = {
  LAB_TOKEN_SECRET: 'e2e-lab-token-secret-0123456789abcdefgh',
  LAB_FLAG_SECRET: 'e2e-lab-flag-secret-0123456789abcdefghij',
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  // A committed `.only` would silently skip every other journey, on any machine.
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // Recording a trace of every journey, to keep the failing ones, made the run a tenth
    // slower; rerun a failing journey with `--trace on` to get its trace.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium headless shell (decision 0027): Playwright's own browser download
      // cannot reach its host here. `npm test` installs it when missing.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // The build must be a production one whatever NODE_ENV the server runs under. `npm test`
      // has just built it (E2E_WEB_BUILT); run on their own, the journeys build it first.
      command: `${process.env.E2E_WEB_BUILT ? '' : 'env NODE_ENV=production npm run build -w web --silent && '}node --import tsx server/src/main.ts`,
      cwd: '..',
      url: `http://localhost:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: String(PORT), DATABASE_URL: process.env.E2E_DATABASE_URL },
    },
    {
      // Started after the first, so it reuses the web build that one made.
      command: 'node --import tsx server/src/main.ts',
      cwd: '..',
      url: `http://localhost:${TRACKING_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        PORT: String(TRACKING_PORT),
        DATABASE_URL: `sqlite:${join(runDir, 'tracking.db')}`,
        GOOGLE_ADS_ID: 'AW-1234567890',
        GOOGLE_ADS_SIGNUP_LABEL: 'signupLabel1',
        GOOGLE_ADS_PURCHASE_LABEL: 'purchaseLabel1',
        GA4_MEASUREMENT_ID: 'G-TEST12345',
      },
    },
    {
      command: 'node --import tsx server/src/main.ts',
      cwd: '..',
      url: `http://localhost:${SETTINGS_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: String(SETTINGS_PORT), DATABASE_URL: process.env.E2E_SETTINGS_DATABASE_URL },
    },
    {
      command: 'node --import tsx server/src/main.ts',
      cwd: '..',
      url: `http://localhost:${LABS_APP_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv,
        ...labSecrets,
        CONTENT_DIR: '',
        PORT: String(LABS_APP_PORT),
        DATABASE_URL: process.env.E2E_LABS_DATABASE_URL,
        LAB_ORIGIN,
      },
    },
    {
      // The lab host as `npm start` runs it: supervised, under the permission model.
      command: 'node --import tsx labs/src/host/supervise.ts',
      cwd: '..',
      url: `${LAB_ORIGIN}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        ...labSecrets,
        LAB_PORT: String(LAB_HOST_PORT),
        APP_ORIGIN: `http://localhost:${LABS_APP_PORT}`,
      },
    },
  ],
});
