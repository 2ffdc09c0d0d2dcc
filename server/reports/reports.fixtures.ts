import { insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';

/** Report test data: a new-open site with one building of two units, reporters, admins. */

export async function reportableSite(t: TestApp, { ownerIdx }: { ownerIdx: number }) {
  const site = await insertSite(t, { userIdx: ownerIdx, f_site_type: 'O', f_name: '래미안 원베일리' });
  const dong = await t.deps.db
    .insertInto('dongs')
    .values({ f_site_idx: site, f_dong: '101동', f_floor_count: 2, f_units_per_floor: 1 })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  const units: number[] = [];
  for (const floor of [1, 2]) {
    const unit = await t.deps.db
      .insertInto('hos')
      .values({ f_site_idx: site, f_dong_idx: dong.f_idx, f_floor: floor, f_ho: `${floor}01` })
      .returning('f_idx')
      .executeTakeFirstOrThrow();
    units.push(unit.f_idx);
  }
  return { site, units };
}

export async function agent(t: TestApp, overrides: Parameters<typeof insertUser>[1] = {}) {
  const userIdx = await insertUser(t, overrides);
  return { userIdx, token: await insertSession(t, { userIdx, deviceId: `device-${userIdx}` }) };
}

/** An admin holding the given tabs (comma list), e.g. '9' for report decisions. */
export function adminWith(t: TestApp, authority: string) {
  return agent(t, { f_type: 'A', f_admin_authority: authority });
}

export async function balanceOf(t: TestApp, userIdx: number): Promise<number> {
  const row = await t.deps.db
    .selectFrom('users')
    .select('f_point')
    .where('f_idx', '=', userIdx)
    .executeTakeFirstOrThrow();
  return row.f_point;
}
