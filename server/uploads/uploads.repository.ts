import type { DbOrTx } from '../db/database.ts';

/** The sites showing this file among their inlay pictures, with whether each keeps them private. */
export function sitesWithInlayFile({
  db,
  url,
}: {
  db: DbOrTx;
  url: string;
}): Promise<Array<{ f_idx: number; f_inlay_private: 'Y' | 'N' }>> {
  return db
    .selectFrom('site_inlay_files as f')
    .innerJoin('sites as s', 's.f_idx', 'f.f_site_idx')
    .select(['s.f_idx', 's.f_inlay_private'])
    .where('f.url', '=', url)
    .execute();
}
