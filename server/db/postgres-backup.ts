import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { type BackupEngine, BackupError, type CopyCheck } from '../ops/backup/engine.ts';
import { markRestored } from '../sync/restores.repository.ts';
import { migrateToLatest } from './database.ts';
import { openPostgres } from './postgres.ts';
import { RESTORE_ID_GAP } from './sqlite-backup.ts';

/**
 * Backups of a PostgreSQL database with PostgreSQL's own tools (Debian's `postgresql-client`):
 *
 * - copy: `pg_dump --format=custom`, one consistent snapshot while the servers go on writing;
 * - check: `pg_restore` reads the whole archive through (every table's data decompressed,
 *   nothing written), and the migrations it holds are read from its kysely_migration data;
 * - install: `pg_restore` into a new database beside the configured one (`<name>_restoring`,
 *   created like it: encoding, collation, character type), which is migrated, marked restored
 *   (the sync clock jumps, every identity moves RESTORE_ID_GAP ahead: as SQLite's restore does),
 *   then swapped in by renaming: the old database stays as `<name>_before_<time>`. The renames
 *   fail while a connection is open to the old database (a server still running on it).
 *
 * Creating and renaming databases needs the CREATEDB right (a managed service's admin role has it).
 */

const run = promisify(execFile);

/** A client tool: POSTGRES_BIN's, else the newest /usr/lib/postgresql/<version>/bin's, else the PATH's. */
export function postgresTool(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.POSTGRES_BIN) return path.join(process.env.POSTGRES_BIN, name);
  const base = '/usr/lib/postgresql';
  const newest = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => /^\d+$/.test(v) && fs.existsSync(path.join(base, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))[0]
    : undefined;
  return newest === undefined ? name : path.join(base, newest, 'bin', name);
}

