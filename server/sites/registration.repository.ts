import { draftFieldsOfSite } from '../../sync/site-fields.ts';
import { fieldsOfRegisteredSite, type RegistrationFields } from '../../sync/sites/registration.ts';
import type { DbOrTx } from '../db/database.ts';
import { cached } from '../db/statements.ts';
import { loadSiteRows, loadUnits } from './site-rows.repository.ts';

/**
 * Reads of site registration, on the raw connection (the caller holds the transaction or the
 * connection). Writes are server/sites/site-writer.repository.ts.
 */

/**
 * A site's fields as its form holds them, with the version an edit is based on. A draft's
 * buildings come without ids (as drafts travel); a registered site's with them.
 */
export async function readSiteFields({ db, siteIdx }: { db: DbOrTx; siteIdx: number }): Promise<{
  fields: RegistrationFields;
  version: number;
} | null> {
  const [row] = await loadSiteRows({ db, ids: [siteIdx] });
  if (!row) return null;
  if (row.f_status === 'P')
    return { fields: draftFieldsOfSite(row) as RegistrationFields, version: row.version };
  const dongs = (await loadUnits({ db, ids: [siteIdx] })).get(siteIdx) ?? [];
  return { fields: fieldsOfRegisteredSite({ site: row, dongs }), version: row.version };
}

/** The member's drafts of a kind, newest first. */
export async function draftsOf({
  db,
  userIdx,
  kind,
}: {
  db: DbOrTx;
  userIdx: number;
  kind: 'O' | 'G';
}): Promise<number[]> {
  return cached({
    db,
    sql: `SELECT f_idx FROM sites WHERE f_user_idx = ? AND f_status = 'P' AND f_site_type = ?
      ORDER BY f_update_time DESC, f_idx DESC`,
  })
    .pluck()
    .all(userIdx, kind) as number[];
}
