import type { ReportCounts, ReportDecision, ReportReceipt } from '../../sync/api/reports.api.ts';
import type { MutatorArgs } from '../../sync/mutators.ts';
import { ReportRules, rewardOf } from '../../sync/reports/report-types.ts';
import { seoulDate } from '../clock.ts';
import type { DbOrTx } from '../db/database.ts';
import type { TxContext } from '../http/context.ts';
import { alreadyExists, forbidden, notFound, ruleViolation } from '../http/errors.ts';
import { memberAdminMessages } from '../members/members.messages.ts';
import { insertAudit } from '../members/members.repository.ts';
import { changePoints } from '../points/ledger.ts';
import { siteNameOf } from '../sites/site-access.repository.ts';
import { requireVisible, siteAccess, siteUnavailable } from '../sites/site-access.ts';
import { refuseLocalFiles } from '../uploads/local-files.ts';
import { reportMessages } from './reports.messages.ts';
import {
  addWarning,
  clearWarnings,
  countReportsOnDay,
  decidePendingReport,
  insertReportOnce,
  recordReportPoint,
  reportOutcome,
  unitOfSite,
  warnedCountOf,
} from './reports.repository.ts';

/**
 * Site and unit reports (spec §4 Reports, §9 rewards). A member reports what they saw on a
 * new-open site; an admin pays (1,000 points for a site, 100 for a unit, through the point
 * ledger) or rejects it. Three rejections block reporting (users.f_warned_count counts them)
 * until an admin lifts it. The RPC and the pushed offline operation run the same functions.
 */

/** The member's standing: reports today, rejections left before the block. */
export async function reportCounts({
  db,
  userIdx,
  now,
}: {
  db: DbOrTx;
  userIdx: number;
  now: Date;
}): Promise<ReportCounts> {
  const warned = await warnedCountOf({ db, userIdx });
  const remain = Math.max(0, ReportRules.rejectionsToBlock - warned);
  return {
    f_today_reported_cnt: await countReportsOnDay({ db, userIdx, day: seoulDate(now) }),
    f_remain_notify_cnt: remain,
    blocked: remain === 0,
  };
}

/** The unit's label as the result list shows it ("101동 1201"), or the refusal. */
async function unitLabel({
  ctx,
  siteIdx,
  hoIdx,
}: {
  ctx: TxContext;
  siteIdx: number;
  hoIdx: number;
}): Promise<string> {
  const unit = await unitOfSite({ db: ctx.tx, siteIdx, hoIdx });
  if (!unit) throw notFound(reportMessages.unitNotFound);
  return `${unit.dong} ${unit.ho}`.trim();
}

/**
 * Spec §7 reportSite and reportHo_app: one report per site, unit and type a Seoul day (-11
 * 'already reported today'); the unique index decides, so two arriving together cannot both land.
 */
export async function report({
  ctx,
  args,
}: {
  ctx: TxContext;
  args: MutatorArgs<'reportSite'> | MutatorArgs<'reportHo_app'>;
}): Promise<ReportReceipt> {
  const userIdx = ctx.auth.user.f_idx;
  const before = await reportCounts({ db: ctx.tx, userIdx, now: ctx.now });
  if (before.blocked) throw ruleViolation(reportMessages.blocked, { status: 403 });
  const access = await siteAccess({ db: ctx.tx, auth: ctx.auth, siteIdx: args.site_idx });
  requireVisible(access);
  if (access.site.f_status !== 'N') throw siteUnavailable();
  if (!access.permissions.report) throw ruleViolation(reportMessages.newOpenOnly);
  const hoIdx = 'ho_idx' in args ? args.ho_idx : null;
  const label = hoIdx === null ? '' : await unitLabel({ ctx, siteIdx: args.site_idx, hoIdx });
  refuseLocalFiles({ value: args.memo_images, field: 'memo_images' });
  const reportIdx = await insertReportOnce({
    db: ctx.tx,
    report: {
      f_user_idx: userIdx,
      f_site_idx: args.site_idx,
      f_ho_idx: hoIdx,
      f_ho_label: label,
      f_report_type: args.report_type,
      f_complete_status: args.complete_status,
      f_memo: args.memo,
      f_memo_images: JSON.stringify(args.memo_images),
      f_report_date: ctx.now.toISOString(),
      f_report_day: seoulDate(ctx.now),
      f_result_date: null,
      f_admin_idx: null,
      f_point_log_idx: null,
    },
  });
  if (reportIdx === null) throw alreadyExists(reportMessages.alreadyReported);
  return {
    f_report_idx: reportIdx,
    ...before,
    f_today_reported_cnt: before.f_today_reported_cnt + 1,
  };
}

