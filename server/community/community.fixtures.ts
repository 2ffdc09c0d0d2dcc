import { insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';

/** Community test data: members with a usage ticket and points, posts written straight through the API. */

export interface Actor {
  userIdx: number;
  token: string;
}

/** An approved agent whose usage ticket runs 30 more days, with 10,000 points unless told otherwise. */
export async function member(t: TestApp, overrides: Parameters<typeof insertUser>[1] = {}): Promise<Actor> {
  const userIdx = await insertUser(t, {
    f_usage_date: new Date(t.deps.clock.now().getTime() + 30 * 86_400_000).toISOString(),
    f_point: 10_000,
    ...overrides,
  });
  return { userIdx, token: await insertSession(t, { userIdx, deviceId: `device-${userIdx}` }) };
}

/** An admin holding the given tabs (comma list); '4' is the write tab that moderates the boards. */
export function admin(t: TestApp, authority: string): Promise<Actor> {
  return member(t, { f_type: 'A', f_admin_authority: authority });
}

export const postBody = {
  type: 'R',
  title: '잠실 현장 후기',
  content: '오늘 모델하우스 다녀왔습니다.',
  phone: '010-2000-0001',
  agree: 'Y',
} as const;

export async function publish(t: TestApp, who: Actor, body: Record<string, unknown> = {}): Promise<number> {
  const res = await t.call<{ f_idx: number }>('/community/addCommunity', {
    token: who.token,
    body: { ...postBody, ...body },
  });
  if (res.code !== 0) throw new Error(`addCommunity answered ${res.code} ${res.msg}`);
  return res.data.f_idx;
}

export async function pointsOf(t: TestApp, userIdx: number): Promise<number> {
  const row = await t.deps.db
    .selectFrom('users')
    .select('f_point')
    .where('f_idx', '=', userIdx)
    .executeTakeFirstOrThrow();
  return row.f_point;
}
