import type { NotifyItem, NotifyWrite, NotifyWritingCount } from '../../sync/api/notify.api.ts';
import type { Page } from '../../sync/api/page.ts';
import type { MutatorArgs } from '../../sync/mutators.ts';
import { notifyPinnedSince } from '../../sync/notify/list.ts';
import {
  filledContacts,
  type NotifyProblem,
  NotifyRules,
  type NotifySearchColumn,
  notifyProblem,
} from '../../sync/notify/rules.ts';
import { seoulDate } from '../clock.ts';
import type { DbOrTx } from '../db/database.ts';
import type { AuthedContext, TxContext } from '../http/context.ts';
import { forbidden, notFound, ruleViolation } from '../http/errors.ts';
import type { Message } from '../http/messages.ts';
import { changePoints, takeUsageCount } from '../points/ledger.ts';
import { pointsAndCounts } from '../points/points.repository.ts';
import { readIntSetting } from '../settings/settings.repository.ts';
import { requireModify, requireVisible, siteAccess, siteUnavailable } from '../sites/site-access.ts';
import { refuseLocalFiles } from '../uploads/local-files.ts';
import { lockMember } from '../users/users.repository.ts';
import { notifyMessages } from './notify.messages.ts';
import {
  countWrittenOnDay,
  dropFromInbox,
  findItem,
  insertNotification,
  isInInbox,
  itemPage,
  type ListKind,
  liveNotification,
  markInboxRead,
  siteForNotification,
  updateNotification,
  withdrawNotifications,
} from './notify.repository.ts';
import { type NotifySent, sendNotification, WRITTEN_SEND } from './send.ts';

/**
 * Notifications (spec §2 Notify, §4, §5, §6, §9). The server decides what a notification may do and
 * costs: the site (registered, one the writer may modify: their own or their group's, as the site
 * picker offers), the per-site daily limit, made+ and push (a count when the member has one, else
 * points at the settings' cost, through the ledger), and who is told (recipients.ts). The RPC and the
 * pushed offline operation run the same functions in the caller's transaction, so a refusal rolls
 * back everything, points included; the push sequence makes a resent operation write (and pay) once.
 */

const problemMessages: Record<NotifyProblem, Message> = {
  title: notifyMessages.titleRequired,
  site: notifyMessages.siteRequired,
  content: notifyMessages.contentRequired,
};

type Fields = MutatorArgs<'addNotify'>;

/** A site the caller may not see does not exist for them: refused like a missing one, never counted or listed. */
async function requireSeenSite({ ctx, siteIdx }: { ctx: AuthedContext; siteIdx: number }): Promise<void> {
  requireVisible(await siteAccess({ db: ctx.db, auth: ctx.auth, siteIdx }));
}

/** Spec §7 today writing count with the costs the write popup confirms (app settings). */
export async function writingInfo({
  ctx,
  siteIdx,
}: {
  ctx: AuthedContext;
  siteIdx: number | undefined;
}): Promise<NotifyWritingCount> {
  if (siteIdx !== undefined) await requireSeenSite({ ctx, siteIdx });
  const db = ctx.db;
  const userIdx = ctx.auth.user.f_idx;
  const now = ctx.clock.now();
  // Without a site nothing is written for it yet: the whole limit is left.
  const count = await writingCount({ db, userIdx, siteIdx: siteIdx ?? 0, now });
  return {
    ...count,
    made_point: await readIntSetting({ db, key: 'notify_made_point', fallback: 0 }),
    push_point: await readIntSetting({ db, key: 'notify_push_point', fallback: 0 }),
  };
}

/** The limit from app settings (default 2) and what is left today for the site. */
export async function writingCount({
  db,
  userIdx,
  siteIdx,
  now,
}: {
  db: DbOrTx;
  userIdx: number;
  siteIdx: number;
  now: Date;
}): Promise<{ left: number; limit: number }> {
  const limit = await readIntSetting({
    db,
    key: 'notify_per_site_limit',
    fallback: NotifyRules.defaultPerSiteLimit,
  });
  const written = await countWrittenOnDay({ db, userIdx, siteIdx, day: seoulDate(now) });
  return { left: Math.max(0, limit - written), limit };
}

