import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** The health check's proof that the database answers. */
export async function pingDatabase({ db }: { db: Db }): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
