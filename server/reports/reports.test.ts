import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from '../../sync/api/page.ts';
import type { AdminReport, ReportReceipt, ReportResultItem } from '../../sync/api/reports.api.ts';
import { ResultCode } from '../../sync/codes.ts';
import type { PushResponse } from '../../sync/protocol.ts';
import { DAY_MS, fixedClock } from '../clock.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { insertSite, mutation, pushAs, siteWithUnits } from '../testing/sync-fixtures.ts';
import { adminWith, agent, balanceOf } from './reports.fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

// 10:00 in Seoul.
const NOW = '2026-11-24T01:00:00.000Z';

async function setup() {
  const clock = fixedClock(NOW);
  t = await createTestApp({ clock });
  const owner = await agent(t);
  const reporter = await agent(t, { f_name: '박정호' });
  const { site, units } = await siteWithUnits(t, { userIdx: owner.userIdx, f_name: '래미안 원베일리' });
  return { clock, owner, reporter, site, units };
}

const reportUnit = (token: string, body: Record<string, unknown>) =>
  t.call<ReportReceipt>('/site/reportHo_app', { token, body });
const reportSite = (token: string, body: Record<string, unknown>) =>
  t.call<ReportReceipt>('/site/reportSite', { token, body });
const decide = (token: string, reportIdx: number, type: 'T' | 'F') =>
  t.call<{ f_result_type: string; f_point: number }>('/admin/payOrRejectForReport', {
    token,
    body: { report_idx: reportIdx, type },
  });

function rewardLogs(userIdx: number) {
  return t.deps.db
    .selectFrom('point_logs')
    .selectAll()
    .where('f_user_idx', '=', userIdx)
    .where('f_reason', '=', 'report')
    .execute();
}