function checkFields(fields: Fields): void {
  const problem = notifyProblem(fields);
  if (problem) throw ruleViolation(problemMessages[problem]);
  refuseLocalFiles({ value: fields.image_url, field: 'image_url' });
}

/** The linked site as the notification records it: registered, and one the writer may modify. */
async function linkedSite({ ctx, siteIdx }: { ctx: TxContext; siteIdx: number }) {
  const access = await siteAccess({ db: ctx.tx, auth: ctx.auth, siteIdx });
  requireVisible(access);
  if (access.site.f_status !== 'N') throw siteUnavailable();
  requireModify(access);
  const site = await siteForNotification({ db: ctx.tx, siteIdx });
  return {
    f_site_idx: siteIdx,
    f_site_name: site.f_name,
    f_site_type: site.f_site_type,
    f_address: [site.f_address1, site.f_address2].filter((s) => s.trim() !== '').join(' '),
    f_latitude: site.f_latitude,
    f_longitude: site.f_longitude,
  };
}

/** Made+ or push, paid once per notification: a count when the member has one, else points. */
async function pay({
  ctx,
  kind,
  notifyIdx,
}: {
  ctx: TxContext;
  kind: 'made' | 'push';
  notifyIdx: number;
}): Promise<number> {
  const reason = kind === 'made' ? 'notify_made' : 'notify_push';
  const userIdx = ctx.auth.user.f_idx;
  if (await takeUsageCount({ trx: ctx.tx, userIdx, kind, reason, now: ctx.now })) return 0;
  const cost = await readIntSetting({ db: ctx.tx, key: `${reason}_point`, fallback: 0 });
  if (cost <= 0) return 0;
  await changePoints({
    trx: ctx.tx,
    userIdx,
    type: 'U',
    amount: cost,
    reason,
    ref: `${reason}:${notifyIdx}`,
    now: ctx.now,
  });
  return cost;
}

function writtenColumns(fields: Fields) {
  return {
    f_title: fields.title.trim(),
    f_content: fields.content.trim(),
    f_image_url: fields.image_url.join(','),
    f_contacts_list: JSON.stringify(filledContacts(fields.contacts)),
  };
}

/** What a write answers, and the send it made (the push seam: see send.ts). */
export interface WriteOutcome {
  answer: NotifyWrite;
  sent: NotifySent | null;
}

/**
 * Spec §7 add, online or pushed from the outbox: checked when it arrives, so one written offline meets
 * the limit and its costs at sending time. A manual notification is sent at once; an automatic one
 * goes out at its times (auto.job.ts). Made+ and push are paid here, once, also for an automatic one.
 */
export async function writeNotify({ ctx, args }: { ctx: TxContext; args: Fields }): Promise<WriteOutcome> {
  checkFields(args);
  const site = await linkedSite({ ctx, siteIdx: args.site_idx });
  const userIdx = ctx.auth.user.f_idx;
  // Two notifications of one member at once count one after the other (PostgreSQL runs them side by side).
  await lockMember({ db: ctx.tx, userIdx });
  const count = await writingCount({ db: ctx.tx, userIdx, siteIdx: args.site_idx, now: ctx.now });
  if (count.left <= 0) throw ruleViolation(notifyMessages.perSiteLimit, { params: { limit: count.limit } });
  const time = ctx.now.toISOString();
  const auto = args.is_auto === 'Y';
  const notifyIdx = await insertNotification({
    db: ctx.tx,
    row: {
      f_user_idx: userIdx,
      ...site,
      ...writtenColumns(args),
      f_push: args.push,
      f_made: args.made,
      f_made1: args.made,
      f_auto: auto ? 'Y' : 'N',
      f_auto_enable: auto ? args.auto_enable : 'N',
      f_auto_time: args.auto_time,
      f_auto_interval: args.auto_interval,
      f_auto_from: auto ? time : null,
      // The writer's own copy needs no reading.
      f_read: 'Y',
      f_reg_time: time,
      f_update_time: time,
      f_removed_time: null,
    },
  });
  let spent = 0;
  if (args.made === 'Y') spent += await pay({ ctx, kind: 'made', notifyIdx });
  if (args.push === 'Y') spent += await pay({ ctx, kind: 'push', notifyIdx });
  const sent = auto
    ? null
    : await sendNotification({ db: ctx.tx, notifyIdx, due: WRITTEN_SEND, now: ctx.now });
  const user = await pointsAndCounts({ db: ctx.tx, userIdx });
  return {
    answer: {
      f_idx: notifyIdx,
      recipients: sent?.recipients.length ?? 0,
      spent,
      balance: user.f_point,
      made_count: user.f_made_count,
      push_count: user.f_push_count,
      left: Math.max(0, count.left - 1),
      limit: count.limit,
    },
    sent,
  };
}

