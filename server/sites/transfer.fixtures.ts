import { sql } from 'kysely';
import { addGroupMember, createGroup } from '../groups/membership.ts';
import { insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';

/** The people of a transfer test: the owner, a member of the owner's group, the destination. */
export interface TransferWorld {
  owner: { userIdx: number; token: string };
  mate: { userIdx: number; token: string };
  dest: { userIdx: number; token: string; phone: string };
  groupIdx: number;
}

export async function memberWithDevice(t: TestApp, overrides: Parameters<typeof insertUser>[1] = {}) {
  const userIdx = await insertUser(t, overrides);
  return { userIdx, token: await insertSession(t, { userIdx, deviceId: `device-${userIdx}` }) };
}

export async function transferWorld(t: TestApp): Promise<TransferWorld> {
  const owner = await memberWithDevice(t, { f_name: '양도인' });
  const mate = await memberWithDevice(t, { f_name: '그룹원' });
  const phone = '01077770001';
  const dest = { ...(await memberWithDevice(t, { f_name: '양수인', f_phone: phone })), phone };
  const now = t.deps.clock.now();
  const groupIdx = await createGroup({ db: t.deps.db, name: '강남팀', ownerIdx: owner.userIdx, now });
  await addGroupMember({ db: t.deps.db, groupIdx, userIdx: mate.userIdx, now });
  return { owner, mate, dest, groupIdx };
}

/** Everything a transfer could change, as text: equal before and after means a refusal wrote nothing. */
export async function transferTables(t: TestApp): Promise<string> {
  const rows = [];
  for (const table of ['sites', 'hos', 'site_transfers', 'site_recent_views', 'site_likes', 'sync_feed']) {
    rows.push((await sql`SELECT * FROM ${sql.table(table)} ORDER BY 1, 2`.execute(t.deps.db)).rows);
  }
  return JSON.stringify(rows);
}
