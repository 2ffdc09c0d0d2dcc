import { draftFieldsOfSite } from '../../sync/site-fields.ts';
import { fieldsOfRegisteredSite, type RegistrationFields } from '../../sync/sites/registration.ts';
import type { DbOrTx } from '../db/database.ts';
import { loadSiteRows, loadUnits } from './site-rows.repository.ts';

/** Reads of site registration. Writes are server/sites/site-writer.repository.ts. */

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
  const rows = await db
    .selectFrom('sites')
    .select('f_idx')
    .where('f_user_idx', '=', userIdx)
    .where('f_status', '=', 'P')
    .where('f_site_type', '=', kind)
    .orderBy('f_update_time', 'desc')
    .orderBy('f_idx', 'desc')
    .execute();
  return rows.map((r) => r.f_idx);
}