/**
 * Spec §7 payOrRejectForReport. The decision is one conditional UPDATE on the report's pending
 * state, made first in the transaction: of two admins pressing at once (or one request sent
 * twice) one decides and credits, the other finds it decided. The same decision again answers
 * what was decided; the opposite one is refused.
 */
export async function decideReport({
  ctx,
  reportIdx,
  type,
  ip,
}: {
  ctx: TxContext;
  reportIdx: number;
  type: 'T' | 'F';
  ip: string;
}): Promise<ReportDecision> {
  const adminIdx = ctx.auth.user.f_idx;
  const decided = await decidePendingReport({
    db: ctx.tx,
    reportIdx,
    type,
    adminIdx,
    time: ctx.now.toISOString(),
  });
  if (!decided) return answerDecided({ ctx, reportIdx, type });
  let point = 0;
  if (type === 'T') {
    point = rewardOf(decided);
    const name = await siteNameOf({ db: ctx.tx, siteIdx: decided.f_site_idx });
    const credit = await changePoints({
      trx: ctx.tx,
      userIdx: decided.f_user_idx,
      type: 'A',
      amount: point,
      reason: 'report',
      memo: `${name} ${decided.f_ho_label}`.trim(),
      ref: `report:${reportIdx}`,
      adminIdx,
      now: ctx.now,
    });
    await recordReportPoint({ db: ctx.tx, reportIdx, point, logIdx: credit.logIdx });
  } else {
    await addWarning({ db: ctx.tx, userIdx: decided.f_user_idx });
  }
  await insertAudit({
    db: ctx.tx,
    adminIdx,
    action: type === 'T' ? 'report_paid' : 'report_rejected',
    targetIdx: decided.f_user_idx,
    detail: { report_idx: reportIdx, point },
    ip,
    now: ctx.now,
  });
  return { f_report_idx: reportIdx, f_result_type: type, f_point: point };
}

/** Why nothing was decided: no such report, the admin's own, or decided already. */
async function answerDecided({
  ctx,
  reportIdx,
  type,
}: {
  ctx: TxContext;
  reportIdx: number;
  type: 'T' | 'F';
}): Promise<ReportDecision> {
  const row = await reportOutcome({ db: ctx.tx, reportIdx });
  if (!row) throw notFound(reportMessages.reportNotFound);
  if (row.f_user_idx === ctx.auth.user.f_idx) throw forbidden(reportMessages.ownReport);
  if (row.f_result_type !== type) throw ruleViolation(reportMessages.alreadyDecided, { status: 409 });
  return { f_report_idx: reportIdx, f_result_type: type, f_point: row.f_point };
}

/** An admin lets a member blocked by three rejections report again; logged with the admin. */
export async function liftReportBlock({
  ctx,
  userIdx,
  ip,
}: {
  ctx: TxContext;
  userIdx: number;
  ip: string;
}): Promise<null> {
  if (userIdx === ctx.auth.user.f_idx) throw forbidden(memberAdminMessages.notOnYourself);
  if (!(await clearWarnings({ db: ctx.tx, userIdx }))) throw notFound(reportMessages.userNotFound);
  await insertAudit({
    db: ctx.tx,
    adminIdx: ctx.auth.user.f_idx,
    action: 'report_block_lifted',
    targetIdx: userIdx,
    detail: {},
    ip,
    now: ctx.now,
  });
  return null;
}
