// npm run db:copy -- --from data/app.db --to postgres://…: the SQLite database into an empty
// PostgreSQL database, then every table's row count and checksum compared (docs/postgres.md).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { dataPaths, readEnv } from '../config.ts';
import { CopyRefused, copyDatabase } from '../db/db-copy.ts';
import { openPostgres } from '../db/postgres.ts';
import { runningServer } from './pidfile.ts';

const USAGE =
  'usage: npm run db:copy -- --from <SQLite file, default DATA_DIR/app.db> --to <postgres://…, default DATABASE_URL>';

/** The URL as printed: its password left out. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

try {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  const from = path.resolve(values.from ?? dataPaths(readEnv(process.env).e).dbFile);
  const to = values.to ?? process.env.DATABASE_URL ?? '';
  if (!/^postgres(ql)?:\/\//.test(to)) throw new CopyRefused(`--to must be a postgres:// URL. ${USAGE}`);
  const running = runningServer(path.dirname(from));
  if (running) {
    throw new CopyRefused(
      `the server is running on ${path.dirname(from)} (process ${running.pid}): stop it first, so no write is left behind`,
    );
  }
  const target = openPostgres({ url: to, poolSize: 2 });
  try {
    const report = await copyDatabase({ from, to: target.db });
    const width = Math.max(...report.tables.map((t) => t.table.length));
    const lines = report.tables.map(
      (t) =>
        `${t.same ? 'same    ' : 'DIFFERS '} ${t.table.padEnd(width)}  ${String(t.source.rows).padStart(9)} rows  ${t.source.checksum}` +
        (t.same ? '' : `  ≠ ${t.target.rows} rows ${t.target.checksum}`) +
        (t.kind === 'copied'
          ? ''
          : `  (${t.kind === 'feed' ? 'change feed, copied as it is' : 'written by the triggers'})`),
    );
    const rows = report.tables.reduce((n, t) => n + t.source.rows, 0);
    process.stdout.write(
      [
        `copied ${from} into ${withoutPassword(to)} at migration ${report.migration}`,
        `  copy ${report.copySeconds} s, check ${report.verifySeconds} s, ${rows} rows in ${report.tables.length} tables`,
        ...lines,
        report.ok
          ? 'every table holds the same rows on both sides: start the server with DATABASE_URL set'
          : 'some tables differ: do not switch to PostgreSQL; keep serving from SQLite and report the lines above',
        '',
      ].join('\n'),
    );
    if (!report.ok) process.exitCode = 1;
  } finally {
    await target.close();
  }
} catch (err) {
  const what = err instanceof CopyRefused ? 'copy refused' : 'copy failed';
  process.stderr.write(`${what}: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
