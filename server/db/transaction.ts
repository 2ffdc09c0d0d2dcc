import type { Db, Tx } from './database.ts';
import { dialectOf } from './dialect.ts';

/**
 * A transaction that PostgreSQL may refuse and that is safe to run again: SERIALIZABLE where a
 * rule reads several rows and writes on what it read (a daily limit, a count of rejections), or
 * READ COMMITTED with row locks (server/db/locking.ts) that can still meet a deadlock. PostgreSQL
 * answers such a clash with 40001 (serialization failure) or 40P01 (deadlock) after rolling the
 * transaction back; this runs `run` again, up to `attempts` times. `run` must have no effect
 * outside the database (no push sent, no file written) before it returns. On SQLite, with one
 * writer at a time, it runs once.
 */
export async function retryingTransaction<T>({
  db,
  isolation = 'read committed',
  attempts = 5,
  run,
}: {
  db: Db;
  isolation?: 'read committed' | 'serializable';
  attempts?: number;
  run: (tx: Tx) => Promise<T>;
}): Promise<T> {
  if (dialectOf(db) === 'sqlite') return db.transaction().execute(run);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel(isolation).execute(run);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= attempts || (code !== '40001' && code !== '40P01')) throw error;
    }
  }
}