describe('reporting a site or a unit', () => {
  it('takes one report per site, unit and type a Seoul day: a repeat gets -11 and writes nothing', async () => {
    const { clock, reporter, site, units } = await setup();
    const unit = units[0] as number;
    const first = await reportUnit(reporter.token, {
      site_idx: site,
      ho_idx: unit,
      report_type: 'HC',
      complete_status: 'Y',
    });
    expect(first.code).toBe(ResultCode.ok);
    expect(first.msg).toBe('신고되었습니다.');
    expect(first.data).toMatchObject({ f_today_reported_cnt: 1, f_remain_notify_cnt: 3, blocked: false });

    const written = t.changes();
    clock.advance(13 * 60 * 60 * 1000); // 23:00 in Seoul: still the same day
    const again = await reportUnit(reporter.token, {
      site_idx: site,
      ho_idx: unit,
      report_type: 'HC',
      memo: '다시',
    });
    expect(again.code).toBe(ResultCode.alreadyExists);
    expect(again.msg).toBe('오늘 이미 신고했습니다.');
    expect(t.changes()).toBe(written);

    // Another type, another unit or the whole site is another report.
    expect((await reportUnit(reporter.token, { site_idx: site, ho_idx: unit, report_type: 'HW' })).code).toBe(
      0,
    );
    expect(
      (await reportUnit(reporter.token, { site_idx: site, ho_idx: units[1], report_type: 'HC' })).code,
    ).toBe(0);
    const whole = await reportSite(reporter.token, {
      site_idx: site,
      report_type: 'SC',
      complete_status: 'Y',
    });
    expect(whole.data.f_today_reported_cnt).toBe(4);

    clock.advance(2 * 60 * 60 * 1000); // 01:00 the next Seoul day
    expect((await reportUnit(reporter.token, { site_idx: site, ho_idx: unit, report_type: 'HC' })).code).toBe(
      0,
    );
  });

  it('lets only one of identical reports sent at once land', async () => {
    const { reporter, site } = await setup();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => reportSite(reporter.token, { site_idx: site, report_type: 'PC' })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === ResultCode.alreadyExists)).toHaveLength(7);
    const rows = await t.deps.db.selectFrom('reports').select('f_idx').execute();
    expect(rows).toHaveLength(1);
  });

  it('sends a report queued offline on sync; a repeat comes back as a -11 rejection the agent can read', async () => {
    const { reporter, site, units } = await setup();
    const args = {
      site_idx: site,
      ho_idx: units[0] as number,
      report_type: 'HC' as const,
      complete_status: 'Y' as const,
    };
    const online = await reportUnit(reporter.token, args);
    expect(online.code).toBe(0);
    const pushed = await pushAs(t, {
      token: reporter.token,
      clientId: 'client-reporter-01',
      mutations: [mutation({ seq: 1, name: 'reportHo_app', args })],
    });
    const [result] = (pushed.data as PushResponse).results;
    expect(result).toMatchObject({
      status: 'rejected',
      code: ResultCode.alreadyExists,
      msg: '오늘 이미 신고했습니다.',
    });
    const fresh = await pushAs(t, {
      token: reporter.token,
      clientId: 'client-reporter-01',
      mutations: [
        mutation({
          seq: 2,
          name: 'reportSite',
          args: { site_idx: site, report_type: 'STC', memo: '대표번호 변경' },
        }),
      ],
    });
    expect((fresh.data as PushResponse).results[0]).toMatchObject({ status: 'applied' });
    const results = await t.call<Page<ReportResultItem>>('/report/getReportResultList', {
      token: reporter.token,
      body: {},
    });
    expect(results.data.list.map((r) => [r.f_report_type, r.f_ho, r.f_result_type])).toEqual([
      ['STC', '', 'U'],
      ['HC', '101동 101', 'U'],
    ]);
  });

  it('refuses a unit of another site, a general site and a picture still on the device, writing nothing', async () => {
    const { owner, reporter, site } = await setup();
    const other = await siteWithUnits(t, { userIdx: owner.userIdx, f_name: '래미안 원베일리' });
    const general = await insertSite(t, {
      userIdx: owner.userIdx,
      f_site_type: 'G',
    });
    const before = t.changes();
    const wrongUnit = await reportUnit(reporter.token, {
      site_idx: site,
      ho_idx: other.units[0],
      report_type: 'HW',
    });
    expect(wrongUnit.code).toBe(ResultCode.apiError);
    expect(wrongUnit.msg).toBe('이 현장의 호실이 아닙니다.');
    const onGeneral = await reportSite(reporter.token, { site_idx: general, report_type: 'SC' });
    expect(onGeneral.msg).toBe('신규분양 현장만 신고할 수 있습니다.');
    const localPicture = await reportSite(reporter.token, {
      site_idx: site,
      report_type: 'SS',
      memo_images: ['local-file:abc'],
    });
    expect(localPicture.code).toBe(ResultCode.badParameter);
    expect(t.changes()).toBe(before);
  });
});

