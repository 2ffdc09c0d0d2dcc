import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';
import { type DatabaseHandle, type Db, openTestDatabase } from '../db/database.ts';
import { isSkippedVersion, markRestored, RESTORE_VERSION_GAP } from './restores.repository.ts';

let sqlite: DatabaseHandle;
let postgres: TestPostgres;
beforeAll(async () => {
  [sqlite, postgres] = await Promise.all([openTestDatabase(), freshPostgresDatabase()]);
});
afterAll(async () => {
  await sqlite.close();
  await postgres.drop();
});

/** What a restore leaves on a database, as the pull reads it. */
async function restoreMarks(db: Db) {
  const { version: before } = await db.selectFrom('sync_clock').select('version').executeTakeFirstOrThrow();
  const skipped = await markRestored({
    db,
    restoredAt: new Date('2026-03-02T05:00:00Z'),
    source: 'app-x.db',
  });
  const { version: after } = await db.selectFrom('sync_clock').select('version').executeTakeFirstOrThrow();
  const probes = [before, before + 1, after - 1, after, after + 1];
  return {
    moved: after - before,
    skipped: { from: skipped.from - before, to: skipped.to - before },
    inRange: await Promise.all(probes.map((version) => isSkippedVersion({ db, version }))),
  };
}

describe('a restore mark', () => {
  it('moves the clock and records the skipped versions alike on SQLite and PostgreSQL', async () => {
    const expected = {
      moved: RESTORE_VERSION_GAP,
      skipped: { from: 0, to: RESTORE_VERSION_GAP },
      // The restored copy's own clock and the new clock are real versions; only those between are skipped.
      inRange: [false, true, true, false, false],
    };
    expect(await restoreMarks(sqlite.db)).toEqual(expected);
    expect(await restoreMarks(postgres.handle.db)).toEqual(expected);
  });
});
