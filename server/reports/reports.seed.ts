import type SQLite from 'better-sqlite3';
import { type ReportResult, type ReportType, rewardOf } from '../../sync/reports/report-types.ts';
import { DAY_MS, seoulDate } from '../clock.ts';

/**
 * Demo reports so the admin screens and the report result tab show something real: pending,
 * accepted (paid through the point log, so a balance still equals the sum of its log) and
 * rejected reports on new-open sites, made on the days before the demo starts.
 */
export function seedReports({
  sqlite,
  now,
  reporterIds,
  adminIdx,
}: {
  sqlite: SQLite.Database;
  now: Date;
  reporterIds: readonly number[];
  adminIdx: number;
}): number {
  const units = sqlite
    .prepare(
      `SELECT s.f_idx AS site, s.f_name AS name, h.f_idx AS ho, d.f_dong || ' ' || h.f_ho AS label
       FROM sites s JOIN hos h ON h.f_site_idx = s.f_idx JOIN dongs d ON d.f_idx = h.f_dong_idx
       WHERE s.f_site_type = 'O' AND s.f_status = 'N' AND s.f_hidden = 'N'
       GROUP BY s.f_idx ORDER BY s.f_idx LIMIT 8`,
    )
    .all() as Array<{ site: number; name: string; ho: number; label: string }>;
  const plan: Array<{
    unit: boolean;
    type: ReportType;
    result: ReportResult;
    daysAgo: number;
    memo: string;
  }> = [
    { unit: true, type: 'HC', result: 'U', daysAgo: 1, memo: '현장 방문 확인, 해당 호실 계약 완료' },
    { unit: false, type: 'PC', result: 'U', daysAgo: 1, memo: '분양가 200만원 인상 공지' },
    { unit: false, type: 'STC', result: 'U', daysAgo: 2, memo: '대표번호가 바뀌었습니다' },
    { unit: false, type: 'SC', result: 'T', daysAgo: 3, memo: '전 세대 완판 현수막 확인' },
    { unit: true, type: 'HW', result: 'T', daysAgo: 3, memo: '전용면적 표기 오류' },
    { unit: false, type: 'SS', result: 'F', daysAgo: 4, memo: '분양 중단 소문' },
    { unit: true, type: 'US', result: 'F', daysAgo: 5, memo: '' },
  ];
  const insert = sqlite.prepare(
    `INSERT INTO reports (f_user_idx, f_site_idx, f_ho_idx, f_ho_label, f_report_type, f_complete_status, f_memo,
      f_report_date, f_report_day, f_result_type, f_result_date, f_admin_idx)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const credit = sqlite.prepare('UPDATE users SET f_point = f_point + ? WHERE f_idx = ? RETURNING f_point');
  const log = sqlite.prepare(
    `INSERT INTO point_logs (f_user_idx, f_reg_time, f_type, f_point, f_point_final, f_reason, f_memo, f_admin_idx, f_ref)
     VALUES (?, ?, 'A', ?, ?, 'report', ?, ?, ?)`,
  );
  const paid = sqlite.prepare('UPDATE reports SET f_point = ?, f_point_log_idx = ? WHERE f_idx = ?');
  const warn = sqlite.prepare('UPDATE users SET f_warned_count = f_warned_count + 1 WHERE f_idx = ?');
  let made = 0;
  sqlite.transaction(() => {
    plan.forEach((p, i) => {
      const target = units[i % Math.max(units.length, 1)];
      const reporter = reporterIds[i % reporterIds.length];
      if (!target || reporter === undefined) return;
      const at = new Date(now.getTime() - p.daysAgo * DAY_MS);
      const decided = p.result === 'U' ? null : new Date(at.getTime() + 3 * 3600_000).toISOString();
      const complete = p.type === 'HC' || p.type === 'SC' ? 'Y' : 'N';
      const report = Number(
        insert.run(
          reporter,
          target.site,
          p.unit ? target.ho : null,
          p.unit ? target.label : '',
          p.type,
          complete,
          p.memo,
          at.toISOString(),
          seoulDate(at),
          p.result,
          decided,
          p.result === 'U' ? null : adminIdx,
        ).lastInsertRowid,
      );
      made++;
      if (p.result === 'T' && decided) {
        const point = rewardOf({ f_ho_idx: p.unit ? target.ho : null });
        const { f_point } = credit.get(point, reporter) as { f_point: number };
        const memo = `${target.name} ${p.unit ? target.label : ''}`.trim();
        const logIdx = Number(
          log.run(reporter, decided, point, f_point, memo, adminIdx, `report:${report}`).lastInsertRowid,
        );
        paid.run(point, logIdx, report);
      }
      if (p.result === 'F') warn.run(reporter);
    });
  })();
  return made;
}
