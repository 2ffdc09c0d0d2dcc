import type SQLite from 'better-sqlite3';
import type pg from 'pg';

/**
 * A database schema reduced to what both databases must agree on, read from a live database:
 * tables with their columns by type family, primary keys, unique constraints and foreign keys;
 * named indexes (columns, unique, partial); views; triggers per table. Used by the schema
 * parity test (schema-parity.postgres.test.ts).
 */
export interface SchemaShape {
  /** Facts keyed by what they are about, e.g. `column sites.f_name` → `text not null`. */
  facts: Map<string, string>;
  /** SQLite virtual tables (map_cells, map_fts...): PostgreSQL has indexes instead. */
  virtualTables: string[];
}

type Family = 'integer' | 'text' | 'real' | 'blob' | 'numeric' | 'any';

/** SQLite's type affinity rules (https://sqlite.org/datatype3.html, 3.1). */
function sqliteFamily(declared: string): Family {
  const t = declared.toUpperCase();
  if (t === '') return 'any';
  if (t.includes('INT')) return 'integer';
  if (/CHAR|CLOB|TEXT/.test(t)) return 'text';
  if (t.includes('BLOB')) return 'blob';
  if (/REAL|FLOA|DOUB/.test(t)) return 'real';
  return 'numeric';
}

function postgresFamily(type: string): Family {
  if (['bigint', 'integer', 'smallint'].includes(type)) return 'integer';
  if (['text', 'character varying', 'character'].includes(type)) return 'text';
  if (['double precision', 'real'].includes(type)) return 'real';
  if (type === 'bytea') return 'blob';
  return 'numeric';
}

const column = (family: Family, notNull: boolean) => `${family}${notNull ? ' not null' : ''}`;

export function sqliteShape(sqlite: SQLite.Database): SchemaShape {
  const facts = new Map<string, string>();
  const objects = sqlite
    .prepare(
      `SELECT type, name, tbl_name AS tbl, sql FROM sqlite_master
       WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%' ORDER BY name`,
    )
    .all() as Array<{ type: string; name: string; tbl: string; sql: string | null }>;
  const virtualTables = objects
    .filter((o) => o.type === 'table' && /^CREATE VIRTUAL TABLE/i.test(o.sql ?? ''))
    .map((o) => o.name);
  const isVirtual = (name: string) => virtualTables.some((v) => name === v || name.startsWith(`${v}_`));
  for (const o of objects) {
    if (o.type === 'view') facts.set(`view ${o.name}`, 'view');
    if (o.type === 'trigger') facts.set(`trigger ${o.name} on ${o.tbl}`, 'trigger');
    if (o.type === 'index' && o.sql !== null) {
      const list = sqlite.prepare(`PRAGMA index_list(${o.tbl})`).all() as Array<{
        name: string;
        unique: number;
        partial: number;
      }>;
      const info = list.find((i) => i.name === o.name);
      const keys = (
        sqlite.prepare(`PRAGMA index_xinfo(${o.name})`).all() as Array<{ name: string | null; key: number }>
      )
        .filter((k) => k.key === 1)
        .map((k) => k.name ?? 'expr');
      facts.set(
        `index ${o.name}`,
        `on ${o.tbl} (${keys.join(', ')})${info?.unique ? ' unique' : ''}${info?.partial ? ' partial' : ''}`,
      );
    }
    if (o.type !== 'table' || isVirtual(o.name)) continue;
    facts.set(`table ${o.name}`, 'table');
    const columns = sqlite.prepare(`PRAGMA table_xinfo(${o.name})`).all() as Array<{
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }>;
    // A primary key column never holds NULL on PostgreSQL; SQLite's rowid alias cannot either.
    for (const c of columns)
      facts.set(`column ${o.name}.${c.name}`, column(sqliteFamily(c.type), c.notnull === 1 || c.pk > 0));
    const pk = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    if (pk.length > 0) facts.set(`primary key of ${o.name}`, `(${pk.map((c) => c.name).join(', ')})`);
    const indexes = sqlite.prepare(`PRAGMA index_list(${o.name})`).all() as Array<{
      name: string;
      origin: string;
    }>;
    for (const i of indexes.filter((x) => x.origin === 'u')) {
      const cols = (sqlite.prepare(`PRAGMA index_info(${i.name})`).all() as Array<{ name: string }>).map(
        (c) => c.name,
      );
      facts.set(`unique constraint ${o.name} (${cols.join(', ')})`, 'unique');
    }
    const fks = sqlite.prepare(`PRAGMA foreign_key_list(${o.name})`).all() as Array<{
      table: string;
      from: string;
      to: string | null;
      on_delete: string;
    }>;
    for (const fk of fks) {
      facts.set(
        `foreign key ${o.name}.${fk.from}`,
        `references ${fk.table}(${fk.to ?? 'f_idx'}) on delete ${fk.on_delete.toLowerCase()}`,
      );
    }
  }
  return { facts, virtualTables };
}

