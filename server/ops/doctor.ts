import fs from 'node:fs';
import path from 'node:path';
import { migrations } from '../../migrations/index.ts';
import { dataPaths, type Env, readEnv } from '../config.ts';
import { appliedMigrations } from '../db/sqlite-backup.ts';
import { readManifest } from './backup/manifest.ts';

/**
 * `npm run doctor`: what is missing or unsafe for production, read from the environment and
 * the disk without starting the server (nothing is created or changed). `unsafe` findings make
 * the command exit 1; `check` findings are advice an operator should look at once.
 */
export interface Finding {
  level: 'unsafe' | 'check' | 'ok';
  what: string;
  /** What to do about it. */
  fix?: string;
}

const GIB = 1024 ** 3;

export function diagnose({
  env,
  now,
  distDir = path.resolve('dist'),
}: {
  env: Record<string, string | undefined>;
  now: Date;
  distDir?: string;
}): Finding[] {
  let read: ReturnType<typeof readEnv>;
  try {
    read = readEnv(env);
  } catch (err) {
    return [
      { level: 'unsafe', what: (err as Error).message, fix: 'the server refuses to start until it is fixed' },
    ];
  }
  const { e, mode, standIns } = read;
  const paths = dataPaths(e);
  const found: Finding[] = [];
  const unsafe = (what: string, fix?: string) =>
    found.push({ level: 'unsafe', what, ...(fix ? { fix } : {}) });
  const check = (what: string, fix?: string) => found.push({ level: 'check', what, ...(fix ? { fix } : {}) });
  const ok = (what: string) => found.push({ level: 'ok', what });

  if (mode !== 'production') {
    unsafe('not in production mode: the development stand-ins would be used', 'set NODE_ENV=production');
  }
  for (const s of standIns) unsafe(`${s.variable} ${s.now}`, `set ${s.set}`);
  if (mode === 'production' && standIns.length === 0) ok('payment, SMS and admin lock are the real ones');
  if (e.SEED_DEMO === 'true')
    unsafe('SEED_DEMO=true: demo members with known phone numbers', 'unset SEED_DEMO');

  publicAddress({ e, unsafe, check, ok });
  storage({ paths, unsafe, check, ok });
  backups({ paths, now, unsafe, check, ok });
  database({ file: paths.dbFile, check, ok });

  if (e.METRICS_TOKEN) ok('METRICS_TOKEN is set: /metrics answers its bearer');
  else
    check(
      'METRICS_TOKEN unset: /metrics answers this machine only',
      'set METRICS_TOKEN (16+ characters) for a remote Prometheus',
    );
  if (!e.VAPID_PUBLIC_KEY && !fs.existsSync(path.join(paths.dataDir, 'vapid.json'))) {
    check(
      'no VAPID keys yet: the first start makes them in DATA_DIR/vapid.json',
      'keep them: new keys silence every subscribed device',
    );
  }
  if (e.VAPID_SUBJECT === 'mailto:push@localhost') {
    check('VAPID_SUBJECT is the default mailto:push@localhost', 'set a real contact address');
  }
  if (e.LOG_LEVEL === 'debug' || e.LOG_LEVEL === 'trace')
    check(`LOG_LEVEL=${e.LOG_LEVEL} writes a lot`, 'use info');
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    unsafe('the client is not built (dist/index.html missing)', 'run npm run build before starting');
  }
  const major = Number(process.versions.node.split('.')[0]);
  if (major < 20) unsafe(`Node.js ${process.versions.node}`, 'use Node.js 20 or newer');
  return found;
}

type Say = (what: string, fix?: string) => void;

/** TLS ends at a reverse proxy in front (the server speaks plain HTTP): TRUST_PROXY must say so. */
function publicAddress({
  e,
  unsafe,
  check,
  ok,
}: {
  e: Env;
  unsafe: Say;
  check: Say;
  ok: (what: string) => void;
}) {
  if (!e.PUBLIC_URL.startsWith('https://')) {
    unsafe(
      `PUBLIC_URL=${e.PUBLIC_URL} is not https`,
      'serve it over TLS through a reverse proxy (docs/deploy.md)',
    );
    return;
  }
  if (e.TRUST_PROXY === 0) {
    unsafe(
      'PUBLIC_URL is https but TRUST_PROXY=0: behind the TLS proxy every client would count as one address',
      'set TRUST_PROXY to the number of proxies in front (1 for one nginx)',
    );
  } else {
    ok(`behind ${e.TRUST_PROXY} proxy(ies) at ${e.PUBLIC_URL}`);
  }
  if (e.HOST === '0.0.0.0' && e.TRUST_PROXY > 0) {
    check(
      'HOST=0.0.0.0: the server also answers past the proxy',
      'set HOST=127.0.0.1 when the proxy is on this machine',
    );
  }
}

