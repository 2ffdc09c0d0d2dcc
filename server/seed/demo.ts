import type SQLite from 'better-sqlite3';
import { ensureAreas } from '../areas/areas.seed.ts';
import { DAY_MS } from '../clock.ts';
// Community and inquiries
import { seedCommunity } from '../community/community.seed.ts';
// Notifications.
import { seedNotifications } from '../notify/notify.seed.ts';
// Officetel standard prices for the demo officetels (the file admins import on the db tab).
import { seedOfficetelPrices } from '../public-data/officetel.seed.ts';
import { seedReports } from '../reports/reports.seed.ts';
import { createRng } from './random.ts';
import { generateSites } from './sites.generator.ts';

export const DEMO_SEED = 20261121;

/** Demo accounts; the README lists them. Sign in with the phone and the code from the server log. */
export const demoUsers = {
  admin: {
    phone: '01011110000',
    name: '김관리',
    affiliation: '분양톡 운영팀',
    authority: '1,0,4,5,7,8,9,11,12',
  },
  agents: [
    { phone: '01020000001', name: '이수진', affiliation: '강남 래미안 공인중개사사무소' },
    { phone: '01020000002', name: '박정호', affiliation: '분당 정자 부동산' },
    { phone: '01020000003', name: '최민아', affiliation: '마포 공덕 분양상담' },
    { phone: '01020000004', name: '정우성', affiliation: '수원 영통 공인중개사' },
    { phone: '01020000005', name: '한지민', affiliation: '송파 잠실 분양대행' },
    { phone: '01020000006', name: '오세훈', affiliation: '고양 일산 부동산' },
  ],
  pending: { phone: '01030000001', name: '신입회', affiliation: '용인 수지 공인중개사' },
} as const;

/**
 * The days of usage a member starts with once approved in the demo (app setting
 * `new_member_days`; a fresh install gives none): the applicant above, approved, has a month.
 */
export const DEMO_NEW_MEMBER_DAYS = 30;

function isEmpty(sqlite: SQLite.Database): boolean {
  const { n } = sqlite.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number };
  return n === 0;
}

/**
 * Fills an empty database with demo data: a super admin, an admin, approved agents, one
 * applicant under review and about 200 sites. Does nothing when any user exists.
 */
export function seedDemo({
  sqlite,
  superAdminPhone,
  now,
  siteCount = 200,
}: {
  sqlite: SQLite.Database;
  superAdminPhone: string;
  now: Date;
  siteCount?: number;
}): { seeded: boolean; users: number; sites: number } {
  ensureAreas({ sqlite });
  if (!isEmpty(sqlite)) return { seeded: false, users: 0, sites: 0 };
  const rng = createRng(DEMO_SEED);
  const iso = now.toISOString();
  const insertUser = sqlite.prepare(
    `INSERT INTO users (f_type, f_phone, f_affiliation, f_name, f_point, f_usage_date, f_admin_authority, f_approval,
      f_reg_time, f_made_count, f_push_count) VALUES (@type, @phone, @affiliation, @name, @point, @usage, @authority,
      @approval, @reg, @made, @push)`,
  );
  const agentIds: number[] = [];
  let users = 0;
  sqlite.transaction(() => {
    const add = (u: Record<string, unknown>) => {
      users++;
      return Number(insertUser.run(u).lastInsertRowid);
    };
    add({
      type: 'A',
      phone: superAdminPhone,
      affiliation: '분양톡 본사',
      name: '최고관리자',
      point: 0,
      usage: null,
      authority: '0,1,2,3,4,5,6,7,8,9,11,12',
      approval: 'A',
      reg: iso,
      made: 0,
      push: 0,
    });
    add({
      type: 'A',
      phone: demoUsers.admin.phone,
      affiliation: demoUsers.admin.affiliation,
      name: demoUsers.admin.name,
      point: 0,
      usage: null,
      authority: demoUsers.admin.authority,
      approval: 'A',
      reg: iso,
      made: 0,
      push: 0,
    });
    demoUsers.agents.forEach((a, i) => {
      // The last agent's ticket has run out, so the demo also shows the purchase prompt.
      const usage =
        i === demoUsers.agents.length - 1
          ? new Date(now.getTime() - DAY_MS)
          : new Date(now.getTime() + 30 * DAY_MS);
      agentIds.push(
        add({
          type: 'U',
          phone: a.phone,
          affiliation: a.affiliation,
          name: a.name,
          point: 5000 + i * 1000,
          usage: usage.toISOString(),
          authority: '',
          approval: 'A',
          reg: iso,
          made: 5,
          push: 5,
        }),
      );
    });
    add({
      type: 'U',
      phone: demoUsers.pending.phone,
      affiliation: demoUsers.pending.affiliation,
      name: demoUsers.pending.name,
      point: 0,
      usage: null,
      authority: '',
      approval: 'P',
      reg: iso,
      made: 0,
      push: 0,
    });
    sqlite
      .prepare("UPDATE app_settings SET value = ? WHERE key = 'new_member_days'")
      .run(String(DEMO_NEW_MEMBER_DAYS));
    // The ledger opens with each demo balance, so a balance always equals the sum of its point log.
    sqlite
      .prepare(
        `INSERT INTO point_logs (f_user_idx, f_reg_time, f_type, f_point, f_point_final, f_reason)
         SELECT f_idx, ?, 'A', f_point, f_point, 'opening' FROM users WHERE f_point > 0`,
      )
      .run(iso);
  })();
  const totals = generateSites({ sqlite, rng, count: siteCount, ownerIds: agentIds, now });
  showNearHiding({ sqlite, agentIds });
  // Groups.
  seedGroups({ sqlite, agentIds, now });
  // Reports by agents 1 and 3, decided by the demo admin; the other agents keep their opening balances.
  const adminIdx = (
    sqlite.prepare('SELECT f_idx FROM users WHERE f_phone = ?').get(demoUsers.admin.phone) as {
      f_idx: number;
    }
  ).f_idx;
  seedReports({
    sqlite,
    now,
    reporterIds: [agentIds[0], agentIds[2]].filter((id) => id !== undefined),
    adminIdx,
  });
  // Community and inquiries: the made+ post is agent 3's (index 2), who spends its points.
  seedCommunity({ sqlite, now, agentIds, adminIdx });
  // Notifications: received, sent and automatic ones for the demo agents.
  seedNotifications({ sqlite, now, agentIds });
  // Officetel standard prices for the demo officetels (the file admins import on the db tab).
  seedOfficetelPrices({ sqlite });
  return { seeded: true, users, sites: totals.sites };
}

