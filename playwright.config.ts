import { defineConfig } from '@playwright/test';

// Set once in the runner; workers inherit the environment, so tests find the same server log.
process.env.E2E_PORT ??= '8181';
process.env.E2E_DATA_DIR ??= `/tmp/bunyang-e2e-${process.pid}`;
const port = Number(process.env.E2E_PORT);
const dataDir = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The real product process on a fresh data directory: migrations and demo data run as on `npm start`.
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && node --import tsx server/main.ts | tee ${dataDir}/server.log`,
    url: `http://localhost:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      // Share links are absolute (a preview card needs it): they must point at this server.
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      E2E_DATA_DIR: dataDir,
      // The suite signs in dozens of times an hour from one address, most without a device id
      // (tests/e2e/support.ts loginAs): far beyond what one client of a real deployment may ask.
      SMS_HOURLY_PER_ADDRESS: '10000',
      SMS_HOURLY_PER_DEVICE: '10000',
      SMS_HOURLY_TOTAL: '10000',
      // Every spec signs its agents in with a fresh code; the per-phone five is tested in vitest.
      SMS_HOURLY_PER_PHONE: '10000',
      // The home's ad popup would cover every spec's first screen: the home spec puts up its own ad
      // (and specs expect the default home title).
      SEED_DEMO_HOME: 'false',
      // The data directory is thrown away after the run: no backups beside it.
      BACKUP_EVERY_MINUTES: '0',
    },
    stdout: 'ignore',
  },
});