async function ownNotification({ ctx, notifyIdx }: { ctx: TxContext; notifyIdx: number }) {
  const row = await liveNotification({ db: ctx.tx, notifyIdx });
  if (!row) throw notFound(notifyMessages.notFound);
  if (row.f_user_idx !== ctx.auth.user.f_idx) throw forbidden(notifyMessages.notYours);
  return row;
}

async function itemOf({ ctx, notifyIdx }: { ctx: TxContext; notifyIdx: number }): Promise<NotifyItem> {
  const item = await findItem({ db: ctx.tx, viewerIdx: ctx.auth.user.f_idx, notifyIdx });
  if (!item) throw notFound(notifyMessages.notFound);
  return item;
}

/**
 * Spec §7 update, the writer's own: an edit is not sent again. Spec §4: made+ and push are locked on a
 * manual notification that went out with push or made+ (they stay as they were); otherwise made off
 * clears made and made1, and made+ or push turned on now is paid now. Automatic ones keep being
 * automatic; their time and interval restart their schedule from now.
 */
export async function updateNotify({
  ctx,
  notifyIdx,
  args,
}: {
  ctx: TxContext;
  notifyIdx: number;
  args: Fields;
}): Promise<NotifyItem> {
  const row = await ownNotification({ ctx, notifyIdx });
  checkFields(args);
  const site = row.f_site_idx === args.site_idx ? {} : await linkedSite({ ctx, siteIdx: args.site_idx });
  const locked = row.f_auto === 'N' && (row.f_push === 'Y' || row.f_made1 === 'Y');
  const paid = { made: row.f_made, made1: row.f_made1, push: row.f_push };
  if (!locked) {
    if (args.made === 'N') {
      paid.made = 'N';
      paid.made1 = 'N';
    } else if (row.f_made1 !== 'Y') {
      await pay({ ctx, kind: 'made', notifyIdx });
      paid.made = 'Y';
      paid.made1 = 'Y';
    }
    if (args.push === 'Y' && row.f_push !== 'Y') await pay({ ctx, kind: 'push', notifyIdx });
    paid.push = args.push;
  }
  const auto = row.f_auto === 'Y';
  const rescheduled =
    auto &&
    (args.auto_enable !== row.f_auto_enable ||
      args.auto_time !== row.f_auto_time ||
      args.auto_interval !== row.f_auto_interval);
  await updateNotification({
    db: ctx.tx,
    notifyIdx,
    values: {
      ...site,
      ...writtenColumns(args),
      f_made: paid.made,
      f_made1: paid.made1,
      f_push: paid.push,
      ...(auto
        ? {
            f_auto_enable: args.auto_enable,
            f_auto_time: args.auto_time,
            f_auto_interval: args.auto_interval,
          }
        : {}),
      ...(rescheduled ? { f_auto_from: ctx.now.toISOString() } : {}),
      f_update_time: ctx.now.toISOString(),
    },
  });
  return itemOf({ ctx, notifyIdx });
}

