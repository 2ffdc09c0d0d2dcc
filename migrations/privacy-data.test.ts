import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { migrations } from './index.ts';

/**
 * Data already written when 0024 and 0025 land: blocks made before a block had a kind, and
 * sites still shared to a group their owner had left.
 */

async function databaseBefore(last: string) {
  const handle = openDatabase({ file: ':memory:' });
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(last);
  if (error) throw error;
  return handle;
}

describe('privacy migrations on existing data', () => {
  it('gives an old block the kind it can only have had, named unless the writer had only anonymous posts', async () => {
    const handle = await databaseBefore('0021_home_ads');
    const run = (sql: string, ...args: unknown[]) => handle.sqlite.prepare(sql).run(...args);
    for (const idx of [1, 2, 3, 4])
      run(
        "INSERT INTO users (f_idx, f_phone, f_name, f_affiliation, f_reg_time) VALUES (?, ?, 'n', 'a', 't')",
        idx,
        `0100000000${idx}`,
      );
    const post = (user: number, anony: string, time: string) =>
      run(
        `INSERT INTO community_posts (f_type, f_title, f_content, f_phone, f_anony, f_user_idx, f_reg_time, f_reg_day)
         VALUES ('R', 't', 'c', '', ?, ?, ?, '2026-01-01')`,
        anony,
        user,
        time,
      );
    post(2, 'Y', '2026-01-01T00:00:00Z');
    post(3, 'Y', '2026-01-01T00:00:00Z');
    post(3, 'N', '2026-01-01T00:00:00Z');
    // Only anonymous when blocked; a named post came later.
    post(4, 'Y', '2026-01-01T00:00:00Z');
    post(4, 'N', '2026-03-01T00:00:00Z');
    for (const blocked of [2, 3, 4])
      run(
        "INSERT INTO community_blocks (f_user_idx, f_blocked_user_idx, f_reg_time) VALUES (1, ?, '2026-02-01T00:00:00Z')",
        blocked,
      );
    await migrateToLatest(handle.db);
    expect(
      handle.sqlite
        .prepare('SELECT f_blocked_user_idx AS writer, f_anony FROM community_blocks ORDER BY 1')
        .all(),
    ).toEqual([
      { writer: 2, f_anony: 'Y' },
      { writer: 3, f_anony: 'N' },
      { writer: 4, f_anony: 'Y' },
    ]);
    await handle.close();
  });

  it('releases the sites still shared to a group their owner had left, and keeps the members’ ones', async () => {
    const handle = await databaseBefore('0021_home_ads');
    const run = (sql: string, ...args: unknown[]) => handle.sqlite.prepare(sql).run(...args);
    for (const idx of [1, 2])
      run(
        "INSERT INTO users (f_idx, f_phone, f_name, f_affiliation, f_reg_time) VALUES (?, ?, 'n', 'a', 't')",
        idx,
        `0100000000${idx}`,
      );
    run("INSERT INTO groups (f_idx, f_name, f_owner_idx, f_reg_time) VALUES (1, 'g', 1, 't')");
    run("INSERT INTO group_members (f_group_idx, f_user_idx, f_reg_time) VALUES (1, 1, 't')");
    for (const [site, owner] of [
      [1, 1],
      [2, 2],
    ])
      run(
        `INSERT INTO sites (f_idx, f_name, f_site_type, f_user_idx, f_group_idx, f_latitude, f_longitude, f_reg_time, f_update_time)
         VALUES (?, 's', 'O', ?, 1, 37.5, 127, 't', 't')`,
        site,
        owner,
      );
    await migrateToLatest(handle.db);
    expect(handle.sqlite.prepare('SELECT f_idx, f_group_idx FROM sites ORDER BY 1').all()).toEqual([
      { f_idx: 1, f_group_idx: 1 },
      { f_idx: 2, f_group_idx: null },
    ]);
    await handle.close();
  });
});
