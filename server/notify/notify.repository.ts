import { type RawBuilder, sql } from 'kysely';
import type { NotifyItem } from '../../sync/api/notify.api.ts';
import type { Page } from '../../sync/api/page.ts';
import { Limits } from '../../sync/constants.ts';
import type { NotifySearchColumn } from '../../sync/notify/rules.ts';
import type { SiteContact } from '../../sync/site-fields.ts';
import type { DbOrTx } from '../db/database.ts';
import { sqlPage } from '../db/paging.ts';

/**
 * The notifications' reads. Lists answer `NotifyItem`s from two sources: deliveries to the viewer
 * (notify_inbox joined with the notification and its writer) and the viewer's own notifications.
 */

interface ItemRow extends Omit<NotifyItem, 'contacts_list' | 'writer' | 'mine'> {
  f_contacts_list: string;
  w_idx: number;
  w_name: string;
  w_phone: string;
  w_affiliation: string;
}

const NOTE =
  sql.raw(`n.f_idx, n.f_title, n.f_content, n.f_site_idx, n.f_site_name, n.f_site_type, n.f_address,
  n.f_push, n.f_made, n.f_made1, n.f_auto, n.f_auto_enable, n.f_auto_time, n.f_auto_interval, n.f_image_url,
  n.f_reg_time, n.f_version, n.f_contacts_list, u.f_idx AS w_idx, u.f_name AS w_name, u.f_phone AS w_phone,
  u.f_affiliation AS w_affiliation`);

/** Deliveries to the viewer. */
const received = sql`SELECT ${NOTE}, i.f_idx AS inbox_idx, i.f_send_time, i.f_read
  FROM notify_inbox i JOIN notifications n ON n.f_idx = i.f_notify_idx JOIN users u ON u.f_idx = n.f_user_idx
  WHERE n.f_removed_time IS NULL`;
/** The viewer's own notifications. */
const written = sql`SELECT ${NOTE}, NULL AS inbox_idx, n.f_reg_time AS f_send_time, 'Y' AS f_read
  FROM notifications n JOIN users u ON u.f_idx = n.f_user_idx WHERE n.f_removed_time IS NULL`;

export function toItem({ row, viewerIdx }: { row: ItemRow; viewerIdx: number }): NotifyItem {
  const { f_contacts_list, w_idx, w_name, w_phone, w_affiliation, ...rest } = row;
  let contacts: SiteContact[] = [];
  try {
    contacts = JSON.parse(f_contacts_list) as SiteContact[];
  } catch {
    contacts = [];
  }
  return {
    ...rest,
    contacts_list: contacts,
    writer: { f_idx: w_idx, f_name: w_name, f_phone: w_phone, f_affiliation: w_affiliation },
    mine: w_idx === viewerIdx,
  };
}

function search({ column, keyword }: { column: NotifySearchColumn; keyword: string }): RawBuilder<unknown> {
  const k = keyword.replace(/\s+/g, '');
  if (k === '') return sql``;
  const like = `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const target = {
    title: sql`n.f_title`,
    content: sql`n.f_content`,
    site: sql`n.f_site_name`,
    writer: sql`u.f_name || u.f_phone`,
  }[column];
  return sql`AND REPLACE(${target}, ' ', '') LIKE ${like} ESCAPE '\\'`;
}

export type ListKind =
  | { kind: 'received'; today: string | null; writerPhone: string }
  | { kind: 'written'; auto: 'Y' | 'N' }
  | { kind: 'site'; siteIdx: number };

/** One page of a list; made+ deliveries pinned since `pinnedSince` come first in received lists. */
export async function itemPage({
  db,
  viewerIdx,
  list,
  column,
  keyword,
  page,
  pinnedSince,
}: {
  db: DbOrTx;
  viewerIdx: number;
  list: ListKind;
  column: NotifySearchColumn;
  keyword: string;
  page: number;
  pinnedSince: string;
}): Promise<Page<NotifyItem>> {
  const found = search({ column, keyword });
  let source: RawBuilder<unknown>;
  if (list.kind === 'received') {
    const day = list.today ? sql`AND date(i.f_send_time, '+9 hours') = ${list.today}` : sql``;
    const phone = list.writerPhone ? sql`AND u.f_phone = ${list.writerPhone}` : sql``;
    source = sql`${received} AND i.f_user_idx = ${viewerIdx} ${day} ${phone} ${found}`;
  } else if (list.kind === 'written') {
    source = sql`${written} AND n.f_user_idx = ${viewerIdx} AND n.f_auto = ${list.auto} ${found}`;
  } else {
    source = sql`${received} AND i.f_user_idx = ${viewerIdx} AND n.f_site_idx = ${list.siteIdx} ${found}
      UNION ALL ${written} AND n.f_user_idx = ${viewerIdx} AND n.f_site_idx = ${list.siteIdx} ${found}`;
  }
  const result = await sqlPage<ItemRow>({
    db,
    select: sql`*`,
    from: sql`FROM (${source}) AS item`,
    orderBy: sql`(f_made1 = 'Y' AND inbox_idx IS NOT NULL AND f_send_time > ${pinnedSince}) DESC,
      f_send_time DESC, f_idx DESC, inbox_idx DESC`,
    page,
    limit: Limits.pageSize,
  });
  return { ...result, list: result.list.map((row) => toItem({ row, viewerIdx })) };
}

/** The viewer's latest delivery of a notification, or the notification when the viewer wrote it. */
export async function findItem({
  db,
  viewerIdx,
  notifyIdx,
}: {
  db: DbOrTx;
  viewerIdx: number;
  notifyIdx: number;
}): Promise<NotifyItem | null> {
  const mine =
    await sql<ItemRow>`${written} AND n.f_idx = ${notifyIdx} AND n.f_user_idx = ${viewerIdx}`.execute(db);
  const own = mine.rows[0];
  if (own) return toItem({ row: own, viewerIdx });
  const got = await sql<ItemRow>`${received} AND n.f_idx = ${notifyIdx} AND i.f_user_idx = ${viewerIdx}
    ORDER BY i.f_send_time DESC LIMIT 1`.execute(db);
  const row = got.rows[0];
  return row ? toItem({ row, viewerIdx }) : null;
}

/** Notifications the member wrote for the site on a Seoul day, removed ones included (spec §9 limit). */
export async function countWrittenOnDay({
  db,
  userIdx,
  siteIdx,
  day,
}: {
  db: DbOrTx;
  userIdx: number;
  siteIdx: number;
  day: string;
}): Promise<number> {
  const row = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM notifications
    WHERE f_user_idx = ${userIdx} AND f_site_idx = ${siteIdx} AND date(f_reg_time, '+9 hours') = ${day}`.execute(
    db,
  );
  return Number(row.rows[0]?.n ?? 0);
}
