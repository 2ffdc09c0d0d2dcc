import type { Db, DbOrTx } from '../db/database.ts';

/**
 * How far a restore moves the sync clock. The versions in between were issued, if at all, by the
 * server that was lost (after the backup it was restored from); a device cursor among them is
 * answered with `reset` (pull.repository.ts). Ten billion is more versions than this product
 * writes in years, and a cursor holds 15 digits: room for a hundred thousand restores.
 */
export const RESTORE_VERSION_GAP = 10_000_000_000;

/**
 * Marks a database just restored from a copy: the sync clock jumps ahead and the skipped range
 * is recorded, in one transaction. Runs before the server starts on it.
 */
export async function markRestored({
  db,
  restoredAt,
  source,
}: {
  db: Db;
  restoredAt: Date;
  source: string;
}): Promise<{ from: number; to: number }> {
  return db.transaction().execute(async (tx) => {
    const { version } = await tx
      .selectFrom('sync_clock')
      .select('version')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const to = version + RESTORE_VERSION_GAP;
    await tx.updateTable('sync_clock').set({ version: to }).where('id', '=', 1).execute();
    await tx
      .insertInto('sync_restores')
      .values({
        f_from_version: version,
        f_to_version: to,
        f_restored_at: restoredAt.toISOString(),
        f_source: source,
      })
      .execute();
    return { from: version, to };
  });
}

/**
 * Whether a cursor's version is one a restore skipped (only the lost server issued it). The
 * SQLite pull asks the same with a prepared statement (pull.repository.ts, `skipped`); this
 * form is for the PostgreSQL pull (pull.postgres.ts) and the parity test.
 */
export async function isSkippedVersion({ db, version }: { db: DbOrTx; version: number }): Promise<boolean> {
  const row = await db
    .selectFrom('sync_restores')
    .select('f_idx')
    .where('f_from_version', '<', version)
    .where('f_to_version', '>', version)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
