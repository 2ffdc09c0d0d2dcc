import type SQLite from 'better-sqlite3';
import { DAY_MS } from '../clock.ts';

/**
 * Demo notifications so every list shows something real: agents 2, 3 and 5 wrote about their own
 * sites (one today, the others days ago; one made+), the first agent (the README's) wrote one and has
 * an automatic one every 3 days at 09:00. Deliveries follow the recipients' rule as it stands on
 * demo data (no member has chosen areas yet: every approved member but the writer), read for the
 * older ones and unread for the recent ones. Nothing is charged: the demo balances stay as opened.
 */

interface DemoNote {
  by: number;
  title: string;
  content: string;
  hoursAgo: number;
  made?: boolean;
  push?: boolean;
  auto?: boolean;
  read: boolean;
}

const notes: DemoNote[] = [
  {
    by: 1,
    title: '정자동 현장 잔여세대 안내',
    content: '로얄층 잔여 3세대 남았습니다. 방문 예약 주시면 바로 안내드립니다.',
    hoursAgo: 2,
    push: true,
    read: false,
  },
  {
    by: 2,
    title: '공덕 현장 계약금 정액제 시행',
    content: '이번 주말까지 계약금 1천만원 정액제입니다. 수수료 조건 문의 주세요.',
    hoursAgo: 20,
    made: true,
    read: false,
  },
  {
    by: 4,
    title: '잠실 현장 모델하우스 오픈',
    content: '토요일 10시 모델하우스 오픈합니다. 고객 동반 방문 환영합니다.',
    hoursAgo: 72,
    read: true,
  },
  {
    by: 0,
    title: '역삼 현장 중도금 무이자 조건',
    content: '중도금 60% 무이자 조건 확정되었습니다. 자세한 내용은 연락 주세요.',
    hoursAgo: 30,
    read: true,
  },
  {
    by: 0,
    title: '역삼 현장 주간 안내',
    content: '이번 주 방문 가능한 세대와 조건을 정리해 보내드립니다.',
    hoursAgo: 50,
    auto: true,
    read: true,
  },
];

export function seedNotifications({
  sqlite,
  now,
  agentIds,
}: {
  sqlite: SQLite.Database;
  now: Date;
  agentIds: number[];
}): number {
  const siteOf = sqlite.prepare(
    `SELECT f_idx, f_name, f_site_type, f_address1, f_latitude, f_longitude FROM sites
     WHERE f_user_idx = ? AND f_status = 'N' ORDER BY f_idx LIMIT 1`,
  );
  const insert = sqlite.prepare(
    `INSERT INTO notifications (f_user_idx, f_title, f_content, f_site_idx, f_site_name, f_site_type, f_address,
       f_latitude, f_longitude, f_push, f_made, f_made1, f_auto, f_auto_enable, f_auto_time, f_auto_interval,
       f_read, f_contacts_list, f_reg_time, f_update_time, f_auto_from)
     VALUES (@user, @title, @content, @site, @name, @type, @address, @lat, @lng, @push, @made, @made, @auto, @auto,
       '09:00', '3', 'Y', @contacts, @time, @time, @from)`,
  );
  const send = sqlite.prepare(
    `INSERT INTO notify_sends (f_notify_idx, f_due, f_send_time, f_recipients)
     VALUES (?, 'write', ?, (SELECT COUNT(*) FROM users WHERE f_approval = 'A' AND f_idx <> ?))`,
  );
  const deliver = sqlite.prepare(
    `INSERT INTO notify_inbox (f_notify_idx, f_user_idx, f_due, f_send_time, f_read)
     SELECT ?, f_idx, 'write', ?, ? FROM users WHERE f_approval = 'A' AND f_idx <> ?`,
  );
  let written = 0;
  sqlite.transaction(() => {
    for (const note of notes) {
      const user = agentIds[note.by];
      if (user === undefined) continue;
      const site = siteOf.get(user) as
        | {
            f_idx: number;
            f_name: string;
            f_site_type: string;
            f_address1: string;
            f_latitude: number | null;
            f_longitude: number | null;
          }
        | undefined;
      if (!site) continue;
      const time = new Date(now.getTime() - note.hoursAgo * 3_600_000).toISOString();
      const row = insert.run({
        user,
        title: note.title,
        content: note.content,
        site: site.f_idx,
        name: site.f_name,
        type: site.f_site_type,
        address: site.f_address1,
        lat: site.f_latitude,
        lng: site.f_longitude,
        push: note.push ? 'Y' : 'N',
        made: note.made ? 'Y' : 'N',
        auto: note.auto ? 'Y' : 'N',
        contacts: JSON.stringify([{ f_name: '담당자', f_phone: '01020000000' }]),
        time,
        from: note.auto ? new Date(now.getTime() - 3 * DAY_MS).toISOString() : null,
      });
      written++;
      // An automatic one goes out at its times (the job); the others went out when written.
      if (note.auto) continue;
      const idx = Number(row.lastInsertRowid);
      send.run(idx, time, user);
      deliver.run(idx, time, note.read ? 'Y' : 'N', user);
    }
  })();
  return written;
}
