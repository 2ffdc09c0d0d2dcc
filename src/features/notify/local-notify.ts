import type { NotifyItem } from '../../../sync/api/notify.api.ts';
import { type Page, slicePage } from '../../../sync/api/page.ts';
import { Limits } from '../../../sync/constants.ts';
import { compareNotifyItems, matchesNotifySearch, notifyPinnedSince } from '../../../sync/notify/list.ts';
import { NotifyRules, type NotifySearchColumn } from '../../../sync/notify/rules.ts';
import type { InboxRow, NotificationRow } from '../../../sync/protocol.ts';
import { localDb } from '../../db/db.ts';
import { seoulDay } from './seoul-day.ts';

/**
 * The notification lists read the device: received ones (the 'inbox' entity) and the member's own
 * (the 'notification' entity) are pulled by sync (protocol 7), so every list, its search and the
 * detail work the same with and without a network, and the read marks a member makes offline show
 * at once. What each list holds (the same rule as the server's lists, server/notify/notify.repository.ts;
 * their order and search are sync/notify/list.ts, held together by tests/unit/notify-list-parity.test.ts):
 * - send tab: notifications received, made+ ones of the last 24 hours first, newest first;
 * - modify tab: the member's own manual notifications; auto tab: their automatic ones;
 * - today: received today (Seoul day); a site's list: received about it and written about it.
 */

export type NotifyListKind =
  | { kind: 'received'; today: boolean }
  | { kind: 'written'; auto: boolean }
  | { kind: 'site'; siteIdx: number };

export interface NotifyQuery {
  column: NotifySearchColumn;
  keyword: string;
}

export function fromInbox(row: InboxRow): NotifyItem {
  return {
    f_idx: row.f_notify_idx,
    inbox_idx: row.f_idx,
    f_title: row.f_title,
    f_content: row.f_content,
    f_site_idx: row.f_site_idx,
    f_site_name: row.f_site_name,
    f_site_type: row.f_site_type,
    f_address: row.f_address,
    f_push: row.f_push,
    f_made: row.f_made,
    f_made1: row.f_made,
    f_auto: row.f_auto,
    f_auto_enable: 'N',
    f_auto_time: NotifyRules.defaultAutoTime,
    f_auto_interval: 'E',
    f_read: row.f_read,
    f_image_url: row.f_image_url,
    f_reg_time: row.f_reg_time,
    f_send_time: row.f_send_time,
    // A received notification is not the member's to edit: its edit count does not travel.
    f_version: 0,
    contacts_list: row.contacts_list,
    writer: {
      f_idx: row.f_writer_idx,
      f_name: row.f_writer_name,
      f_phone: row.f_writer_phone,
      f_affiliation: row.f_writer_affiliation,
    },
    mine: false,
  };
}

export function fromWritten(row: NotificationRow): NotifyItem {
  return {
    f_idx: row.f_idx,
    inbox_idx: null,
    f_title: row.f_title,
    f_content: row.f_content,
    f_site_idx: row.f_site_idx,
    f_site_name: row.f_site_name,
    f_site_type: row.f_site_type,
    f_address: row.f_address,
    f_push: row.f_push,
    f_made: row.f_made,
    f_made1: row.f_made1,
    f_auto: row.f_auto,
    f_auto_enable: row.f_auto_enable,
    f_auto_time: row.f_auto_time,
    f_auto_interval: row.f_auto_interval,
    f_read: 'Y',
    f_image_url: row.f_image_url,
    f_reg_time: row.f_reg_time,
    f_send_time: row.f_reg_time,
    // Pulled before protocol 8 a row did not say: an edit of it is merged field by field.
    f_version: row.f_version ?? 0,
    contacts_list: row.contacts_list,
    writer: { f_idx: row.f_user_idx, f_name: '', f_phone: '', f_affiliation: '' },
    mine: true,
  };
}

async function received(): Promise<NotifyItem[]> {
  return ((await localDb.inbox.toArray()) as unknown as InboxRow[]).map(fromInbox);
}

async function written(): Promise<NotifyItem[]> {
  return ((await localDb.notifications.toArray()) as unknown as NotificationRow[]).map(fromWritten);
}

/** Made+ deliveries of the last 24 hours first, then newest first (sync/notify/list.ts). */
function order(items: NotifyItem[], now: Date): NotifyItem[] {
  return items.sort(compareNotifyItems(notifyPinnedSince(now)));
}

export async function listItems({ list, now }: { list: NotifyListKind; now: Date }): Promise<NotifyItem[]> {
  if (list.kind === 'received') {
    const all = await received();
    const today = seoulDay(now);
    return order(list.today ? all.filter((i) => seoulDay(new Date(i.f_send_time)) === today) : all, now);
  }
  if (list.kind === 'written') {
    return order(
      (await written()).filter((i) => (i.f_auto === 'Y') === list.auto),
      now,
    );
  }
  const both = [...(await received()), ...(await written())];
  return order(
    both.filter((i) => i.f_site_idx === list.siteIdx),
    now,
  );
}

export async function localNotifyPage({
  list,
  query,
  page,
  now = new Date(),
}: {
  list: NotifyListKind;
  query: NotifyQuery;
  page: number;
  now?: Date;
}): Promise<Page<NotifyItem>> {
  const rows = (await listItems({ list, now })).filter((item) => matchesNotifySearch({ item, ...query }));
  return slicePage({ rows, page, limit: Limits.pageSize });
}

/** The notification behind a push or a link: a delivery to the member (latest), or their own. */
export async function localNotification(notifyIdx: number): Promise<NotifyItem | null> {
  const deliveries = (await localDb.inbox
    .where('f_notify_idx')
    .equals(notifyIdx)
    .toArray()) as unknown as InboxRow[];
  const latest = deliveries.sort((a, b) => b.f_send_time.localeCompare(a.f_send_time))[0];
  if (latest) return fromInbox(latest);
  const own = (await localDb.notifications.get(notifyIdx)) as unknown as NotificationRow | undefined;
  return own ? fromWritten(own) : null;
}