/** Spec §7 updateAutoNotify: on or off, time and interval; the schedule counts its days from now. */
export async function updateAutoNotify({
  ctx,
  notifyIdx,
  auto,
}: {
  ctx: TxContext;
  notifyIdx: number;
  auto: { auto_enable: 'Y' | 'N'; auto_interval: 'E' | '3' | '5'; auto_time: string };
}): Promise<NotifyItem> {
  const row = await ownNotification({ ctx, notifyIdx });
  if (row.f_auto !== 'Y') throw ruleViolation(notifyMessages.notAuto);
  await updateNotification({
    db: ctx.tx,
    notifyIdx,
    values: {
      f_auto_enable: auto.auto_enable,
      f_auto_interval: auto.auto_interval,
      f_auto_time: auto.auto_time,
      f_auto_from: ctx.now.toISOString(),
      f_update_time: ctx.now.toISOString(),
    },
  });
  return itemOf({ ctx, notifyIdx });
}

/**
 * Spec §7 removeNotify: the caller's own notifications are withdrawn (their row stays for the daily
 * limit; every delivery of them goes); received ones leave the caller's list only. All or nothing.
 */
export async function removeNotify({ ctx, idxList }: { ctx: TxContext; idxList: number[] }) {
  const userIdx = ctx.auth.user.f_idx;
  const unique = [...new Set(idxList)];
  const own: number[] = [];
  const received: number[] = [];
  for (const notifyIdx of unique) {
    const row = await liveNotification({ db: ctx.tx, notifyIdx });
    if (row?.f_user_idx === userIdx) {
      own.push(notifyIdx);
      continue;
    }
    if (!row || !(await isInInbox({ db: ctx.tx, notifyIdx, userIdx })))
      throw notFound(notifyMessages.notFound);
    received.push(notifyIdx);
  }
  if (own.length > 0)
    await withdrawNotifications({ db: ctx.tx, notifyIdxs: own, time: ctx.now.toISOString() });
  if (received.length > 0) await dropFromInbox({ db: ctx.tx, notifyIdxs: received, userIdx });
  return { removed: unique.length };
}

/** Spec §4: unread becomes read when opened, or all of them with notify_idx 0. A repeat changes nothing. */
export async function setRead({ ctx, notifyIdx }: { ctx: TxContext; notifyIdx: number }) {
  const read = await markInboxRead({
    db: ctx.tx,
    userIdx: ctx.auth.user.f_idx,
    notifyIdx: notifyIdx > 0 ? notifyIdx : null,
    time: ctx.now.toISOString(),
  });
  return { read };
}

/** Spec §7 getNotifyDetail: the caller's own, or one delivered to them; opening it reads it. */
export async function notifyDetail({ ctx, notifyIdx }: { ctx: TxContext; notifyIdx: number }) {
  const item = await itemOf({ ctx, notifyIdx });
  if (!item.mine) await setRead({ ctx, notifyIdx });
  return item.mine ? item : { ...item, f_read: 'Y' as const };
}

/** One site's notifications (getSiteNotifyList): only of a site the caller may see. */
export async function siteNotifyList({
  ctx,
  siteIdx,
  input,
}: {
  ctx: AuthedContext;
  siteIdx: number;
  input: { page_num: number; column: NotifySearchColumn; keyword: string };
}): Promise<Page<NotifyItem>> {
  await requireSeenSite({ ctx, siteIdx });
  return notifyList({
    db: ctx.db,
    viewerIdx: ctx.auth.user.f_idx,
    now: ctx.clock.now(),
    list: { kind: 'site', siteIdx },
    input,
  });
}

/** The lists of spec §7 (my, auto, today, per site, find), each as its tab shows it (NotifyScreen). */
export async function notifyList({
  db,
  viewerIdx,
  now,
  list,
  input,
}: {
  db: DbOrTx;
  viewerIdx: number;
  now: Date;
  list: ListKind;
  input: { page_num: number; column: NotifySearchColumn; keyword: string };
}): Promise<Page<NotifyItem>> {
  return itemPage({
    db,
    viewerIdx,
    list,
    column: input.column,
    keyword: input.keyword,
    page: input.page_num,
    pinnedSince: notifyPinnedSince(now),
  });
}
