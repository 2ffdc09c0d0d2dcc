import { type Insertable, type RawBuilder, sql, type Updateable } from 'kysely';
import type { NotifyItem } from '../../sync/api/notify.api.ts';
import type { Page } from '../../sync/api/page.ts';
import { Limits } from '../../sync/constants.ts';
import { SEARCH_IGNORED, searchKey } from '../../sync/notify/list.ts';
import type { NotifySearchColumn } from '../../sync/notify/rules.ts';
import type { InboxRow, NotificationRow } from '../../sync/protocol.ts';
import type { SiteContact } from '../../sync/site-fields.ts';
import type { DbOrTx } from '../db/database.ts';
import { rowsByKeys } from '../db/keyed-rows.ts';
import { containsKeyword } from '../db/keyword.ts';
import { sqlPage } from '../db/paging.ts';
import { seoulDate } from '../db/time.ts';
import type { NotificationsTable } from '../sync/sync.tables.ts';

/**
 * The notifications' reads. Lists answer `NotifyItem`s from two sources: deliveries to the viewer
 * (notify_inbox joined with the notification and its writer) and the viewer's own notifications.
 * Their order and search are the rules of sync/notify/list.ts, written in SQL here
 * (tests/unit/notify-list-parity.test.ts holds the two together).
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

/** A text as a search compares it (sync/notify/list.ts `searchKey`): white space removed (containsKeyword folds ASCII case). */
function searchable(text: RawBuilder<unknown>): RawBuilder<string | null> {
  return SEARCH_IGNORED.reduce<RawBuilder<string | null>>(
    (expr, ignored) => sql`REPLACE(${expr}, ${ignored}, '')`,
    sql<string | null>`${text}`,
  );
}

