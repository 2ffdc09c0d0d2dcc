import { sql } from 'kysely';
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
export async function siteTables(t: TestApp): Promise<string> {
  const rows = [];
  for (const table of ['sites', 'site_contacts', 'site_rooms', 'dongs', 'hos', 'sync_conflicts']) {
    rows.push((await sql`SELECT * FROM ${sql.table(table)} ORDER BY 1`.execute(t.deps.db)).rows);
  }
  return JSON.stringify(rows);
}
