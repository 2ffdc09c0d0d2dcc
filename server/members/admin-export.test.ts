import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminTab } from '../../sync/admin-tabs.ts';
import { API_BASE, Headers } from '../../sync/codes.ts';
import { fixedClock } from '../clock.ts';
import { createTestApp, deviceOf, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { EXPORT_CHUNK } from './admin-export.repository.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function dbAdmin(): Promise<string> {
  const userIdx = await insertUser(t, {
    f_phone: '01077770000',
    f_name: '관리자',
    f_type: 'A',
    f_admin_authority: String(AdminTab.db),
    f_reg_time: '2024-12-01T00:00:00.000Z',
  });
  return insertSession(t, { userIdx, deviceId: 'db-admin-device' });
}

async function download(token: string, type: string) {
  const res = await t.app.request(`${API_BASE}/admin/downloadUserTable`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [Headers.accessToken]: token,
      [Headers.deviceId]: deviceOf(token) ?? '',
    },
    body: JSON.stringify({ type }),
  });
  const workbook = new ExcelJS.Workbook();
  const bytes = await res.arrayBuffer();
  if (res.ok) await workbook.xlsx.load(bytes);
  return { res, workbook };
}

function rowsOf(workbook: ExcelJS.Workbook): unknown[][] {
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const rows: unknown[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('downloadUserTable', () => {
  it('answers the members as an .xlsx with one row per member, Korean headers, formatted phones and Seoul times', async () => {
    t = await createTestApp({ clock: fixedClock('2025-03-04T15:30:00.000Z') });
    const token = await dbAdmin();
    const kim = await insertUser(t, {
      f_phone: '01012345678',
      f_name: '김중개',
      f_affiliation: '행복 공인중개사',
      f_point: 3_000,
      f_warned_count: 1,
      // 23:10 on 2 March in UTC is 08:10 on 3 March in Seoul.
      f_reg_time: '2025-03-02T23:10:00.000Z',
      f_last_access: '2025-03-04T15:00:00.000Z',
      f_status: 'B',
    });
    await insertUser(t, { f_phone: '01098765432', f_name: '이심사', f_approval: 'P' });
    // A withdrawn member is no longer a member: not in the file.
    await insertUser(t, { f_phone: '01055556666', f_withdrawn_time: '2025-01-01T00:00:00.000Z' });

    const { res, workbook } = await download(token, 'members');

    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    // The file is named by the Seoul day of the export (00:30 on 5 March there).
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="bunyangtalk-members-20250305.xlsx"',
    );
    const [head, ...rows] = rowsOf(workbook);
    expect(head).toEqual([
      '회원번호',
      '이름',
      '휴대폰',
      '소속',
      '구분',
      '가입 상태',
      '회원 상태',
      '포인트',
      '충전 포인트',
      '이용기한',
      '등록 매물',
      '커뮤니티 글',
      '알림',
      '경고',
      '가입일시',
      '최근 접속',
    ]);
    expect(rows.map((r) => r[2])).toEqual(['010-7777-0000', '010-1234-5678', '010-9876-5432']);
    const kimRow = rows.find((r) => r[0] === kim);
    expect(kimRow?.slice(0, 9)).toEqual([
      kim,
      '김중개',
      '010-1234-5678',
      '행복 공인중개사',
      '일반',
      '승인',
      '차단',
      3000,
      0,
    ]);
    expect(kimRow?.[13]).toBe(1);
    // Date cells hold the Seoul wall-clock time and show it as such.
    expect(kimRow?.[14]).toEqual(new Date('2025-03-03T08:10:00.000Z'));
    expect(kimRow?.[15]).toEqual(new Date('2025-03-05T00:00:00.000Z'));
    expect(workbook.worksheets[0]?.getColumn(15).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(rows.find((r) => r[1] === '이심사')?.[5]).toBe('심사중');
  });

  it('streams every member when there are more than one read chunk of them', async () => {
    t = await createTestApp();
    const token = await dbAdmin();
    const many = EXPORT_CHUNK * 2 + 7;
    const phones = Array.from({ length: many }, (_, i) => `0105${String(i).padStart(7, '0')}`);
    await t.handle.all(
      `INSERT INTO users (f_phone, f_name, f_affiliation, f_reg_time, f_approval) VALUES ${phones
        .map(() => "(?, '회원', '', '2025-01-01T00:00:00.000Z', 'A')")
        .join(', ')}`,
      ...phones,
    );

    const { workbook } = await download(token, 'members');

    const rows = rowsOf(workbook).slice(1);
    expect(rows).toHaveLength(many + 1);
    expect(new Set(rows.map((r) => r[0])).size).toBe(many + 1);
  });

  it('answers the point log and the login log with their own headers', async () => {
    t = await createTestApp();
    const token = await dbAdmin();
    const agent = await insertUser(t, { f_phone: '01012345678', f_name: '김중개' });
    await t.handle.all(
      "INSERT INTO point_logs (f_user_idx, f_reg_time, f_type, f_point, f_point_final, f_reason) VALUES (?, '2025-03-01T00:00:00.000Z', 'C', 5000, 5000, 'charge')",
      agent,
    );
    await t.handle.all(
      "INSERT INTO login_logs (f_user_idx, f_time, f_device_id, f_ip) VALUES (?, '2025-03-01T00:00:00.000Z', 'dev-1', '10.0.0.1')",
      agent,
    );

    const points = rowsOf((await download(token, 'point_log')).workbook);
    expect(points[0]?.slice(0, 8)).toEqual([
      '번호',
      '일시',
      '회원번호',
      '이름',
      '휴대폰',
      '구분',
      '포인트',
      '잔액',
    ]);
    expect(points.slice(1).map((r) => r.slice(2, 8))).toEqual([
      [agent, '김중개', '010-1234-5678', '충전', 5000, 5000],
    ]);

    const logins = rowsOf((await download(token, 'login_log')).workbook);
    expect(logins[0]?.slice(0, 7)).toEqual(['번호', '일시', '회원번호', '이름', '휴대폰', '기기', 'IP']);
    expect(logins.slice(1).map((r) => [r[4], r[5], r[6]])).toEqual([['010-1234-5678', 'dev-1', '10.0.0.1']]);
    expect(logins[1]?.[1]).toEqual(new Date('2025-03-01T09:00:00.000Z'));
  });

  it('leaves a trace of who exported which table', async () => {
    t = await createTestApp();
    const token = await dbAdmin();
    await download(token, 'login_log');
    const audit = await t.handle.all('SELECT f_action, f_detail FROM admin_audit');
    expect(audit).toEqual([{ f_action: 'user_table_exported', f_detail: '{"type":"login_log"}' }]);
  });
});