/** The search condition on the viewer's own notifications (`mine`) or on deliveries to them. */
function search({
  db,
  column,
  keyword,
  mine,
}: {
  db: DbOrTx;
  column: NotifySearchColumn;
  keyword: string;
  mine: boolean;
}): RawBuilder<unknown> {
  const k = searchKey(keyword);
  if (k === '') return sql``;
  // One's own notifications have no writer to search.
  if (column === 'writer' && mine) return sql`AND 1 = 0`;
  const target = {
    title: sql`n.f_title`,
    content: sql`n.f_content`,
    site: sql`n.f_site_name`,
    writer: sql`u.f_name || u.f_phone`,
  }[column];
  return sql`AND ${containsKeyword({ db, text: searchable(target), keyword: k })}`;
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
  const inReceived = search({ db, column, keyword, mine: false });
  const inWritten = search({ db, column, keyword, mine: true });
  let source: RawBuilder<unknown>;
  if (list.kind === 'received') {
    const day = list.today
      ? sql`AND ${seoulDate({ db, time: sql.ref('i.f_send_time'), unit: 'day' })} = ${list.today}`
      : sql``;
    const phone = list.writerPhone ? sql`AND u.f_phone = ${list.writerPhone}` : sql``;
    source = sql`${received} AND i.f_user_idx = ${viewerIdx} ${day} ${phone} ${inReceived}`;
  } else if (list.kind === 'written') {
    source = sql`${written} AND n.f_user_idx = ${viewerIdx} AND n.f_auto = ${list.auto} ${inWritten}`;
  } else {
    source = sql`${received} AND i.f_user_idx = ${viewerIdx} AND n.f_site_idx = ${list.siteIdx} ${inReceived}
      UNION ALL ${written} AND n.f_user_idx = ${viewerIdx} AND n.f_site_idx = ${list.siteIdx} ${inWritten}`;
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
    WHERE f_user_idx = ${userIdx} AND f_site_idx = ${siteIdx} AND ${seoulDate({ db, time: sql.ref('f_reg_time'), unit: 'day' })} = ${day}`.execute(
    db,
  );
  return Number(row.rows[0]?.n ?? 0);
}

/** What a notification records of its linked site. */
export function siteForNotification({ db, siteIdx }: { db: DbOrTx; siteIdx: number }) {
  return db
    .selectFrom('sites')
    .select(['f_name', 'f_site_type', 'f_address1', 'f_address2', 'f_latitude', 'f_longitude'])
    .where('f_idx', '=', siteIdx)
    .executeTakeFirstOrThrow();
}

export async function insertNotification({
  db,
  row,
}: {
  db: DbOrTx;
  row: Insertable<NotificationsTable>;
}): Promise<number> {
  const inserted = await db
    .insertInto('notifications')
    .values(row)
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return inserted.f_idx;
}

export async function updateNotification({
  db,
  notifyIdx,
  values,
}: {
  db: DbOrTx;
  notifyIdx: number;
  values: Updateable<NotificationsTable>;
}): Promise<void> {
  // Every edit counts: an edit made offline names the count of the copy it was made on (protocol 8).
  await db
    .updateTable('notifications')
    .set({ ...values, f_version: sql<number>`f_version + 1` })
    .where('f_idx', '=', notifyIdx)
    .execute();
}

/** A notification its writer has not removed, every column; undefined when there is none. */
export function liveNotification({ db, notifyIdx }: { db: DbOrTx; notifyIdx: number }) {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('f_idx', '=', notifyIdx)
    .where('f_removed_time', 'is', null)
    .executeTakeFirst();
}

/** Whether the notification was delivered to the member (and is still in their list). */
export async function isInInbox({
  db,
  notifyIdx,
  userIdx,
}: {
  db: DbOrTx;
  notifyIdx: number;
  userIdx: number;
}): Promise<boolean> {
  const got = await db
    .selectFrom('notify_inbox')
    .select('f_idx')
    .where('f_notify_idx', '=', notifyIdx)
    .where('f_user_idx', '=', userIdx)
    .executeTakeFirst();
  return got !== undefined;
}

/** The writer withdraws notifications: marked removed, their schedule off, every delivery gone. */
export async function withdrawNotifications({
  db,
  notifyIdxs,
  time,
}: {
  db: DbOrTx;
  notifyIdxs: readonly number[];
  time: string;
}): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ f_removed_time: time, f_auto_enable: 'N' })
    .where('f_idx', 'in', notifyIdxs)
    .execute();
  await db.deleteFrom('notify_inbox').where('f_notify_idx', 'in', notifyIdxs).execute();
}

/** Received notifications leave the member's list. */
export async function dropFromInbox({
  db,
  notifyIdxs,
  userIdx,
}: {
  db: DbOrTx;
  notifyIdxs: readonly number[];
  userIdx: number;
}): Promise<void> {
  await db
    .deleteFrom('notify_inbox')
    .where('f_notify_idx', 'in', notifyIdxs)
    .where('f_user_idx', '=', userIdx)
    .execute();
}

/** Marks the member's unread deliveries read: one notification's, or all (null). Answers how many. */
export async function markInboxRead({
  db,
  userIdx,
  notifyIdx,
  time,
}: {
  db: DbOrTx;
  userIdx: number;
  notifyIdx: number | null;
  time: string;
}): Promise<number> {
  let update = db
    .updateTable('notify_inbox')
    .set({ f_read: 'Y', f_read_time: time })
    .where('f_user_idx', '=', userIdx)
    .where('f_read', '=', 'N');
  if (notifyIdx !== null) update = update.where('f_notify_idx', '=', notifyIdx);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A notification row as stored for the pull: its contacts still JSON text. */
export type StoredNotification = Omit<NotificationRow, 'contacts_list'> & { f_contacts_list: string };
export type StoredInboxRow = Omit<InboxRow, 'contacts_list'> & { f_contacts_list: string };

/**
 * The member's own notifications among these (the pull's 'notification' rows), with the columns
 * of spec §3 only. A removed notification is not among them: it leaves the writer's device.
 */
export function ownNotificationRows({
  db,
  userIdx,
  notifyIdxs,
}: {
  db: DbOrTx;
  userIdx: number;
  notifyIdxs: readonly number[];
}) {
  return rowsByKeys<StoredNotification>({
    db,
    sql: `SELECT f_idx AS k, f_idx, f_user_idx, f_title, f_content, f_site_idx, f_site_name, f_site_type,
            f_address, f_longitude, f_latitude, f_push, f_made, f_made1, f_auto, f_auto_enable, f_auto_time,
            f_auto_interval, f_read, f_image_url, f_contacts_list, f_reg_time, f_update_time, f_version
          FROM notifications WHERE f_user_idx = ? AND f_removed_time IS NULL AND f_idx IN (?keys)`,
    params: [userIdx],
    keys: notifyIdxs,
  });
}

/**
 * Deliveries to the member among these (the pull's 'inbox' rows, protocol 7): the delivery with
 * its read state and the notification as written, its writer named. A delivery of a removed
 * notification is not among them.
 */
export function inboxRows({
  db,
  userIdx,
  inboxIdxs,
}: {
  db: DbOrTx;
  userIdx: number;
  inboxIdxs: readonly number[];
}) {
  return rowsByKeys<StoredInboxRow>({
    db,
    sql: `SELECT i.f_idx AS k, i.f_idx, i.f_notify_idx, i.f_send_time, i.f_read, n.f_title, n.f_content,
            n.f_site_idx, n.f_site_name, n.f_site_type, n.f_address, n.f_push, n.f_made, n.f_auto,
            n.f_image_url, n.f_contacts_list, n.f_reg_time, n.f_user_idx AS f_writer_idx,
            u.f_name AS f_writer_name, u.f_phone AS f_writer_phone, u.f_affiliation AS f_writer_affiliation
          FROM notify_inbox i JOIN notifications n ON n.f_idx = i.f_notify_idx JOIN users u ON u.f_idx = n.f_user_idx
          WHERE i.f_user_idx = ? AND n.f_removed_time IS NULL AND i.f_idx IN (?keys)`,
    params: [userIdx],
    keys: inboxIdxs,
  });
}

/** Areas (시/군/구) by their 5-digit code. */
export function areaByCode({ db, code }: { db: DbOrTx; code: string }) {
  return db.selectFrom('areas').select('f_idx').where('f_code', '=', code).executeTakeFirst();
}

/** The 시/군/구 of a 시/도, by its full name. */
export function districtsOfProvince({ db, province }: { db: DbOrTx; province: string }) {
  return db.selectFrom('areas').select(['f_idx', 'f_district']).where('f_area', '=', province).execute();
}

/**
 * Gives each recipient (recipients.ts says who) one unread delivery of the send `due`: approved
 * members, not blocked or withdrawn, other than the writer, interested in the area (or in none),
 * who did not stop seeing the writer's named posts. Answers who got one now.
 */
export async function insertDeliveries({
  db,
  notifyIdx,
  writerIdx,
  areaIdx,
  due,
  time,
}: {
  db: DbOrTx;
  notifyIdx: number;
  writerIdx: number;
  areaIdx: number | null;
  due: string;
  time: string;
}): Promise<number[]> {
  const result = await sql<{ f_user_idx: number }>`
    INSERT INTO notify_inbox (f_notify_idx, f_user_idx, f_due, f_send_time)
    SELECT ${notifyIdx}, u.f_idx, ${due}, ${time} FROM users u
    WHERE u.f_approval = 'A' AND u.f_status <> 'B' AND u.f_withdrawn_time IS NULL AND u.f_idx <> ${writerIdx}
      AND (NOT EXISTS (SELECT 1 FROM area_likes al WHERE al.f_user_idx = u.f_idx)
        OR EXISTS (SELECT 1 FROM area_likes al WHERE al.f_user_idx = u.f_idx AND al.f_area_idx = ${areaIdx ?? -1}))
      AND NOT EXISTS (SELECT 1 FROM community_blocks b
        WHERE b.f_user_idx = u.f_idx AND b.f_blocked_user_idx = ${writerIdx} AND b.f_anony = 'N')
    ON CONFLICT DO NOTHING
    RETURNING f_user_idx`.execute(db);
  return result.rows.map((r) => r.f_user_idx);
}

/** Records that the send `due` of a notification happens; false when it already did. */
export async function claimSend({
  db,
  notifyIdx,
  due,
  time,
}: {
  db: DbOrTx;
  notifyIdx: number;
  due: string;
  time: string;
}): Promise<boolean> {
  const claimed = await db
    .insertInto('notify_sends')
    .values({ f_notify_idx: notifyIdx, f_due: due, f_send_time: time, f_recipients: 0 })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(claimed.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function recordSendCount({
  db,
  notifyIdx,
  due,
  recipients,
}: {
  db: DbOrTx;
  notifyIdx: number;
  due: string;
  recipients: number;
}): Promise<void> {
  await db
    .updateTable('notify_sends')
    .set({ f_recipients: recipients })
    .where('f_notify_idx', '=', notifyIdx)
    .where('f_due', '=', due)
    .execute();
}

/** What a send needs of a live notification: writer, push, text, and its site's place. */
export function notificationToSend({ db, notifyIdx }: { db: DbOrTx; notifyIdx: number }) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('sites as s', 's.f_idx', 'n.f_site_idx')
    .select(['n.f_user_idx', 'n.f_push', 'n.f_title', 'n.f_content', 's.f_bjd_code', 's.f_address1'])
    .where('n.f_idx', '=', notifyIdx)
    .where('n.f_removed_time', 'is', null)
    .executeTakeFirst();
}

/** The live automatic notifications that are switched on, with their schedules. */
export function enabledAutoNotifications({ db }: { db: DbOrTx }) {
  return db
    .selectFrom('notifications')
    .select(['f_idx', 'f_auto_from', 'f_reg_time', 'f_auto_time', 'f_auto_interval'])
    .where('f_auto', '=', 'Y')
    .where('f_auto_enable', '=', 'Y')
    .where('f_removed_time', 'is', null)
    .execute();
}