/** The nearest folder that exists: where a folder not made yet would be made. */
function existingAncestor(dir: string): string {
  let at = dir;
  while (!fs.existsSync(at) && path.dirname(at) !== at) at = path.dirname(at);
  return at;
}

function writable(dir: string): boolean {
  const at = existingAncestor(dir);
  try {
    if (!fs.statSync(at).isDirectory()) return false;
    fs.accessSync(at, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

function freeBytes(dir: string): number {
  const stats = fs.statfsSync(existingAncestor(dir));
  return stats.bavail * stats.bsize;
}

function storage({
  paths,
  unsafe,
  check,
  ok,
}: {
  paths: ReturnType<typeof dataPaths>;
  unsafe: Say;
  check: Say;
  ok: (what: string) => void;
}) {
  const dbBytes = fs.existsSync(paths.dbFile) ? fs.statSync(paths.dbFile).size : 0;
  for (const [name, dir, need] of [
    ['DATA_DIR', paths.dataDir, Math.max(GIB, dbBytes * 2)],
    ['BACKUP_DIR', paths.backup.dir, Math.max(GIB, dbBytes * 3)],
  ] as const) {
    if (!writable(dir)) {
      unsafe(
        `${name} ${dir} cannot be written by this user`,
        `create it and give it to the user the server runs as`,
      );
      continue;
    }
    const free = freeBytes(dir);
    if (free < need) {
      unsafe(
        `${name} ${dir}: only ${(free / GIB).toFixed(1)} GiB free`,
        `keep at least ${(need / GIB).toFixed(1)} GiB free`,
      );
    } else {
      ok(`${name} ${dir}: writable, ${(free / GIB).toFixed(1)} GiB free`);
    }
  }
  const backupDir = path.resolve(paths.backup.dir);
  if (backupDir === paths.dataDir || backupDir.startsWith(paths.dataDir + path.sep)) {
    unsafe(
      'BACKUP_DIR is inside DATA_DIR: losing the data folder loses the backups',
      'point BACKUP_DIR elsewhere',
    );
  } else if (fs.existsSync(existingAncestor(backupDir)) && sameDevice(paths.dataDir, backupDir)) {
    check(
      'BACKUP_DIR is on the same disk as DATA_DIR: a failed disk takes both',
      'mount BACKUP_DIR on another disk, or copy it off the machine (docs/deploy.md)',
    );
  }
}

function sameDevice(a: string, b: string): boolean {
  return fs.statSync(existingAncestor(a)).dev === fs.statSync(existingAncestor(b)).dev;
}

function backups({
  paths,
  now,
  unsafe,
  check,
  ok,
}: {
  paths: ReturnType<typeof dataPaths>;
  now: Date;
  unsafe: Say;
  check: Say;
  ok: (what: string) => void;
}) {
  const { everyMinutes, dir } = paths.backup;
  if (everyMinutes === 0) {
    unsafe('BACKUP_EVERY_MINUTES=0: no scheduled backups', 'set BACKUP_EVERY_MINUTES=60 (the default)');
    return;
  }
  const last = readManifest(dir).copies.at(-1);
  if (!last) {
    check(`no backup in ${dir} yet`, 'the server takes one when it starts; npm run db:backup takes one now');
    return;
  }
  const ageMinutes = (now.getTime() - Date.parse(last.taken_at)) / 60_000;
  if (ageMinutes > everyMinutes * 2 + 10) {
    unsafe(
      `the last backup is ${Math.round(ageMinutes)} minutes old (every ${everyMinutes} expected)`,
      'see the server log for "job failed" with job backup, or run npm run db:backup',
    );
  } else {
    ok(`last backup ${last.taken_at} (${(last.bytes / 1024 / 1024).toFixed(1)} MB, checked)`);
  }
}

function database({ file, check, ok }: { file: string; check: Say; ok: (what: string) => void }) {
  if (!fs.existsSync(file)) {
    check(`no database at ${file} yet: the first start creates it`);
    return;
  }
  const applied = appliedMigrations(file);
  if (applied === null) {
    check(`${file} has no migration table: not this product's database?`);
    return;
  }
  const pending = Object.keys(migrations).filter((name) => !applied.includes(name));
  if (pending.length > 0)
    check(`${pending.length} migration(s) run at the next start: ${pending.join(', ')}`);
  else ok(`database ${file}: up to date`);
}
