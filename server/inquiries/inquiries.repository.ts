import { type Insertable, sql, type Updateable } from 'kysely';
import type { Page } from '../../sync/api/page.ts';
import { InquiryRules, type SearchColumn } from '../../sync/community/rules.ts';
import type { DbOrTx } from '../db/database.ts';
import { containsKeyword } from '../db/keyword.ts';
import { selectPage } from '../db/paging.ts';
import type { InquiriesTable, InquiryRow } from './inquiries.tables.ts';

export type InquiryRecord = InquiryRow & { f_user_name: string; f_user_phone: string };

function inquiriesQuery(db: DbOrTx) {
  return db
    .selectFrom('inquiries as i')
    .innerJoin('users as u', 'u.f_idx', 'i.f_user_idx')
    .selectAll('i')
    .select(['u.f_name as f_user_name', 'u.f_phone as f_user_phone']);
}

/**
 * Spec §2 /Inquire list, newest first, 20 a page (spec §9). `openerIdx` is who may read secret
 * inquiries besides moderators (the signed-in caller; null for a visitor): a keyword search of
 * title or content matches only inquiries the caller may open, so a secret one cannot be found by
 * guessing its words. `keyword` arrives with its spaces stripped.
 */
export function inquiryPage({
  db,
  openerIdx,
  moderator,
  column,
  keyword,
  writerIdx,
  page,
}: {
  db: DbOrTx;
  openerIdx: number | null;
  moderator: boolean;
  column: SearchColumn;
  keyword: string;
  writerIdx: number | null;
  page: number;
}): Promise<Page<InquiryRecord>> {
  let query = inquiriesQuery(db);
  if (writerIdx !== null) query = query.where('i.f_user_idx', '=', writerIdx);
  if (keyword !== '') {
    const field =
      column === 'writer'
        ? sql.ref('u.f_name')
        : column === 'title'
          ? sql.ref('i.f_title')
          : sql.ref('i.f_content');
    query = query.where(containsKeyword({ db, text: sql`REPLACE(${field}, ' ', '')`, keyword }));
    if (!moderator && column !== 'writer') {
      query = query.where((eb) =>
        eb.or([eb('i.f_secret', '=', 'N'), eb('i.f_user_idx', '=', openerIdx ?? -1)]),
      );
    }
  }
  return selectPage({ query: query.orderBy('i.f_idx', 'desc'), page, limit: InquiryRules.pageSize });
}

export function findInquiry({
  db,
  inquiryIdx,
}: {
  db: DbOrTx;
  inquiryIdx: number;
}): Promise<InquiryRecord | undefined> {
  return inquiriesQuery(db).where('i.f_idx', '=', inquiryIdx).executeTakeFirst();
}

export async function insertInquiry({
  db,
  inquiry,
}: {
  db: DbOrTx;
  inquiry: Insertable<InquiriesTable>;
}): Promise<number> {
  const row = await db.insertInto('inquiries').values(inquiry).returning('f_idx').executeTakeFirstOrThrow();
  return row.f_idx;
}

export async function updateInquiryRow({
  db,
  inquiryIdx,
  values,
}: {
  db: DbOrTx;
  inquiryIdx: number;
  values: Updateable<InquiriesTable>;
}): Promise<void> {
  await db.updateTable('inquiries').set(values).where('f_idx', '=', inquiryIdx).execute();
}

export async function deleteInquiries({ db, inquiryIdxs }: { db: DbOrTx; inquiryIdxs: readonly number[] }) {
  await db.deleteFrom('inquiries').where('f_idx', 'in', inquiryIdxs).execute();
}
