import type SQLite from 'better-sqlite3';
import { SQM_PER_PYEONG } from '../../sync/constants.ts';
import { bjdCode, placeableDistricts } from '../areas/regions.ts';
import type { Rng } from './random.ts';

const brands = [
  '래미안',
  '힐스테이트',
  'e편한세상',
  '자이',
  '푸르지오',
  '롯데캐슬',
  '아이파크',
  '더샵',
  'SK뷰',
  '센트레빌',
  '하늘채',
  '호반써밋',
  '한신더휴',
  '두산위브',
  '서희스타힐스',
  '포레나',
  '우미린',
  '디에이치',
];
const suffixes = [
  '센트럴',
  '퍼스트',
  '더퍼스트',
  '리버뷰',
  '파크뷰',
  '에듀포레',
  '시티',
  '그랑블',
  '레이크',
  '포레스트',
  '프레스티지',
  '스카이',
  '엘리트',
  '',
];
const generalNames = [
  '하이츠',
  '빌라',
  '캐슬',
  '하우스',
  '타워',
  '오피스텔',
  '맨션',
  '빌',
  '팰리스',
  '스위트',
];
const surnames = [
  '김',
  '이',
  '박',
  '최',
  '정',
  '강',
  '조',
  '윤',
  '장',
  '임',
  '한',
  '오',
  '서',
  '신',
  '권',
  '황',
];
const givenNames = [
  '민준',
  '서연',
  '지훈',
  '하은',
  '도윤',
  '지우',
  '예준',
  '수아',
  '현우',
  '지민',
  '서준',
  '채원',
  '준호',
  '유진',
  '성민',
  '은지',
];
const roads = ['대로', '로', '길'];
const roadStems = [
  '테헤란',
  '강남',
  '도산',
  '올림픽',
  '한강',
  '중앙',
  '시청',
  '역전',
  '공원',
  '학교',
  '문화',
  '평화',
  '새마을',
  '은행나무',
  '벚꽃',
];

export interface GeneratedSiteSet {
  sites: number;
  dongs: number;
  hos: number;
}

function personName(rng: Rng): string {
  return rng.pick(surnames) + rng.pick(givenNames);
}

function mobile(rng: Rng): string {
  return `010${String(rng.int(2000, 9999))}${String(rng.int(1000, 9999))}`;
}

function isoMonthsAgo({ now, months, rng }: { now: Date; months: number; rng: Rng }): string {
  const t = now.getTime() - months * 30 * 86400000 - rng.int(0, 86400000);
  return new Date(t).toISOString();
}

function round10(n: number): number {
  return Math.max(10, Math.round(n / 10) * 10);
}

const siteColumns = [
  'f_name',
  'f_site_type',
  'f_address1',
  'f_address2',
  'f_latitude',
  'f_longitude',
  'f_bjd_code',
  'f_land_type',
  'f_main_no',
  'f_sub_no',
  'f_maemul_type',
  'f_dong_count',
  'f_house_count',
  'f_parking_type',
  'f_transaction_type',
  'f_room_num',
  'f_toilet_num',
  'f_veranda_num',
  'f_utility_room_num',
  'f_duplex',
  'f_teras',
  'f_elevator',
  'f_area_type',
  'f_fee_type',
  'f_fee_t',
  'f_fee_c',
  'f_fee_i',
  'f_fee_t_hit',
  'f_fee_c_hit',
  'f_fee_i_hit',
  'f_sale_price_min',
  'f_sale_price_max',
  'f_collateral_price_min',
  'f_collateral_price_max',
  'f_charter_price_min',
  'f_charter_price_max',
  'f_invest_price_min',
  'f_invest_price_max',
  'f_monthly_deposit_min',
  'f_monthly_deposit_max',
  'f_monthly_rent_min',
  'f_monthly_rent_max',
  'f_safe_charter',
  'f_smb',
  'f_site_inquire_sale',
  'f_supply_meal',
  'f_residence_type',
  'f_memo',
  'f_status',
  'f_user_idx',
  'f_hidden',
  'f_complete',
  'f_open_date',
  'f_reg_time',
  'f_update_time',
  'f_remain_days_till_hide',
] as const;

type SiteRow = Record<(typeof siteColumns)[number], string | number | null>;

