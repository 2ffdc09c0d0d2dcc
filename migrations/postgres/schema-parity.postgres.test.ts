import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openTestDatabase } from '../../server/db/database.ts';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';
import { migrations } from '../index.ts';
import { postgresMigrations } from './index.ts';
import { postgresShape, schemaDifferences, sqliteShape } from './schema-shape.ts';

/** What PostgreSQL has by design and SQLite has not, with why. */
const postgresOnly: Record<string, string> = {
  'column map_sites.f_search': "map_fts's search text, for the pg_trgm index",
  'index map_sites_search': 'pg_trgm GIN index: map_fts (FTS5 trigram) on SQLite',
  'index map_sites_position': 'GiST index on the position: map_cells (R*Tree) on SQLite',
  'index sync_feed_pending': 'finds the rows a committing transaction stamps (0021_4_sync.ts)',
  'trigger sync_feed_stamp on sync_feed': 'feed versions in commit order (0021_4_sync.ts)',
  'trigger sync_site_versions_stamp on sync_site_versions': 'feed versions in commit order (0021_4_sync.ts)',
  'trigger map_changes_stamp on map_changes': 'map change numbers in commit order (0030_map_changes.ts)',
};

/** SQLite virtual tables and what stands in for each on PostgreSQL. */
const replaced: Record<string, string> = {
  map_cells: 'index map_sites_position',
  map_fts: 'index map_sites_search',
  map_fts_terms: 'index map_sites_search',
};

/** The number of a migration name: 0021_home_ads → 21. */
const numberOf = (name: string) => Number(name.slice(0, 4));

let sqlite: DatabaseHandle;
let postgres: TestPostgres;
beforeAll(async () => {
  [sqlite, postgres] = await Promise.all([openTestDatabase(), freshPostgresDatabase()]);
});
afterAll(async () => {
  await sqlite.close();
  await postgres.drop();
});

describe('the PostgreSQL schema', () => {
  it('has a migration for every SQLite migration after its baseline (0021)', () => {
    const missing = Object.keys(migrations)
      .filter((name) => numberOf(name) > 21 && !(name in postgresMigrations))
      .map((name) => `migrations/${name}.ts has no counterpart migrations/postgres/${name}.ts`);
    expect(missing, missing.join('\n')).toEqual([]);
  });

  it('has the tables, columns, keys, indexes, views and triggers of the SQLite schema', async () => {
    const left = sqliteShape(sqlite.sqlite);
    const right = await postgresShape(postgres.handle.pool);
    const unexplained = left.virtualTables.filter((t) => !(t in replaced));
    const stand = Object.values(replaced).filter((fact) => !right.facts.has(fact));
    const differences = [
      ...unexplained.map(
        (t) => `SQLite virtual table ${t} has no PostgreSQL stand-in (list it in \`replaced\`)`,
      ),
      ...stand.map((fact) => `PostgreSQL lacks ${fact}, which stands in for a SQLite virtual table`),
      ...schemaDifferences({ sqlite: left, postgres: right, postgresOnly, sqliteOnly: {} }),
    ];
    expect(
      differences,
      `${differences.join('\n')}\n(add a migration under migrations/postgres/, see docs/postgres.md)`,
    ).toEqual([]);
  });

  it('names what PostgreSQL lacks once a SQLite migration adds a table, a column, an index or a trigger', async () => {
    const grown = await openTestDatabase();
    grown.sqlite.exec(`
      CREATE TABLE site_tags (f_site_idx INTEGER NOT NULL REFERENCES sites(f_idx) ON DELETE CASCADE, f_tag TEXT);
      ALTER TABLE sites ADD COLUMN f_tagged TEXT NOT NULL DEFAULT 'N';
      CREATE INDEX sites_tagged ON sites (f_tagged, f_reg_time);
      CREATE TRIGGER sync_site_tags_insert AFTER INSERT ON site_tags BEGIN SELECT 1; END;`);
    const differences = schemaDifferences({
      sqlite: sqliteShape(grown.sqlite),
      postgres: await postgresShape(postgres.handle.pool),
      postgresOnly,
      sqliteOnly: {},
    });
    await grown.close();
    expect(differences).toEqual([
      'PostgreSQL lacks column site_tags.f_site_idx: integer not null',
      'PostgreSQL lacks column site_tags.f_tag: text',
      'PostgreSQL lacks column sites.f_tagged: text not null',
      'PostgreSQL lacks foreign key site_tags.f_site_idx: references sites(f_idx) on delete cascade',
      'PostgreSQL lacks index sites_tagged: on sites (f_tagged, f_reg_time)',
      'PostgreSQL lacks table site_tags: table',
      'PostgreSQL lacks trigger sync_site_tags_insert on site_tags: trigger',
    ]);
  });

  it('starts with the rows the SQLite migrations write', async () => {
    // (sync_clock is not compared: PostgreSQL takes one version per transaction, SQLite one per trigger.)
    const tables = ['app_settings', 'cert_questions', 'ads'] as const;
    for (const table of tables) {
      const expected = sqlite.sqlite.prepare(`SELECT * FROM ${table} ORDER BY 1`).all();
      const { rows } = await postgres.handle.pool.query(`SELECT * FROM ${table} ORDER BY 1`);
      expect(rows, table).toEqual(expected);
    }
  });
});
