import { ensureAreasIn } from '../areas/areas.seed.ts';
import { member } from '../community/community.fixtures.ts';
import type { TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';

/** Notification test data: a writer with a site in 서울 강남구 and members around the country. */

export const noteBody = {
  title: '잠실 현장 분양 개시',
  content: '오늘부터 계약 받습니다.',
  made: 'N',
  push: 'N',
} as const;

export async function areaIdx(t: TestApp, district: string): Promise<number> {
  const row = await t.deps.db
    .selectFrom('areas')
    .select('f_idx')
    .where('f_district', '=', district)
    .executeTakeFirstOrThrow();
  return row.f_idx;
}

export async function likeArea(t: TestApp, userIdx: number, district: string): Promise<void> {
  await t.deps.db
    .insertInto('area_likes')
    .values({
      f_user_idx: userIdx,
      f_area_idx: await areaIdx(t, district),
      f_reg_time: t.deps.clock.now().toISOString(),
    })
    .execute();
}

export async function notifyWorld(t: TestApp) {
  await ensureAreasIn({ db: t.deps.db });
  const writer = await member(t, { f_name: '작성자' });
  const siteIdx = await insertSite(t, {
    userIdx: writer.userIdx,
    f_address1: '서울특별시 강남구 역삼동 123',
  });
  return { writer, siteIdx };
}

export async function deliveriesOf(t: TestApp, notifyIdx: number) {
  return t.deps.db
    .selectFrom('notify_inbox')
    .select(['f_user_idx', 'f_read', 'f_due'])
    .where('f_notify_idx', '=', notifyIdx)
    .orderBy('f_user_idx')
    .execute();
}