/** The tool run on `url`: the password goes through the environment, never the command line. */
async function tool({ name, args, url }: { name: 'pg_dump' | 'pg_restore'; args: string[]; url?: string }) {
  const env = { ...process.env };
  const argv = [...args];
  if (url !== undefined) {
    const parsed = new URL(url);
    if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
    argv.push(`--dbname=${parsed.toString()}`);
  }
  try {
    return await run(postgresTool(name), argv, { env, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const { stderr, code } = err as { stderr?: string; code?: string | number };
    if (code === 'ENOENT') {
      throw new BackupError(
        `${name} is not installed: apt-get install postgresql-client (or set POSTGRES_BIN)`,
      );
    }
    throw new BackupError(
      `${name} failed: ${(stderr || (err as Error).message).trim().split('\n').slice(0, 3).join(' ')}`,
    );
  }
}

/** The URL of another database on the same server, with the same user. */
function databaseUrl(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) throw new BackupError('DATABASE_URL names no database');
  return name;
}

/** A statement on the server's maintenance database (CREATE, ALTER and DROP DATABASE run outside any). */
async function onServer<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(url, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function postgresBackupEngine({ url }: { url: string }): BackupEngine {
  return {
    kind: 'postgres',
    extension: '.dump',
    copy: async ({ dest }) => {
      await tool({ name: 'pg_dump', args: ['--format=custom', `--file=${dest}`], url });
      const fd = fs.openSync(dest, 'r+');
      fs.fsyncSync(fd);
      fs.closeSync(fd);
    },
    check: async ({ file }) => checkDump(file),
    install: async ({ file, restoredAt, source }) => {
      const name = databaseName(url);
      const stamp = restoredAt.toISOString().replace(/[-:.]/g, '').replace('T', '_').slice(0, 15);
      const staging = `${name.slice(0, 50)}_restoring`;
      const aside = `${name.slice(0, 48)}_before_${stamp}`;
      const existing = await onServer(url, async (client) => {
        const rows = (
          await client.query<{ datname: string; encoding: string; collate: string; ctype: string }>(
            `SELECT datname, pg_encoding_to_char(encoding) AS encoding, datcollate AS collate, datctype AS ctype
             FROM pg_database WHERE datname = $1`,
            [name],
          )
        ).rows;
        await client.query(`DROP DATABASE IF EXISTS ${ident(staging)}`);
        const like = rows[0];
        // Created like the database it replaces: pg_trgm reads Korean by the character type.
        await client.query(
          like
            ? `CREATE DATABASE ${ident(staging)} TEMPLATE template0 ENCODING '${like.encoding}'
                 LC_COLLATE '${like.collate}' LC_CTYPE '${like.ctype}'`
            : `CREATE DATABASE ${ident(staging)} TEMPLATE template0 ENCODING 'UTF8'`,
        );
        return like !== undefined;
      });
      let migrated: string[];
      let skipped: { from: number; to: number };
      try {
        await tool({
          name: 'pg_restore',
          args: ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
          url: databaseUrl(url, staging),
        });
        ({ migrated, skipped } = await markDatabaseRestored({
          url: databaseUrl(url, staging),
          restoredAt,
          source,
        }));
      } catch (err) {
        await onServer(url, (client) => client.query(`DROP DATABASE IF EXISTS ${ident(staging)}`));
        throw err;
      }
      await onServer(url, async (client) => {
        try {
          if (existing) await client.query(`ALTER DATABASE ${ident(name)} RENAME TO ${ident(aside)}`);
        } catch (err) {
          await client.query(`DROP DATABASE IF EXISTS ${ident(staging)}`);
          throw new BackupError(
            `the database ${name} cannot be set aside (${(err as Error).message}): stop every server using it first`,
          );
        }
        await client.query(`ALTER DATABASE ${ident(staging)} RENAME TO ${ident(name)}`);
      });
      return { replacedTo: existing ? aside : null, migrated, skipped };
    },
  };
}

/**
 * What a restore does to a database once it holds the copy, on its own: for a database a managed
 * service brought back from its own snapshot or point-in-time recovery (`npm run db:restore --
 * --snapshot <what>`). Migrated to this version, marked restored (devices whose cursor came from
 * the lost database list their data again), identities moved past the ids it may have given.
 */
export async function markDatabaseRestored({
  url,
  restoredAt,
  source,
}: {
  url: string;
  restoredAt: Date;
  source: string;
}): Promise<{ migrated: string[]; skipped: { from: number; to: number } }> {
  const handle = openPostgres({ url, poolSize: 1 });
  try {
    const migrated = await migrateToLatest(handle.db);
    const skipped = await markRestored({ db: handle.db, restoredAt, source });
    await moveIdentities(handle.db);
    return { migrated, skipped };
  } finally {
    await handle.close();
  }
}

/** Reads the whole archive through and the migrations it holds. */
async function checkDump(file: string): Promise<CopyCheck> {
  try {
    // To /dev/null: every entry, the tables' data included, is read and decompressed.
    await tool({ name: 'pg_restore', args: ['--file=/dev/null', file] });
    const { stdout } = await tool({
      name: 'pg_restore',
      args: ['--data-only', '--table=kysely_migration', '--file=-', file],
    });
    return { problems: [], migrations: migrationsIn(stdout) };
  } catch (err) {
    return { problems: [(err as Error).message], migrations: [] };
  }
}

/** The names in the COPY data of kysely_migration, as pg_restore writes it as SQL. */
function migrationsIn(script: string): string[] {
  const lines = script.split('\n');
  const start = lines.findIndex((l) => /^COPY \S*kysely_migration \(name,/.test(l));
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '\\.') break;
    const name = line.split('\t')[0];
    if (name) names.push(name);
  }
  return names.sort();
}

/** Every identity moves RESTORE_ID_GAP ahead of both its highest id and its last number given. */
async function moveIdentities(db: ReturnType<typeof openPostgres>['db']): Promise<void> {
  const identities = await sql<{ table_name: string; column_name: string }>`SELECT table_name, column_name
    FROM information_schema.columns WHERE table_schema = current_schema() AND is_identity = 'YES'`.execute(
    db,
  );
  for (const { table_name: table, column_name: column } of identities.rows) {
    await sql`SELECT setval(s.seq, GREATEST(
        (SELECT coalesce(max(${sql.id(column)}), 0) FROM ${sql.id(table)}),
        coalesce(pg_sequence_last_value(s.seq), 0)) + ${RESTORE_ID_GAP})
      FROM (SELECT pg_get_serial_sequence(${ident(table)}, ${column})::regclass AS seq) s`.execute(db);
  }
}
