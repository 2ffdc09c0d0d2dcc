import fs from 'node:fs';
import { createAdapters } from './adapters/adapters.ts';
import { createApp } from './app.ts';
import { ensureAreas } from './areas/areas.seed.ts';
import { systemClock } from './clock.ts';
import { developmentWarning, loadConfigOrExit } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedDemoHome } from './home/home.seed.ts';
import type { AppDeps } from './http/context.ts';
import { jobs } from './jobs/jobs.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { listen } from './listen.ts';
import { createLogger } from './logger.ts';
import { prepareMapSearch } from './map/map.service.ts';
import { seedDemo } from './seed/demo.ts';
import { seedDemoPictures } from './seed/demo-pictures.ts';
import { APP_VERSION } from './version.ts';

const config = loadConfigOrExit();
const logger = createLogger({ level: config.logLevel });
const standInWarning = developmentWarning(config);
if (standInWarning) logger.warn(standInWarning);

fs.mkdirSync(config.uploadsDir, { recursive: true });
const handle = openDatabase({ file: config.dbFile });
const applied = await migrateToLatest(handle.db);
if (applied.length > 0) logger.info({ applied }, 'migrations applied');
ensureAreas({ sqlite: handle.sqlite });
let demoSeeded = false;
if (config.seedDemo) {
  const result = seedDemo({
    sqlite: handle.sqlite,
    superAdminPhone: config.superAdminPhone,
    now: systemClock.now(),
  });
  if (result.seeded) logger.info({ users: result.users, sites: result.sites }, 'demo data created');
  demoSeeded = result.seeded;
}

const deps: AppDeps = {
  db: handle.db,
  sqlite: handle.sqlite,
  config,
  logger,
  clock: systemClock,
  adapters: createAdapters({ config, logger }),
};

// Home: the demo home title and ads (generated images), only with demo data just created.
if (demoSeeded && config.seedDemoHome) {
  const home = await seedDemoHome({
    sqlite: handle.sqlite,
    storage: deps.adapters.storage,
    now: systemClock.now(),
  });
  if (home.ads > 0) logger.info({ ads: home.ads }, 'demo home ads created');
}
// The demo sites' photos go into the uploads store the way uploads do.
if (demoSeeded) {
  const pictures = await seedDemoPictures({ sqlite: handle.sqlite, storage: deps.adapters.storage });
  logger.info({ pictures }, 'demo pictures stored');
}

// Before listening: the map search's in-memory copy of the sites is read once, here.
const mapStarted = performance.now();
const mapSites = prepareMapSearch(handle.sqlite);
logger.info({ sites: mapSites, ms: Math.round(performance.now() - mapStarted) }, 'map search ready');

const app = createApp({ deps, serveClient: true });
const scheduler = startScheduler({ deps, jobs });
if (!fs.existsSync(`${config.distDir}/index.html`)) {
  logger.warn({ distDir: config.distDir }, 'client not built: run `npm run build` (npm start does it)');
}

const server = await listen({ app, port: config.port, hostname: config.host });
logger.info(
  { port: server.port, version: APP_VERSION, db: config.dbFile },
  `listening on http://localhost:${server.port}`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  void server.close();
  // Runs in progress finish (and record their outcome) before the database closes.
  await scheduler.stop();
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
