import { insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';

/** Report test data: reporters and admins (the reported site is sync-fixtures' siteWithUnits). */

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
