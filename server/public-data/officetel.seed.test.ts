import { describe, expect, it } from 'vitest';
import { pnuOf } from '../../sync/api/address.api.ts';
import type { LookupAnswer, OfficetelPrice } from '../../sync/public-data/public-data.ts';
import { agent } from '../reports/reports.fixtures.ts';
import { seedDemo } from '../seed/demo.ts';
import { createTestApp } from '../testing/fixtures.ts';
import { seedTestDb } from '../testing/seed-test-db.ts';

describe('demo officetel prices', () => {
  it('let a member walk the levels of a demo officetel and read two years of its standard value', async () => {
    const t = await createTestApp();
    try {
      await seedTestDb({
        handle: t.handle,
        seed: (sqlite) =>
          // Forty demo sites hold a few officetels: fewer to copy than the default two hundred.
          seedDemo({
            sqlite,
            superAdminPhone: '01000000000',
            now: new Date('2026-11-21T00:00:00Z'),
            siteCount: 40,
          }),
      });
      const site = (await t.handle.row(`SELECT f_idx, f_bjd_code, f_land_type, f_main_no, f_sub_no FROM sites
           WHERE (',' || f_maemul_type || ',') LIKE '%,1,%' AND f_site_type = 'O' AND f_dong_count > 0 ORDER BY f_idx LIMIT 1`)) as {
        f_idx: number;
        f_bjd_code: string;
        f_land_type: number;
        f_main_no: number;
        f_sub_no: number;
      };
      expect(site).toBeDefined();
      const parcel = pnuOf({
        b_code: site.f_bjd_code,
        land_type: site.f_land_type === 2 ? 2 : 1,
        main_address_no: site.f_main_no,
        sub_address_no: site.f_sub_no,
      });
      if (!parcel) throw new Error('a demo officetel has a lot number');
      const pnu: string = parcel;
      const { token } = await agent(t);
      const level = async (query: Record<string, string>) =>
        (
          await t.call<{ list: string[] }>('/public/officetelLevel', {
            token,
            method: 'GET',
            query: { pnu, ...query },
          })
        ).data.list;
      const [buildnum] = await level({ level: '1' });
      const dongs = await level({ level: '2', buildnum: buildnum ?? '' });
      // The levels are the site's own dongs, as its unit grid shows them.
      const ownDongs = (
        (await t.handle.all('SELECT f_dong FROM dongs WHERE f_site_idx = ?', site.f_idx)) as Array<{
          f_dong: string;
        }>
      ).map((d) => d.f_dong);
      expect([...dongs].sort()).toEqual([...new Set(ownDongs)].sort());
      const dong = dongs[0] ?? '';
      const [floor] = await level({ level: '3', buildnum: buildnum ?? '', dong });
      const [ho] = await level({ level: '4', buildnum: buildnum ?? '', dong, floor: floor ?? '' });
      const price = await t.call<LookupAnswer<OfficetelPrice>>('/public/officetelPrice', {
        token,
        method: 'GET',
        query: { pnu, buildnum: buildnum ?? '', dong, floor: floor ?? '', ho: ho ?? '' },
      });
      expect(price.data.list.map((p) => p.f_year)).toEqual(['2024', '2025']);
      for (const p of price.data.list) {
        expect(p.value).toBe(Math.round(p.f_pbprice * (p.f_totarea + p.f_sharea)));
        expect(p.value).toBeGreaterThan(0);
      }
    } finally {
      await t.close();
    }
  });
});
