import { insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';

/** Registration data (complete sites, buildings, reports) lives beside the client's tests too. */
export {
  building,
  generalSite,
  newOpenSite,
  unregisteredReport,
} from '../../tests/support/registration-data.ts';

export async function member(
  t: TestApp,
  overrides: Parameters<typeof insertUser>[1] = {},
): Promise<{ userIdx: number; token: string }> {
  const userIdx = await insertUser(t, overrides);
  const token = await insertSession(t, { userIdx, deviceId: `device-${userIdx}` });
  return { userIdx, token };
}

/** Every row of the site tables, as text: equal before and after means nothing was written there. */
export function siteTables(t: TestApp): string {
  const rows = ['sites', 'site_contacts', 'site_rooms', 'dongs', 'hos', 'sync_conflicts'].map((table) =>
    t.handle.sqlite.prepare(`SELECT * FROM ${table} ORDER BY 1`).all(),
  );
  return JSON.stringify(rows);
}