describe('paying or rejecting a report', () => {
  it('credits 100 points once for a unit report when 20 pay requests from two admins arrive at once', async () => {
    const { reporter, site, units } = await setup();
    const first = await adminWith(t, '9');
    const second = await adminWith(t, '8,9');
    const made = await reportUnit(reporter.token, {
      site_idx: site,
      ho_idx: units[0],
      report_type: 'HC',
      complete_status: 'Y',
    });
    const before = await balanceOf(t, reporter.userIdx);

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decide((i % 2 ? first : second).token, made.data.f_report_idx, 'T'),
      ),
    );

    expect(answers.every((a) => a.code === 0 && a.data.f_result_type === 'T' && a.data.f_point === 100)).toBe(
      true,
    );
    expect(await balanceOf(t, reporter.userIdx)).toBe(before + 100);
    const logs = await rewardLogs(reporter.userIdx);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      f_type: 'A',
      f_point: 100,
      f_point_final: before + 100,
      f_memo: '래미안 원베일리 101동 101',
    });
    const audit = await t.deps.db
      .selectFrom('admin_audit')
      .selectAll()
      .where('f_action', '=', 'report_paid')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]?.f_target_idx).toBe(reporter.userIdx);
    // Rejecting it now is refused: it was paid.
    const late = await decide(first.token, made.data.f_report_idx, 'F');
    expect(late.code).toBe(ResultCode.apiError);
    expect(late.msg).toBe('이미 처리된 신고입니다.');
  });

  it('credits 1,000 points for a site report, and the reporter sees it accepted with its points', async () => {
    const { reporter, site } = await setup();
    const admin = await adminWith(t, '9');
    const made = await reportSite(reporter.token, {
      site_idx: site,
      report_type: 'SC',
      complete_status: 'Y',
    });
    const before = await balanceOf(t, reporter.userIdx);
    const paid = await decide(admin.token, made.data.f_report_idx, 'T');
    expect(paid.msg).toBe('포인트를 지급했습니다.');
    expect(await balanceOf(t, reporter.userIdx)).toBe(before + 1000);
    const results = await t.call<Page<ReportResultItem>>('/report/getReportResultList', {
      token: reporter.token,
      body: {},
    });
    expect(results.data.list[0]).toMatchObject({ f_result_type: 'T', f_point: 1000, f_result_date: NOW });
  });

  it('credits nothing for a rejected report; the reporter sees it rejected with no points', async () => {
    const { reporter, site } = await setup();
    const admin = await adminWith(t, '9');
    const made = await reportSite(reporter.token, { site_idx: site, report_type: 'SS' });
    const before = await balanceOf(t, reporter.userIdx);
    const rejected = await decide(admin.token, made.data.f_report_idx, 'F');
    expect(rejected.msg).toBe('반려했습니다. 포인트는 지급되지 않습니다.');
    expect(await balanceOf(t, reporter.userIdx)).toBe(before);
    expect(await rewardLogs(reporter.userIdx)).toHaveLength(0);
    const results = await t.call<Page<ReportResultItem>>('/report/getReportResultList', {
      token: reporter.token,
      body: {},
    });
    expect(results.data.list[0]).toMatchObject({ f_result_type: 'F', f_point: 0 });
  });

  it('never lets an admin decide on their own report', async () => {
    const { site } = await setup();
    const admin = await adminWith(t, '9');
    const own = await reportSite(admin.token, { site_idx: site, report_type: 'PC' });
    const before = t.changes();
    const answer = await decide(admin.token, own.data.f_report_idx, 'T');
    expect(answer.code).toBe(ResultCode.apiError);
    expect(answer.msg).toBe('본인의 신고는 처리할 수 없습니다.');
    expect(t.changes()).toBe(before);
  });
});

describe('the block after three rejected reports', () => {
  it('blocks reporting at the third rejection, with its message, until an admin lifts it', async () => {
    const { clock, reporter, site } = await setup();
    const admin = await adminWith(t, '9');
    const types = ['SC', 'SS', 'SR'] as const;
    for (const [i, type] of types.entries()) {
      const made = await reportSite(reporter.token, { site_idx: site, report_type: type });
      expect(made.data.f_remain_notify_cnt).toBe(3 - i);
      expect((await decide(admin.token, made.data.f_report_idx, 'F')).code).toBe(0);
    }
    const counts = await t.call('/report/getReportCount', { token: reporter.token, body: {} });
    expect(counts.data).toMatchObject({ f_remain_notify_cnt: 0, blocked: true });

    const blocked = await reportSite(reporter.token, { site_idx: site, report_type: 'PC' });
    expect(blocked.code).toBe(ResultCode.apiError);
    expect(blocked.msg).toBe('부정확한 신고가 3회 반려되어 신고할 수 없습니다. 관리자에게 문의해 주세요.');
    const offline = await pushAs(t, {
      token: reporter.token,
      clientId: 'client-blocked-01',
      mutations: [mutation({ seq: 1, name: 'reportSite', args: { site_idx: site, report_type: 'PC' } })],
    });
    expect((offline.data as PushResponse).results[0]).toMatchObject({ status: 'rejected', msg: blocked.msg });
    expect(await t.deps.db.selectFrom('reports').select('f_idx').execute()).toHaveLength(3);

    // The admins' lists say the reporter is blocked; lifting it lets them report again.
    const log = await t.call<Page<AdminReport>>('/admin/getCompleteReqSite', {
      token: admin.token,
      body: {},
    });
    expect(log.data.total).toBe(0);
    const lifted = await t.call('/admin/liftReportBlock', {
      token: admin.token,
      body: { user_idx: reporter.userIdx },
    });
    expect(lifted.msg).toBe('신고 제한을 해제했습니다.');
    clock.advance(DAY_MS);
    expect((await reportSite(reporter.token, { site_idx: site, report_type: 'PC' })).code).toBe(0);
    const audit = await t.deps.db.selectFrom('admin_audit').select('f_action').orderBy('f_idx').execute();
    expect(audit.map((a) => a.f_action)).toEqual([
      'report_rejected',
      'report_rejected',
      'report_rejected',
      'report_block_lifted',
    ]);
  });
});

