import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase, type TestPostgres } from '../../tests/support/postgres-database.ts';
import { type ChannelListener, listenOnChannel } from '../db/listen.ts';
import { JOB_WAKE_CHANNEL } from './jobs.repository.ts';
import { wakeJobOnCommit } from './wake.ts';

let database: TestPostgres;
let listener: ChannelListener;
const heard: string[] = [];

beforeAll(async () => {
  database = await freshPostgresDatabase();
  listener = await listenOnChannel({
    url: database.url,
    channel: JOB_WAKE_CHANNEL,
    onMessage: (name) => heard.push(name),
  });
});
afterAll(async () => {
  await listener?.close();
  await database?.drop();
});

/** Waits until the listener heard `count` wakes in all (they arrive from another connection). */
async function heardCount(count: number, looks = 300): Promise<string[]> {
  for (let i = 0; i < looks && heard.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  return [...heard];
}

describe('job wakes between instances on PostgreSQL', () => {
  it('reach every listening instance when the queuing transaction commits, and never when it rolls back', async () => {
    const { db } = database.handle;
    await db
      .transaction()
      .execute(async (trx) => {
        await wakeJobOnCommit({ db: trx, name: 'rolled_back' });
        throw new Error('the request failed');
      })
      .catch(() => undefined);
    await db.transaction().execute((trx) => wakeJobOnCommit({ db: trx, name: 'push_delivery' }));
    // Notifications arrive in commit order: one from the rolled-back transaction would come first.
    expect(await heardCount(1)).toEqual(['push_delivery']);
  });

  it('keep arriving after the listening connection is cut (a failover, a restart)', async () => {
    const { db } = database.handle;
    const before = heard.length;
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
              WHERE datname = current_database() AND query = ${`LISTEN ${JOB_WAKE_CHANNEL}`}`.execute(db);
    // Notified until the listener is back: it hears one of them.
    for (let i = 0; i < 100 && heard.length === before; i++) {
      await db.transaction().execute((trx) => wakeJobOnCommit({ db: trx, name: 'after_failover' }));
      await heardCount(before + 1, 10);
    }
    expect(heard.slice(before)).toContain('after_failover');
  });
});