/**
 * Inserts `count` realistic sites (kinds O and G, Seoul and Gyeonggi) with contacts, area
 * types and, for new-open sites, buildings and units. Deterministic for a given rng seed.
 * Uses raw prepared statements in one transaction: 100,000 sites must load in seconds.
 */
export function generateSites({
  sqlite,
  rng,
  count,
  ownerIds,
  now,
  unitsScale = 1,
}: {
  sqlite: SQLite.Database;
  rng: Rng;
  count: number;
  ownerIds: readonly number[];
  now: Date;
  /** 1 for demo data; smaller values keep very large benchmark databases to a sane size. */
  unitsScale?: number;
}): GeneratedSiteSet {
  const places = placeableDistricts();
  const insertSite = sqlite.prepare(
    `INSERT INTO sites (${siteColumns.join(', ')}) VALUES (${siteColumns.map((c) => `@${c}`).join(', ')})`,
  );
  const insertContact = sqlite.prepare(
    'INSERT INTO site_contacts (f_site_idx, f_name, f_phone, f_order) VALUES (?, ?, ?, ?)',
  );
  const insertRoom = sqlite.prepare(
    'INSERT INTO site_rooms (f_site_idx, f_room, f_area, f_exclusive_size, f_exclusive_pyong, f_real_size, f_real_pyong) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertDong = sqlite.prepare(
    'INSERT INTO dongs (f_site_idx, f_dong, f_floor_count, f_units_per_floor, f_editable, f_order) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertHo = sqlite.prepare(
    `INSERT INTO hos (f_site_idx, f_dong_idx, f_floor, f_ho, f_room, f_toilet, f_veranda, f_exclusive_size, f_real_size,
      f_complete, f_trans_type, f_sale_price, f_charter_price, f_inquire_price) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const setCounts = sqlite.prepare('UPDATE sites SET f_dong_count = ?, f_house_count = ? WHERE f_idx = ?');
  // A general site's rooms and toilets are those of its one area type; a new-open site's headline
  // ranges are those of its units (set once they are made, so the random sequence stays the same).
  const setGeneralRooms = sqlite.prepare('UPDATE sites SET f_room_num = ?, f_toilet_num = ? WHERE f_idx = ?');
  const setSaleRange = sqlite.prepare(
    'UPDATE sites SET f_sale_price_min = ?, f_sale_price_max = ? WHERE f_idx = ?',
  );
  const setCharterRange = sqlite.prepare(
    'UPDATE sites SET f_charter_price_min = ?, f_charter_price_max = ? WHERE f_idx = ?',
  );
  const totals: GeneratedSiteSet = { sites: 0, dongs: 0, hos: 0 };

  const run = sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const { province, district } = rng.pick(places);
      const dongIndex = rng.int(0, district.dongs.length - 1);
      const dongName = district.dongs[dongIndex] as string;
      const stem = dongName.replace(/(동|\d+가)+$/, '').replace(/\d+$/, '') || dongName;
      const isSeoul = province.short === '서울';
      const kind: 'O' | 'G' = rng.chance(0.5) ? 'O' : 'G';
      const mainNo = rng.int(1, 999);
      const subNo = rng.chance(0.6) ? rng.int(1, 99) : 0;
      const landType = rng.chance(0.03) ? 2 : 1;
      const lot = `${landType === 2 ? '산 ' : ''}${mainNo}${subNo ? `-${subNo}` : ''}`;
      const regTime = isoMonthsAgo({ now, months: rng.int(0, 23), rng });
      const base = isSeoul ? rng.int(40_000, 220_000) : rng.int(18_000, 95_000);
      const sale = round10(base);
      const charter = round10(base * (0.55 + rng.next() * 0.2));
      const hidden = rng.chance(0.04);
      const complete = !hidden && rng.chance(0.05);
      const name =
        kind === 'O'
          ? `${rng.pick(brands)} ${stem}${rng.chance(0.5) ? ` ${rng.pick(suffixes)}` : ''}`.trim()
          : `${stem} ${rng.pick(['그린', '해피', '스카이', '로얄', '썬', '드림', '청솔', '한빛', '미래'])}${rng.pick(generalNames)}`;
      const trans =
        kind === 'O' ? (rng.chance(0.7) ? ['0'] : ['0', '1']) : rng.subset(['0', '1', '2', '3'], 1, 3).sort();
      const has = (t: string) => trans.includes(t);
      const inquireSale = rng.chance(0.08);
      const openMonthOffset = kind === 'O' ? rng.int(-24, 36) : -rng.int(12, 360);
      const open = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + openMonthOffset, 1));
      const roomNum = rng.int(0, 4);
      const row: SiteRow = {
        f_name: name,
        f_site_type: kind,
        f_address1: `${province.name} ${district.name} ${dongName} ${lot}`,
        f_address2:
          kind === 'G'
            ? `${rng.int(1, 5)}층`
            : `${stem}${rng.pick(roadStems)}${rng.pick(roads)} ${rng.int(1, 300)}`,
        f_latitude: Math.round(rng.around(district.lat, 0.025) * 1e6) / 1e6,
        f_longitude: Math.round(rng.around(district.lng, 0.03) * 1e6) / 1e6,
        f_bjd_code: bjdCode({ district, dongIndex }),
        f_land_type: landType,
        f_main_no: mainNo,
        f_sub_no: subNo,
        f_maemul_type: kind === 'O' ? rng.pick(['2', '2', '1', '1,3', '2,4']) : String(rng.int(0, 6)),
        f_dong_count: 0,
        f_house_count: 0,
        f_parking_type: String(rng.int(0, 3)),
        f_transaction_type: trans.join(','),
        f_room_num: kind === 'G' ? roomNum : null,
        f_toilet_num: kind === 'G' ? rng.int(1, 2) : null,
        f_veranda_num: kind === 'G' ? rng.int(0, 2) : null,
        f_utility_room_num: kind === 'G' ? rng.int(0, 1) : null,
        f_duplex: rng.chance(0.08) ? 'Y' : 'N',
        f_teras: rng.chance(0.1) ? 'Y' : 'N',
        f_elevator: rng.pick(['Y', 'Y', 'Y', 'N', 'U']),
        f_area_type: rng.chance(0.8) ? 'E' : 'R',
        f_fee_type: rng.pick(['T', 'T,C', 'T,I', 'C', 'T,C,I']),
        f_fee_t: rng.int(1, 40) * 5,
        f_fee_c: rng.int(1, 20) * 5,
        f_fee_i: rng.int(0, 10) * 5,
        f_fee_t_hit: rng.int(0, 2),
        f_fee_c_hit: rng.int(0, 2),
        f_fee_i_hit: rng.int(0, 2),
        f_sale_price_min: has('0') && !inquireSale ? sale : 0,
        f_sale_price_max: has('0') && !inquireSale ? round10(sale * (1 + rng.next() * 0.4)) : 0,
        f_collateral_price_min: has('0') && !inquireSale ? round10(sale * 0.7) : 0,
        f_collateral_price_max: has('0') && !inquireSale ? round10(sale * 0.8) : 0,
        f_charter_price_min: has('1') ? charter : 0,
        f_charter_price_max: has('1') ? round10(charter * (1 + rng.next() * 0.2)) : 0,
        f_invest_price_min: has('2') ? round10(Math.max(500, sale - charter) * 0.5) : 0,
        f_invest_price_max: has('2') ? round10(Math.max(500, sale - charter)) : 0,
        f_monthly_deposit_min: has('3') ? rng.int(1, 10) * 500 : 0,
        f_monthly_deposit_max: has('3') ? rng.int(10, 20) * 500 : 0,
        f_monthly_rent_min: has('3') ? rng.int(5, 15) * 10 : 0,
        f_monthly_rent_max: has('3') ? rng.int(15, 30) * 10 : 0,
        f_safe_charter: has('1') && rng.chance(0.3) ? 'Y' : 'N',
        f_smb: has('1') && rng.chance(0.15) ? 'Y' : 'N',
        f_site_inquire_sale: inquireSale ? 'Y' : 'N',
        f_supply_meal: rng.chance(0.2) ? 'Y' : 'N',
        f_residence_type: rng.int(0, 2),
        f_memo:
          kind === 'O'
            ? `${rng.pick(['모델하우스 방문 예약 필수', '계약금 5%, 중도금 무이자', '발코니 확장 무상', '선착순 동호지정'])}`
            : `${rng.pick(['즉시 입주 가능', '주차 1대 가능', '역세권 도보 5분', '풀옵션', '관리비 별도'])}`,
        f_status: 'N',
        f_user_idx: rng.pick(ownerIds),
        f_hidden: hidden ? 'Y' : 'N',
        f_complete: complete ? 'Y' : 'N',
        f_open_date: `${open.getUTCFullYear()}-${String(open.getUTCMonth() + 1).padStart(2, '0')}-01`,
        f_reg_time: regTime,
        f_update_time: regTime,
        f_remain_days_till_hide: kind === 'G' ? (hidden ? 15 : rng.int(1, 60)) : null,
      };

      const siteIdx = Number(insertSite.run(row).lastInsertRowid);
      totals.sites++;
      const contacts = rng.int(1, 3);
      for (let c = 0; c < contacts; c++) insertContact.run(siteIdx, personName(rng), mobile(rng), c);

      const areaTypes =
        kind === 'O'
          ? rng.subset([59, 74, 84, 101, 114], 1, 3).sort((a, b) => a - b)
          : [rng.pick([24, 33, 45, 59, 84])];
      if (kind === 'G') {
        const sqm = areaTypes[0] as number;
        setGeneralRooms.run(roomsOf(sqm), toiletsOf(sqm), siteIdx);
      }
      for (const sqm of areaTypes) {
        const real = Math.round(sqm * 1.33 * 100) / 100;
        insertRoom.run(
          siteIdx,
          roomsOf(sqm),
          'E',
          sqm,
          round2(sqm / SQM_PER_PYEONG),
          real,
          round2(real / SQM_PER_PYEONG),
        );
      }

      if (kind === 'O') {
        const dongCount = rng.int(1, 3);
        let houses = 0;
        const charterShare = charter / sale;
        const sales: number[] = [];
        const charters: number[] = [];
        for (let dn = 0; dn < dongCount; dn++) {
          const floors = Math.max(2, Math.round(rng.int(5, 15) * Math.sqrt(unitsScale)));
          const perFloor = Math.max(1, Math.round(rng.int(2, 4) * Math.sqrt(unitsScale)));
          const dongIdx = Number(
            insertDong.run(siteIdx, `${101 + dn}동`, floors, perFloor, 'Y', dn).lastInsertRowid,
          );
          totals.dongs++;
          for (let f = 1; f <= floors; f++) {
            for (let u = 1; u <= perFloor; u++) {
              const sqm = areaTypes[(u - 1) % areaTypes.length] as number;
              const price = inquireSale ? 0 : round10(sale * (0.9 + f * 0.01) * (sqm / 84));
              const unitCharter = has('1') ? round10(price * charterShare) : 0;
              if (price > 0) sales.push(price);
              if (unitCharter > 0) charters.push(unitCharter);
              insertHo.run(
                siteIdx,
                dongIdx,
                f,
                `${f}${String(u).padStart(2, '0')}`,
                roomsOf(sqm),
                toiletsOf(sqm),
                rng.int(0, 2),
                sqm,
                Math.round(sqm * 1.33 * 100) / 100,
                rng.chance(0.2) ? 'Y' : 'N',
                has('1') ? '0,1' : '0',
                price,
                unitCharter,
                inquireSale ? 'Y' : 'N',
              );
              totals.hos++;
              houses++;
            }
          }
        }
        setCounts.run(dongCount, houses, siteIdx);
        // Units priced on inquiry leave the site's own ranges as they are.
        if (sales.length > 0) setSaleRange.run(Math.min(...sales), Math.max(...sales), siteIdx);
        if (charters.length > 0) setCharterRange.run(Math.min(...charters), Math.max(...charters), siteIdx);
      }
    }
  });
  run();
  return totals;
}

/**
 * The room code (spec §3: 0 one room, 1 one and a half, then the count) of a unit of an area
 * (㎡ exclusive): the same in the area table, the units and a general site's facts.
 */
function roomsOf(sqm: number): number {
  if (sqm < 30) return 0;
  if (sqm < 45) return 1;
  if (sqm < 70) return 2;
  if (sqm < 100) return 3;
  return 4;
}

function toiletsOf(sqm: number): number {
  return sqm >= 74 ? 2 : 1;
}

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}
