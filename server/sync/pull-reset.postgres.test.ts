import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';
import { type DatabaseHandle, type Db, openTestDatabase } from '../db/database.ts';
import { inPullTransaction } from './feed.repository.ts';
import { readPullPage } from './pull.repository.ts';
import { markRestored } from './restores.repository.ts';

/**
 * The pull's cursor rules through readPullPage on both databases: a cursor ahead of the clock, or
 * inside the versions a restore skipped, is answered `reset`; one the server issued goes on.
 */

let sqlite: DatabaseHandle;
let postgres: TestPostgres;
beforeAll(async () => {
  [sqlite, postgres] = await Promise.all([openTestDatabase(), freshPostgresDatabase()]);
});
afterAll(async () => {
  await sqlite.close();
  await postgres.drop();
});

async function pageAt(db: Db, cursor: string | null) {
  const page = await inPullTransaction(db, (tx) =>
    readPullPage({ db: tx, userIdx: 1, clientId: 'client-reset-01', cursor, limit: 50, owners: new Map() }),
  );
  const wire = JSON.parse(page.json) as { cursor: string; reset: boolean; changes: unknown[] };
  return { reset: wire.reset, changes: wire.changes.length };
}

async function cursorAnswers(db: Db) {
  const { version } = await db.selectFrom('sync_clock').select('version').executeTakeFirstOrThrow();
  const issued = await pageAt(db, `v${version}`);
  const ahead = await pageAt(db, `v${version + 5}`);
  const { from, to } = await markRestored({
    db,
    restoredAt: new Date('2026-03-02T05:00:00Z'),
    source: 'x.db',
  });
  return {
    issued,
    ahead,
    beforeRestore: await pageAt(db, `v${from}`),
    lostServers: await pageAt(db, `v${from + 7}.site.3`),
    afterRestore: await pageAt(db, `v${to}`),
  };
}

describe('the pull on both databases', () => {
  it('answers reset for a cursor ahead of the clock or inside a restored range, and goes on from any other', async () => {
    const answers = {
      sqlite: await cursorAnswers(sqlite.db),
      postgres: await cursorAnswers(postgres.handle.db),
    };
    expect(answers.postgres).toEqual(answers.sqlite);
    expect(answers.sqlite).toEqual({
      issued: { reset: false, changes: 0 },
      ahead: { reset: true, changes: 0 },
      beforeRestore: { reset: false, changes: 0 },
      lostServers: { reset: true, changes: 0 },
      afterRestore: { reset: false, changes: 0 },
    });
  });
});
