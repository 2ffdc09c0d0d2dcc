import type { SiteShareCreated } from '../../sync/api/shares.api.ts';
import { addGroupMember, createGroup } from '../groups/membership.ts';
import { insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';

/**
 * The people and the site of a share test: the owner, a member of the site's group, another
 * agent and an admin; a new-open site shared to that group with everything a customer must
 * never see (the site's memo, a unit memo, each member's own memo, the site's contacts, fees,
 * a private inlay picture) beside what they should (prices, area types, public pictures).
 */

export const SECRETS = {
  siteMemo: '집주인 급매 사정 있음 비공개',
  unitMemo: '101호 하자 보수 예정 비공개',
  ownerMemo: '소유자 개인 메모 수수료 협의',
  mateMemo: '그룹원 개인 메모 고객 관리',
  contactName: '현장소장김비밀',
  contactPhone: '01099998888',
  privateInlay: '/uploads/private-inlay.webp',
} as const;

export const PUBLIC_PICTURE = '/uploads/front.webp';

async function actor(t: TestApp, overrides: Parameters<typeof insertUser>[1]) {
  const userIdx = await insertUser(t, overrides);
  return { userIdx, token: await insertSession(t, { userIdx, deviceId: `device-${userIdx}` }) };
}

export async function shareWorld(t: TestApp) {
  const owner = await actor(t, { f_name: '김등록', f_phone: '01020001111', f_affiliation: '한빛공인중개사' });
  const mate = await actor(t, { f_name: '이그룹', f_phone: '01020002222', f_affiliation: '두리부동산' });
  const other = await actor(t, { f_name: '박남', f_phone: '01020003333' });
  const admin = await actor(t, {
    f_type: 'A',
    f_admin_authority: '0,1,2,3,4,5,6,7,8,9,11,12',
    f_name: '관리자',
  });
  const now = t.deps.clock.now();
  const groupIdx = await createGroup({ db: t.deps.db, name: '강남팀', ownerIdx: owner.userIdx, now });
  await addGroupMember({ db: t.deps.db, groupIdx, userIdx: mate.userIdx, now });
  const site = await richSite(t, { userIdx: owner.userIdx, groupIdx });
  const time = now.toISOString();
  for (const [who, memo] of [
    [owner.userIdx, SECRETS.ownerMemo],
    [mate.userIdx, SECRETS.mateMemo],
  ] as const) {
    await t.deps.db
      .insertInto('site_memos')
      .values({ f_user_idx: who, f_site_idx: site, f_memo: memo, f_memo_images: '[]', f_update_time: time })
      .execute();
  }
  return { owner, mate, other, admin, groupIdx, site };
}

/** A new-open site with units, area types, pictures, contacts, fees and memos. */
export async function richSite(
  t: TestApp,
  { userIdx, groupIdx }: { userIdx: number; groupIdx: number | null },
) {
  const site = await insertSite(t, {
    userIdx,
    f_group_idx: groupIdx,
    f_name: '래미안 역삼 센트럴',
    f_site_type: 'O',
    f_address1: '서울특별시 강남구 역삼동 123-45',
    f_address2: '래미안 모델하우스 2층',
    f_maemul_type: '2',
    f_dong_count: 1,
    f_house_count: 2,
    f_transaction_type: '0',
    f_sale_price_min: 85_000,
    f_sale_price_max: 120_000,
    f_fee_type: 'T',
    f_fee_t: 777,
    f_memo: SECRETS.siteMemo,
    f_open_date: '2027-03-01',
    f_image_urls: JSON.stringify([PUBLIC_PICTURE, '/uploads/lobby.webp']),
    f_inlay_private: 'Y',
    f_inlay_image_url: JSON.stringify([SECRETS.privateInlay]),
  });
  await t.deps.db
    .insertInto('site_contacts')
    .values({ f_site_idx: site, f_name: SECRETS.contactName, f_phone: SECRETS.contactPhone, f_order: 0 })
    .execute();
  await t.deps.db
    .insertInto('site_rooms')
    .values({
      f_site_idx: site,
      f_room: 3,
      f_area: 'E',
      f_exclusive_size: 84.97,
      f_exclusive_pyong: 25.7,
      f_real_size: 112.4,
      f_real_pyong: 34,
    })
    .execute();
  const dong = await t.deps.db
    .insertInto('dongs')
    .values({ f_site_idx: site, f_dong: '101동', f_floor_count: 2, f_units_per_floor: 1 })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  for (const [floor, price, complete] of [
    [1, 85_000, 'N'],
    [2, 99_000, 'Y'],
  ] as const) {
    await t.deps.db
      .insertInto('hos')
      .values({
        f_site_idx: site,
        f_dong_idx: dong.f_idx,
        f_floor: floor,
        f_ho: `${floor}01`,
        f_room: 3,
        f_exclusive_size: 84.97,
        f_real_size: 112.4,
        f_trans_type: '0',
        f_sale_price: price,
        f_complete: complete,
        f_memo: floor === 1 ? SECRETS.unitMemo : '',
      })
      .execute();
  }
  return site;
}

export async function share(t: TestApp, { token, site }: { token: string; site: number }) {
  const res = await t.call<SiteShareCreated>('/site/createSiteShare', { token, body: { site_idx: site } });
  if (res.code !== 0) throw new Error(`createSiteShare: ${res.code} ${res.msg}`);
  return res.data;
}

/** Opens a share URL as a client would: no headers unless given. */
export async function openPage(
  t: TestApp,
  {
    url,
    headers = {},
    method = 'GET',
  }: { url: string; headers?: Record<string, string>; method?: 'GET' | 'HEAD' },
) {
  const res = await t.app.request(new URL(url).pathname, { method, headers });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    text: await res.text(),
    headers: res.headers,
  };
}

/** A phone browser's user agent: a person opening the link. */
export const PHONE_BROWSER =
  'Mozilla/5.0 (Linux; Android 14; SM-S921N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 KAKAOTALK 10.9.0';