describe('the admin report lists', () => {
  it('lists pending reports by keyword, the reports of today, yesterday and two days ago, and the whole log', async () => {
    const { clock, reporter, site } = await setup();
    const admin = await adminWith(t, '8,9');
    await reportSite(reporter.token, { site_idx: site, report_type: 'SC' });
    clock.advance(-DAY_MS);
    await reportSite(reporter.token, { site_idx: site, report_type: 'SS' });
    clock.advance(-DAY_MS);
    await reportSite(reporter.token, { site_idx: site, report_type: 'SR' });
    clock.set(NOW);

    const byDay = async (date: number) =>
      (await t.call<Page<AdminReport>>('/admin/getSaleReqUserList', { token: admin.token, body: { date } }))
        .data;
    expect((await byDay(0)).list.map((r) => r.f_report_type)).toEqual(['SC']);
    expect((await byDay(1)).list.map((r) => r.f_report_type)).toEqual(['SS']);
    expect((await byDay(2)).list.map((r) => r.f_report_type)).toEqual(['SR']);

    const pending = await t.call<Page<AdminReport>>('/admin/getCompleteReqSite', {
      token: admin.token,
      body: { keyword: '박정' },
    });
    expect(pending.data.list.map((r) => r.f_report_type)).toEqual(['SR', 'SS', 'SC']);
    expect(pending.data.list[0]).toMatchObject({ f_reporter_name: '박정호', f_site_name: '래미안 원베일리' });
    const none = await t.call<Page<AdminReport>>('/admin/getCompleteReqSite', {
      token: admin.token,
      body: { keyword: '없는현장' },
    });
    expect(none.data.total).toBe(0);
    const log = await t.call<Page<AdminReport>>('/admin/getReportLog', { token: admin.token, body: {} });
    expect(log.data.total).toBe(3);
  });

  it('lists the reports of a Seoul date the admin picks, and refuses what is no date', async () => {
    const { clock, reporter, site } = await setup();
    const admin = await adminWith(t, '8');
    // 23:30 in Seoul on 2026-11-10 is still the 10th there (14:30 UTC).
    clock.set('2026-11-10T14:30:00.000Z');
    await reportSite(reporter.token, { site_idx: site, report_type: 'SC' });
    // 00:30 in Seoul on the 11th is the 10th in UTC.
    clock.set('2026-11-10T15:30:00.000Z');
    await reportSite(reporter.token, { site_idx: site, report_type: 'SS' });
    clock.set(NOW);

    const onDate = async (date: unknown) =>
      t.call<Page<AdminReport> & { date: string }>('/admin/getSaleReqUserList', {
        token: admin.token,
        body: { date },
      });
    const tenth = await onDate('2026-11-10');
    expect(tenth.code).toBe(ResultCode.ok);
    expect(tenth.data.date).toBe('2026-11-10');
    expect(tenth.data.list.map((r) => r.f_report_type)).toEqual(['SC']);
    expect((await onDate('2026-11-11')).data.list.map((r) => r.f_report_type)).toEqual(['SS']);
    expect((await onDate('2026-11-12')).data.total).toBe(0);

    for (const bad of ['2026-02-31', '2026-11-1', '11/10/2026', 3]) {
      const refused = await onDate(bad);
      expect(refused.code).toBe(ResultCode.badParameter);
      // The field named in Korean, as the app's user reads it (server/http/field-labels.ts).
      expect(refused.msg).toContain('날짜');
    }
  });
});