export async function postgresShape(pool: pg.Pool): Promise<SchemaShape> {
  const facts = new Map<string, string>();
  const q = async <T extends pg.QueryResultRow>(text: string) => (await pool.query<T>(text)).rows;
  const tables = await q<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely_%'`);
  for (const t of tables) facts.set(`table ${t.name}`, 'table');
  const pkColumns = new Set(
    (
      await q<{ c: string }>(`SELECT cl.relname || '.' || a.attname AS c FROM pg_constraint k
        JOIN pg_class cl ON cl.oid = k.conrelid JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = ANY (k.conkey)
        WHERE k.contype = 'p' AND cl.relnamespace = 'public'::regnamespace`)
    ).map((r) => r.c),
  );
  const columns = await q<{ t: string; c: string; type: string; nullable: string }>(`
    SELECT c.table_name AS t, c.column_name AS c, c.data_type AS type, c.is_nullable AS nullable
    FROM information_schema.columns c JOIN information_schema.tables t
      ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.table_name NOT LIKE 'kysely_%'`);
  for (const c of columns) {
    facts.set(
      `column ${c.t}.${c.c}`,
      column(postgresFamily(c.type), c.nullable === 'NO' || pkColumns.has(`${c.t}.${c.c}`)),
    );
  }
  const constraints = await q<{ t: string; type: string; cols: string[]; ref: string | null; del: string }>(`
    SELECT cl.relname AS t, k.contype AS type,
      array(SELECT a.attname FROM unnest(k.conkey) WITH ORDINALITY u(n, i)
        JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.n ORDER BY u.i)::text[] AS cols,
      CASE WHEN k.contype = 'f' THEN (SELECT r.relname || '(' || string_agg(a.attname, ', ') || ')'
        FROM pg_class r, unnest(k.confkey) n JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = n
        WHERE r.oid = k.confrelid GROUP BY r.relname) END AS ref,
      k.confdeltype AS del
    FROM pg_constraint k JOIN pg_class cl ON cl.oid = k.conrelid
    WHERE cl.relnamespace = 'public'::regnamespace AND k.contype IN ('p', 'u', 'f') AND cl.relname NOT LIKE 'kysely_%'`);
  const actions: Record<string, string> = {
    a: 'no action',
    r: 'restrict',
    c: 'cascade',
    n: 'set null',
    d: 'set default',
  };
  for (const k of constraints) {
    if (k.type === 'p') facts.set(`primary key of ${k.t}`, `(${k.cols.join(', ')})`);
    if (k.type === 'u') facts.set(`unique constraint ${k.t} (${k.cols.join(', ')})`, 'unique');
    if (k.type === 'f') {
      facts.set(
        `foreign key ${k.t}.${k.cols.join(', ')}`,
        `references ${k.ref} on delete ${actions[k.del] ?? k.del}`,
      );
    }
  }
  // Booleans come back as 1 or 0 through the app's parsers (server/db/postgres.ts).
  const indexes = await q<{ name: string; t: string; keys: string[]; uniq: number; partial: number }>(`
    SELECT i.relname AS name, t.relname AS t, x.indisunique AS uniq, x.indpred IS NOT NULL AS partial,
      array(SELECT coalesce(a.attname, 'expr') FROM unnest(x.indkey::int2[]) WITH ORDINALITY u(n, o)
        LEFT JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = u.n AND u.n > 0
        WHERE u.o <= x.indnkeyatts ORDER BY u.o)::text[] AS keys
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
    WHERE t.relnamespace = 'public'::regnamespace AND t.relname NOT LIKE 'kysely_%'
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`);
  for (const i of indexes) {
    facts.set(
      `index ${i.name}`,
      `on ${i.t} (${i.keys.join(', ')})${i.uniq ? ' unique' : ''}${i.partial ? ' partial' : ''}`,
    );
  }
  for (const v of await q<{ name: string }>(
    `SELECT viewname AS name FROM pg_views WHERE schemaname = 'public'`,
  )) {
    facts.set(`view ${v.name}`, 'view');
  }
  const triggers = await q<{
    name: string;
    t: string;
  }>(`SELECT g.tgname AS name, c.relname AS t FROM pg_trigger g
    JOIN pg_class c ON c.oid = g.tgrelid WHERE NOT g.tgisinternal AND c.relnamespace = 'public'::regnamespace`);
  for (const g of triggers) facts.set(`trigger ${g.name} on ${g.t}`, 'trigger');
  return { facts, virtualTables: [] };
}

/**
 * What PostgreSQL lacks, has in addition, or has otherwise, one line each; empty when the
 * shapes agree apart from `allowed` (facts one side has by design, with the reason).
 */
export function schemaDifferences({
  sqlite,
  postgres,
  postgresOnly,
  sqliteOnly,
}: {
  sqlite: SchemaShape;
  postgres: SchemaShape;
  postgresOnly: Record<string, string>;
  sqliteOnly: Record<string, string>;
}): string[] {
  const out: string[] = [];
  for (const [key, value] of sqlite.facts) {
    const other = postgres.facts.get(key);
    if (key in sqliteOnly) continue;
    if (other === undefined) out.push(`PostgreSQL lacks ${key}: ${value}`);
    // An untyped SQLite column (map_sites) takes any PostgreSQL type.
    else if (other !== value && value.replace(/^any/, other.split(' ')[0] ?? '') !== other) {
      out.push(`PostgreSQL has ${key} as ${other}, SQLite as ${value}`);
    }
  }
  for (const [key, value] of postgres.facts) {
    if (!sqlite.facts.has(key) && !(key in postgresOnly))
      out.push(`PostgreSQL has ${key} (${value}), SQLite has not`);
  }
  return out.sort();
}