/**
 * Groups: two demo groups with members and shared sites, so the group sites tab
 * and the group management have something to show. The first agent (the one the README signs
 * in with) is in both.
 */
export const demoGroups = [
  { name: '강남 분양 공동중개', owner: 0, members: [1, 3], shares: [[0, 3] as const, [1, 2] as const] },
  { name: '수도권 신축 정보방', owner: 3, members: [0], shares: [[3, 3] as const] },
];

function seedGroups({
  sqlite,
  agentIds,
  now,
}: {
  sqlite: SQLite.Database;
  agentIds: number[];
  now: Date;
}): void {
  const iso = now.toISOString();
  const addGroup = sqlite.prepare('INSERT INTO groups (f_name, f_owner_idx, f_reg_time) VALUES (?, ?, ?)');
  const addMember = sqlite.prepare(
    'INSERT INTO group_members (f_group_idx, f_user_idx, f_reg_time, f_last_visit) VALUES (?, ?, ?, NULL)',
  );
  const unshared = sqlite.prepare(
    `SELECT f_idx FROM sites WHERE f_user_idx = ? AND f_status = 'N' AND f_site_type IN ('O', 'G')
      AND f_hidden = 'N' AND f_group_idx IS NULL ORDER BY f_idx LIMIT ?`,
  );
  const share = sqlite.prepare('UPDATE sites SET f_group_idx = ? WHERE f_idx = ?');
  const agent = (i: number) => {
    const idx = agentIds[i];
    if (idx === undefined) throw new Error(`demo agent ${i} is missing`);
    return idx;
  };
  sqlite.transaction(() => {
    for (const group of demoGroups) {
      const groupIdx = Number(addGroup.run(group.name, agent(group.owner), iso).lastInsertRowid);
      for (const member of [group.owner, ...group.members]) addMember.run(groupIdx, agent(member), iso);
      for (const [owner, count] of group.shares) {
        for (const site of unshared.all(agent(owner), count) as Array<{ f_idx: number }>)
          share.run(groupIdx, site.f_idx);
      }
    }
  })();
}

/**
 * Every demo agent's sale list shows the near-hiding warning (spec §9, 5 days or fewer): their two
 * first visible general sites get 3 and 4 days, so the warning still shows, and the sites are still
 * shown, after the night's count down. Left to the generator's random days, an agent's only warned
 * site could be hidden at the first midnight.
 */
function showNearHiding({ sqlite, agentIds }: { sqlite: SQLite.Database; agentIds: readonly number[] }) {
  const firstGeneral = sqlite.prepare(
    `SELECT f_idx FROM sites WHERE f_user_idx = ? AND f_site_type = 'G' AND f_status = 'N' AND f_hidden = 'N'
     ORDER BY f_idx LIMIT 2`,
  );
  const setDays = sqlite.prepare('UPDATE sites SET f_remain_days_till_hide = ? WHERE f_idx = ?');
  for (const agent of agentIds) {
    const sites = firstGeneral.all(agent) as { f_idx: number }[];
    for (const [i, site] of sites.entries()) setDays.run(3 + i, site.f_idx);
  }
}
