import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { APP_VERSION } from '../version.ts';

/** Spec health check: the database answers a query. */
export async function health({ db }: { db: Db }) {
  await sql`SELECT 1`.execute(db);
  return { db: 'ok' as const, version: APP_VERSION };
}
