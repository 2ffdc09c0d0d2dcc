import type ExcelJS from 'exceljs';
import type { UserTableType } from '../../sync/api/admin-export.api.ts';
import type { AdminUser } from '../../sync/api/admin-members.api.ts';
import type { PointLogType } from '../../sync/api/points.api.ts';
import { formatPhone } from '../../sync/phone.ts';
import type { Db } from '../db/database.ts';
import { loginLogChunk, memberChunk, pointLogChunk } from './admin-export.repository.ts';
import { toAdminUsers } from './members.repository.ts';

/**
 * What each downloadable table holds, column by column: the Korean header (the file is read in
 * the office whatever the admin's app language), its width and how a row fills it. Times are
 * written as date cells showing Seoul wall-clock time; phones as 010-1234-5678.
 */
export interface Column<R> {
  header: string;
  width: number;
  /** A Seoul date-time cell. */
  time?: boolean;
  value: (row: R) => ExcelJS.CellValue;
}

export interface Sheet<R> {
  /** The worksheet's name and the file's (ASCII) stem. */
  name: string;
  fileStem: string;
  columns: Column<R>[];
  /** The rows after row number `after`, in order, at most EXPORT_CHUNK. */
  chunk: (args: { db: Db; after: number }) => Promise<R[]>;
  key: (row: R) => number;
}

const SEOUL_OFFSET_MS = 9 * 60 * 60 * 1000;

/**
 * A stored UTC instant as the cell Excel shows in Seoul: Excel dates have no time zone, so the
 * cell holds the Seoul wall-clock time (Korea keeps no daylight saving time).
 */
export function seoulCell(iso: string | null): Date | null {
  if (!iso) return null;
  const ms = new Date(iso).getTime();
  return Number.isNaN(ms) ? null : new Date(ms + SEOUL_OFFSET_MS);
}

const approvalLabel: Record<AdminUser['f_approval'], string> = { P: '심사중', A: '승인', R: '거절' };
const statusLabel: Record<AdminUser['f_status'], string> = {
  N: '정상',
  B: '차단',
  WL: '글쓰기 제한',
  LL: '로그인 제한',
};
const pointTypeLabel: Record<PointLogType, string> = { C: '충전', A: '지급', O: '차감', U: '사용' };

const members: Sheet<AdminUser> = {
  name: '회원',
  fileStem: 'members',
  // The member tab's own view of each member, counts included (one rule for them).
  chunk: async ({ db, after }) => toAdminUsers({ db, users: await memberChunk({ db, after }) }),
  key: (u) => u.f_idx,
  columns: [
    { header: '회원번호', width: 10, value: (u) => u.f_idx },
    { header: '이름', width: 12, value: (u) => u.f_name },
    { header: '휴대폰', width: 15, value: (u) => formatPhone(u.f_phone) },
    { header: '소속', width: 24, value: (u) => u.f_affiliation },
    { header: '구분', width: 8, value: (u) => (u.f_type === 'A' ? '관리자' : '일반') },
    { header: '가입 상태', width: 10, value: (u) => approvalLabel[u.f_approval] },
    { header: '회원 상태', width: 12, value: (u) => statusLabel[u.f_status] },
    { header: '포인트', width: 10, value: (u) => u.f_point },
    { header: '충전 포인트', width: 12, value: (u) => u.f_charge_point },
    { header: '이용기한', width: 20, time: true, value: (u) => seoulCell(u.f_usage_date) },
    { header: '등록 매물', width: 10, value: (u) => u.f_sale_count },
    { header: '커뮤니티 글', width: 11, value: (u) => u.f_community_count },
    { header: '알림', width: 8, value: (u) => u.f_notify_count },
    { header: '경고', width: 8, value: (u) => u.f_warned_count },
    { header: '가입일시', width: 20, time: true, value: (u) => seoulCell(u.f_reg_time) },
    { header: '최근 접속', width: 20, time: true, value: (u) => seoulCell(u.f_last_access) },
  ],
};

type PointLogRow = Awaited<ReturnType<typeof pointLogChunk>>[number];

const pointLog: Sheet<PointLogRow> = {
  name: '포인트 내역',
  fileStem: 'point-log',
  chunk: pointLogChunk,
  key: (r) => r.f_idx,
  columns: [
    { header: '번호', width: 10, value: (r) => r.f_idx },
    { header: '일시', width: 20, time: true, value: (r) => seoulCell(r.f_reg_time) },
    { header: '회원번호', width: 10, value: (r) => r.f_user_idx },
    { header: '이름', width: 12, value: (r) => r.f_name },
    { header: '휴대폰', width: 15, value: (r) => formatPhone(r.f_phone) },
    { header: '구분', width: 8, value: (r) => pointTypeLabel[r.f_type] },
    { header: '포인트', width: 10, value: (r) => r.f_point },
    { header: '잔액', width: 10, value: (r) => r.f_point_final },
    { header: '사유', width: 18, value: (r) => r.f_reason },
    { header: '메모', width: 24, value: (r) => r.f_memo },
    { header: '처리 관리자', width: 12, value: (r) => r.admin_name ?? '' },
  ],
};

type LoginLogRow = Awaited<ReturnType<typeof loginLogChunk>>[number];

const loginLog: Sheet<LoginLogRow> = {
  name: '로그인 기록',
  fileStem: 'login-log',
  chunk: loginLogChunk,
  key: (r) => r.f_idx,
  columns: [
    { header: '번호', width: 10, value: (r) => r.f_idx },
    { header: '일시', width: 20, time: true, value: (r) => seoulCell(r.f_time) },
    { header: '회원번호', width: 10, value: (r) => r.f_user_idx },
    { header: '이름', width: 12, value: (r) => r.f_name },
    { header: '휴대폰', width: 15, value: (r) => formatPhone(r.f_phone) },
    { header: '기기', width: 38, value: (r) => r.f_device_id },
    { header: 'IP', width: 16, value: (r) => r.f_ip },
    { header: '웹', width: 6, value: (r) => r.f_is_web },
    { header: '브라우저', width: 40, value: (r) => r.f_user_agent },
    { header: '관리자 열람', width: 12, value: (r) => r.admin_name ?? '' },
  ],
};

export const userTableSheets = {
  members,
  point_log: pointLog,
  login_log: loginLog,
} satisfies Record<UserTableType, unknown>;
