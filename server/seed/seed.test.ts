import { describe, expect, it } from 'vitest';
import { Expiry } from '../../sync/sites/expiry.ts';
import { openTestDatabase } from '../db/database.ts';
import { runExpiryJob } from '../jobs/expiry.job.ts';
import { nearExpireCount } from '../sites/lists.repository.ts';
import { demoUsers, seedDemo } from './demo.ts';
import { createRng } from './random.ts';
import { generateSites } from './sites.generator.ts';

describe('demo data', () => {
  it('fills an empty database with admins, agents, an applicant, areas and about 200 sites', async () => {
    const { sqlite, close } = await openTestDatabase();
    const result = seedDemo({
      sqlite,
      superAdminPhone: '01000000000',
      now: new Date('2026-11-21T00:00:00Z'),
    });
    expect(result).toMatchObject({ seeded: true, sites: 200 });
    const users = sqlite.prepare('SELECT f_phone, f_type, f_approval FROM users').all() as Array<{
      f_phone: string;
      f_type: string;
      f_approval: string;
    }>;
    expect(users.find((u) => u.f_phone === '01000000000')).toMatchObject({ f_type: 'A', f_approval: 'A' });
    expect(users.find((u) => u.f_phone === demoUsers.admin.phone)).toMatchObject({ f_type: 'A' });
    expect(users.filter((u) => u.f_type === 'U' && u.f_approval === 'A').length).toBeGreaterThanOrEqual(5);
    expect(users.filter((u) => u.f_approval === 'P')).toHaveLength(1);

    const kinds = sqlite
      .prepare('SELECT f_site_type, COUNT(*) AS n FROM sites GROUP BY f_site_type')
      .all() as Array<{ f_site_type: string; n: number }>;
    expect(kinds.map((k) => k.f_site_type).sort()).toEqual(['G', 'O']);
    const outside = sqlite
      .prepare(
        "SELECT COUNT(*) AS n FROM sites WHERE f_address1 NOT LIKE '서울특별시%' AND f_address1 NOT LIKE '경기도%'",
      )
      .get() as { n: number };
    expect(outside.n).toBe(0);
    const box = sqlite
      .prepare(
        'SELECT MIN(f_latitude) AS s, MAX(f_latitude) AS n, MIN(f_longitude) AS w, MAX(f_longitude) AS e FROM sites',
      )
      .get() as Record<string, number>;
    expect(box.s).toBeGreaterThan(36.8);
    expect(box.n).toBeLessThan(38.1);
    expect(box.w).toBeGreaterThan(126.6);
    expect(box.e).toBeLessThan(127.8);
    // Every new-open site has buildings whose units add up to its house count.
    const mismatched = sqlite
      .prepare(
        "SELECT COUNT(*) AS n FROM sites s WHERE s.f_site_type = 'O' AND s.f_house_count != (SELECT COUNT(*) FROM hos h WHERE h.f_site_idx = s.f_idx)",
      )
      .get() as { n: number };
    expect(mismatched.n).toBe(0);
    const areas = sqlite
      .prepare('SELECT COUNT(DISTINCT f_area) AS provinces, COUNT(*) AS districts FROM areas')
      .get() as { provinces: number; districts: number };
    expect(areas.provinces).toBe(17);
    expect(areas.districts).toBeGreaterThan(200);
    await close();
  });

  // Groups.
  it('puts the first demo agent in two groups whose members share sites', async () => {
    const { sqlite, close } = await openTestDatabase();
    seedDemo({ sqlite, superAdminPhone: '01000000000', now: new Date('2026-11-21T00:00:00Z') });
    const groups = sqlite
      .prepare(
        `SELECT g.f_name AS name,
          (SELECT COUNT(*) FROM group_members m WHERE m.f_group_idx = g.f_idx) AS members,
          (SELECT COUNT(*) FROM sites s WHERE s.f_group_idx = g.f_idx AND s.f_status = 'N') AS sites,
          EXISTS (SELECT 1 FROM group_members m JOIN users u ON u.f_idx = m.f_user_idx
            WHERE m.f_group_idx = g.f_idx AND u.f_phone = ?) AS first_agent_in
        FROM groups g ORDER BY g.f_idx`,
      )
      .all(demoUsers.agents[0].phone) as Array<{
      name: string;
      members: number;
      sites: number;
      first_agent_in: number;
    }>;
    expect(groups).toHaveLength(2);
    for (const g of groups) {
      expect(g.members, g.name).toBeGreaterThanOrEqual(2);
      expect(g.sites, g.name).toBeGreaterThanOrEqual(3);
      expect(g.first_agent_in, g.name).toBe(1);
    }
    await close();
  });

  it('warns every approved agent of a general site near hiding, still after the first midnight', async () => {
    const handle = await openTestDatabase();
    // Ten minutes before midnight in Seoul: the demo server's first night comes at once.
    const now = new Date('2026-11-21T14:50:00Z');
    seedDemo({ sqlite: handle.sqlite, superAdminPhone: '01000000000', now });
    const agents = handle.sqlite
      .prepare(`SELECT f_idx FROM users WHERE f_type = 'U' AND f_approval = 'A'`)
      .all() as { f_idx: number }[];
    const warned = () =>
      Promise.all(
        agents.map((a) => nearExpireCount({ db: handle.db, userIdx: a.f_idx, warnDays: Expiry.warnDays })),
      );
    await runExpiryJob({ db: handle.db, now });
    expect((await warned()).every((n) => n >= 1)).toBe(true);
    const night = await runExpiryJob({ db: handle.db, now: new Date('2026-11-21T15:10:00Z') });
    expect(night.days).toBe(1);
    expect((await warned()).every((n) => n >= 1)).toBe(true);
    await handle.close();
  });

  it('does nothing when the database already has members', async () => {
    const { sqlite, close } = await openTestDatabase();
    seedDemo({ sqlite, superAdminPhone: '01000000000', now: new Date() });
    expect(seedDemo({ sqlite, superAdminPhone: '01000000000', now: new Date() }).seeded).toBe(false);
    expect((sqlite.prepare('SELECT COUNT(*) AS n FROM sites').get() as { n: number }).n).toBe(200);
    await close();
  });

  it('generates the same sites from the same seed', async () => {
    const names = async () => {
      const { sqlite, close } = await openTestDatabase();
      seedDemo({
        sqlite,
        superAdminPhone: '01000000000',
        now: new Date('2026-01-01T00:00:00Z'),
        siteCount: 0,
      });
      generateSites({
        sqlite,
        rng: createRng(7),
        count: 30,
        ownerIds: [3],
        now: new Date('2026-01-01T00:00:00Z'),
      });
      const rows = sqlite
        .prepare('SELECT f_name, f_latitude, f_sale_price_min FROM sites ORDER BY f_idx')
        .all();
      await close();
      return rows;
    };
    expect(await names()).toEqual(await names());
  });

  it('gives sites headline ranges that hold their units’ prices and room counts that agree with their units', async () => {
    const { sqlite, close } = await openTestDatabase();
    seedDemo({ sqlite, superAdminPhone: '01000000000', now: new Date('2026-11-21T00:00:00Z') });
    const ranges = sqlite
      .prepare(
        `SELECT s.f_sale_price_min AS lo, s.f_sale_price_max AS hi, MIN(h.f_sale_price) AS unit_lo,
           MAX(h.f_sale_price) AS unit_hi FROM sites s JOIN hos h ON h.f_site_idx = s.f_idx
         WHERE s.f_site_inquire_sale = 'N' GROUP BY s.f_idx`,
      )
      .all() as Array<{ lo: number; hi: number; unit_lo: number; unit_hi: number }>;
    expect(ranges.length).toBeGreaterThan(50);
    for (const r of ranges) expect([r.lo, r.hi]).toEqual([r.unit_lo, r.unit_hi]);
    // Every unit's rooms are those its area type lists in the site's area table.
    const disagreeing = sqlite
      .prepare(
        `SELECT COUNT(*) AS n FROM hos h JOIN site_rooms r ON r.f_site_idx = h.f_site_idx
           AND r.f_exclusive_size = h.f_exclusive_size WHERE r.f_room != h.f_room`,
      )
      .get() as { n: number };
    expect(disagreeing.n).toBe(0);
    const general = sqlite
      .prepare(
        `SELECT COUNT(*) AS n FROM sites s JOIN site_rooms r ON r.f_site_idx = s.f_idx
         WHERE s.f_site_type = 'G' AND s.f_room_num != r.f_room`,
      )
      .get() as { n: number };
    expect(general.n).toBe(0);
    await close();
  });
});
