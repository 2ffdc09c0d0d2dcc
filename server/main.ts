import fs from 'node:fs';
import { createAdapters } from './adapters/adapters.ts';
import { createApp } from './app.ts';
import { systemClock } from './clock.ts';
import { developmentWarning, loadConfigOrExit } from './config.ts';
import { migrateToLatest } from './db/database.ts';
import { type ChannelListener, listenOnChannel } from './db/listen.ts';
import { databaseSettings, openConfiguredDatabase } from './db/open.ts';
import type { AppDeps } from './http/context.ts';
import { JOB_WAKE_CHANNEL } from './jobs/jobs.repository.ts';
import { jobsOf } from './jobs/jobs.ts';
import { type Scheduler, startScheduler } from './jobs/scheduler.ts';
import { wakeJob } from './jobs/wake.ts';
import { listen } from './listen.ts';
import { createLogger } from './logger.ts';
import { prepareMapSearch } from './map/map.service.ts';
import { createLifecycle } from './ops/lifecycle.ts';
import { writePidFile } from './ops/pidfile.ts';
import { shutDown } from './ops/shutdown.ts';
import { seedDatabase } from './seed/seed-database.ts';
import { createLiveHub } from './sync/live/live-hub.ts';
import { APP_VERSION } from './version.ts';

const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel });
const standInWarning = developmentWarning(config);
if (standInWarning) logger.warn(standInWarning);

fs.mkdirSync(config.uploadsDir, { recursive: true });
// Tells `npm run db:restore` a server runs on this data folder (server/ops/pidfile.ts).
const removePidFile = writePidFile(config.dataDir);
// DATABASE_URL names a PostgreSQL database; without it, the SQLite file of the data folder.
const databases = databaseSettings(process.env);
const handle = openConfiguredDatabase({
  settings: databases,
  sqliteFile: config.dbFile,
  onIdleError: (error) => logger.warn({ err: error }, 'a PostgreSQL connection dropped while idle'),
});
const lifecycle = createLifecycle();
const deps: AppDeps = {
  db: handle.db,
  config,
  logger,
  clock: systemClock,
  adapters: createAdapters({ config, logger }),
  lifecycle,
  live: createLiveHub({ db: handle.db, clock: systemClock, logger }),
};

// Listening from the start: while the database is prepared, health and readiness say
// `starting` and every other request is answered 503 (server/ops/lifecycle.ts).
const app = createApp({ deps, serveClient: true });
const server = await listen({ app, port: config.port, hostname: config.host });
let scheduler: Scheduler | null = null;
let jobWakes: ChannelListener | null = null;

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  await jobWakes?.close();
  const { clean } = await shutDown({
    signal,
    lifecycle,
    listening: server,
    scheduler,
    live: deps.live ?? null,
    closeDatabase: handle.close,
    timeoutMs: config.shutdownTimeoutMs,
    logger,
  });
  removePidFile();
  process.exit(clean ? 0 : 1);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

const applied = await migrateToLatest(handle.db);
if (applied.length > 0) logger.info({ applied }, 'migrations applied');
const seeded = await seedDatabase({
  handle,
  demo: config.seedDemo,
  demoHome: config.seedDemoHome,
  superAdminPhone: config.superAdminPhone,
  storage: deps.adapters.storage,
  now: systemClock.now(),
});
if (seeded.demo) logger.info(seeded, 'demo data created');

// The map search's in-memory copy of the sites is read once, here, before the server says it
// is ready: the first search does not wait for it.
const mapStarted = performance.now();
try {
  const mapSites = await prepareMapSearch(handle.db);
  logger.info({ sites: mapSites, ms: Math.round(performance.now() - mapStarted) }, 'map search ready');
} catch (err) {
  // A warm-up: the server serves everything else, and the first map search tries again.
  logger.error({ err }, 'map search could not be prepared');
}

if (!fs.existsSync(`${config.distDir}/index.html`)) {
  logger.warn({ distDir: config.distDir }, 'client not built: run `npm run build` (npm start does it)');
}
if (!stopping) {
  // The backup job copies the SQLite file, or dumps PostgreSQL with pg_dump (docs/postgres.md).
  scheduler = startScheduler({ deps, jobs: jobsOf({ ...config, databaseUrl: databases.url }) });
  if (databases.url !== null) {
    // Work queued through any instance wakes the jobs of every instance (server/jobs/wake.ts).
    jobWakes = await listenOnChannel({
      url: databases.url,
      channel: JOB_WAKE_CHANNEL,
      onMessage: wakeJob,
      onError: (err) =>
        logger.warn({ err }, 'job wakes from other instances: connection lost, connecting again'),
    });
  }
  lifecycle.ready();
  logger.info(
    {
      port: server.port,
      version: APP_VERSION,
      db: databases.url === null ? config.dbFile : 'PostgreSQL (DATABASE_URL)',
      backups: config.backup.dir,
    },
    `listening on http://localhost:${server.port}`,
  );
}
