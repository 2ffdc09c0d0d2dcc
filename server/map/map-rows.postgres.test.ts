import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';
import { copyRows } from '../db/copy-rows.ts';
import { openTestDatabase } from '../db/database.ts';
import { createRng } from '../seed/random.ts';
import { generateSites } from '../seed/sites.generator.ts';
import { rebuildMapRows } from './map-rows.postgres.ts';

/**
 * The set-wise rebuild of the map rows (map-rows.postgres.ts) must write exactly the rows the
 * per-row triggers of migrations/postgres/0021_6_map.ts write, and number every site it touches
 * above what a server's in-memory copy has already read.
 */

let database: TestPostgres;
const OWNER = 1;

const mapRows = async () =>
  (await database.handle.pool.query('SELECT * FROM map_sites ORDER BY f_idx')).rows as Array<
    Record<string, unknown>
  >;

beforeAll(async () => {
  database = await freshPostgresDatabase();
  await database.handle.pool.query(`INSERT INTO users (f_idx, f_phone, f_affiliation, f_name, f_reg_time)
    VALUES (${OWNER}, '01000000001', '', 'owner', '2026-11-27T00:00:00.000Z')`);
  const scratch = await openTestDatabase();
  scratch.sqlite.pragma('foreign_keys = OFF');
  generateSites({
    sqlite: scratch.sqlite,
    rng: createRng(21),
    count: 300,
    ownerIds: [OWNER],
    now: new Date('2026-11-01T00:00:00Z'),
    unitsScale: 0.2,
  });
  // Copied with the triggers on: they write each site's map row as its rooms and units arrive.
  await copyRows({
    from: scratch.sqlite,
    to: database.handle.db,
    only: ['sites', 'site_rooms', 'dongs', 'hos'],
  });
  await scratch.close();
  // Some units sold or on inquiry, some sites hidden or deleted: the summaries and the filter must follow.
  await database.handle.pool.query(`UPDATE hos SET f_complete = 'Y' WHERE f_idx % 3 = 0`);
  await database.handle.pool.query(`UPDATE hos SET f_inquire_price = 'Y' WHERE f_idx % 5 = 0`);
  await database.handle.pool.query(`UPDATE sites SET f_hidden = 'Y' WHERE f_idx % 17 = 0`);
  await database.handle.pool.query(`DELETE FROM site_rooms WHERE f_site_idx % 11 = 0`);
});
afterAll(async () => {
  await database?.drop();
});

describe('rebuilding every map row at once on PostgreSQL', () => {
  it('writes the same rows, summaries included, as the triggers wrote one site at a time', async () => {
    const byTriggers = await mapRows();
    expect(byTriggers.length).toBeGreaterThan(100);
    expect(byTriggers.some((r) => Number(r.f_toilet_mask) > 0 && r.f_u_sale_min !== null)).toBe(true);
    expect(byTriggers.some((r) => Number(r.f_room_mask) === 0)).toBe(true);
    await database.handle.pool.query('DELETE FROM map_sites');
    const shown = await rebuildMapRows(database.handle.db);
    expect(shown).toBe(byTriggers.length);
    expect(await mapRows()).toEqual(byTriggers);
  });

  it('numbers every site it wrote or removed above the highest number given before', async () => {
    const before = Number(
      (await database.handle.pool.query('SELECT max(f_seq) AS n FROM map_changes')).rows[0]?.n,
    );
    await database.handle.pool.query(`UPDATE sites SET f_hidden = 'Y' WHERE f_idx % 13 = 0`);
    const gone = (await database.handle.pool.query(`SELECT f_idx FROM sites WHERE f_idx % 13 = 0`)).rows
      .length;
    await rebuildMapRows(database.handle.db);
    const numbers = await database.handle.pool.query<{ f_idx: number; f_seq: number }>(
      'SELECT f_idx, f_seq FROM map_changes',
    );
    const shown = (await mapRows()).length;
    expect(numbers.rows.length).toBeGreaterThanOrEqual(shown + gone - 1);
    expect(numbers.rows.every((r) => Number(r.f_seq) > before)).toBe(true);
    // The triggers number again afterwards.
    await database.handle.pool.query(`UPDATE sites SET f_hidden = 'N' WHERE f_idx % 13 = 0`);
    const after = await database.handle.pool.query('SELECT max(f_seq) AS n FROM map_changes');
    expect(Number(after.rows[0]?.n)).toBeGreaterThan(Math.max(...numbers.rows.map((r) => Number(r.f_seq))));
  });
});
