import { formatArea, formatDay, formatManwon, formatNumber } from '../../sync/format.ts';
import { formatPhone, phoneDigits } from '../../sync/phone.ts';
import type { SiteDongRow, SiteRow } from '../../sync/site-fields.ts';
import {
  type GridUnit,
  type PriceRange,
  sitePriceRows,
  type TransCode,
  unitPriceRows,
} from '../../sync/sites/detail.ts';
import { parseList, roomLabel } from '../../sync/sites/rules.ts';

/**
 * What the public page of a share link shows a customer, and nothing else: the site's name,
 * kind and property types, its place to the 동 (never the lot number, the detail address or the
 * position), its pictures (never private inlay pictures or unit pictures), its prices by
 * transaction type and by unit type (sold-out units left out, as in the app), its area types,
 * its open date, and the agent who shared it as the one contact. Never memos (the site's, a
 * unit's or anyone's own), the site's contacts, fees, reports, or anything of another member.
 * Korean only: the page is for the agent's customers.
 */

export interface ShareContact {
  name: string;
  affiliation: string;
  /** 010-1234-5678 */
  phone: string;
  /** Digits, for tel: and sms: links. */
  dial: string;
}

export interface SharePageView {
  name: string;
  /** 분양 (new-open) or 일반 (general). */
  kind: string;
  propertyTypes: string[];
  location: string;
  /** Picture URLs as stored (/uploads/… or absolute). */
  pictures: string[];
  soldOut: boolean;
  prices: Array<{ label: string; text: string }>;
  unitPrices: Array<{ type: string; onSale: string; prices: string[] }>;
  areas: string[];
  /** "2개 동 · 120세대" for a new-open site. */
  counts: string | null;
  openDate: string | null;
  contact: ShareContact;
  /** og:description: the price range and the place. */
  description: string;
}

export const shareTransLabels: Record<TransCode, string> = { 0: '매매', 1: '전세', 2: '투자', 3: '월세' };

/** Property types 0-6 (spec §3), as the app's Korean labels read. */
export const sharePropertyLabels = [
  '빌라·다세대',
  '오피스텔',
  '아파트',
  '도시형생활주택',
  '타운하우스',
  '단독주택',
  '근린생활시설',
];

/** The most pictures the page lists: it must stay light on a weak link (the rest load lazily anyway). */
export const MAX_PAGE_PICTURES = 12;

/** A range in 만원 as the app's PriceText writes it: one value when both ends agree, or 가격 문의. */
function range({ min, max, inquire }: { min: number; max: number; inquire: boolean }): string {
  if (inquire && min === 0 && max === 0) return '가격 문의';
  const a = formatManwon(min);
  const b = formatManwon(max);
  return min === max || max === 0 ? a : min === 0 ? b : `${a} ~ ${b}`;
}

function unitRange(p: PriceRange): string {
  const main = range({ min: p.min, max: p.max, inquire: p.inquire && p.min === 0 });
  if (p.type !== 3) return `${shareTransLabels[p.type]} ${main}`;
  const rent = range({ min: p.rentMin ?? 0, max: p.rentMax ?? 0, inquire: false });
  return `월세 보증금 ${main} / 월 ${rent}`;
}

/**
 * A Korean address cut after its 동 (or 읍·면 and 리, or 가): "서울특별시 강남구 역삼동 123-4" →
 * "서울특별시 강남구 역삼동". A road address has no 동 in it and stops at its 시·군·구: the road and
 * the building number would place the site exactly.
 */
export function locationToDong(address: string): string {
  const tokens = address
    .replace(/\([^)]*\)/g, ' ')
    .trim()
    .split(/\s+/);
  const kept: string[] = [];
  for (const token of tokens) {
    // A lot or building number, a road (…로, …길, …로12길), Latin letters: past the 동.
    if (!/^[가-힣]+\d*[가-힣]*$/.test(token) || /(로|길)\d*$/.test(token) || /\d+(길|번길)$/.test(token))
      break;
    const last = kept.at(-1);
    if (last && /(읍|면)$/.test(last) && !/리$/.test(token)) break;
    kept.push(token);
    if (kept.length > 1 && /(동|가|리)$/.test(token)) break;
  }
  return kept.join(' ');
}

function areaLine(room: SiteRow['rooms'][number]): string {
  const parts = [];
  if (room.f_exclusive_size > 0) parts.push(`전용 ${formatArea(room.f_exclusive_size)}`);
  if (room.f_real_size > 0) parts.push(`공급 ${formatArea(room.f_real_size)}`);
  parts.push(`방 ${roomLabel(room.f_room)}개`);
  return parts.join(' · ');
}

function unitsOf(dongs: readonly SiteDongRow[]): GridUnit[] {
  return dongs.flatMap((d) => d.hos.map((h) => ({ ...h, f_dong_idx: d.f_idx }) as unknown as GridUnit));
}

export function sharePageView({
  site,
  dongs,
  contact,
}: {
  site: SiteRow;
  dongs: readonly SiteDongRow[];
  contact: { f_name: string; f_affiliation: string; f_phone: string };
}): SharePageView {
  const soldOut = site.f_complete === 'Y';
  const prices = sitePriceRows(site).map((row) =>
    row.type === 3
      ? {
          label: shareTransLabels[3],
          text: `보증금 ${range(row)} / 월 ${range({ min: row.secondMin, max: row.secondMax, inquire: row.inquire })}`,
        }
      : { label: shareTransLabels[row.type], text: range(row) },
  );
  const unitPrices =
    site.f_site_type === 'O' && !soldOut
      ? unitPriceRows(unitsOf(dongs)).map((row) => ({
          type: `전용 ${formatArea(row.exclusiveSize)} · 방 ${roomLabel(row.room)}개`,
          onSale: `${formatNumber(row.available)} / ${formatNumber(row.total)}세대`,
          prices: row.prices.map(unitRange),
        }))
      : [];
  const inlay = site.f_inlay_private === 'N' ? site.f_inlay_image_url : [];
  const pictures = [...site.f_image_urls, ...inlay]
    .filter((url) => url.startsWith('/uploads/') || /^https?:\/\//.test(url))
    .slice(0, MAX_PAGE_PICTURES);
  const location = locationToDong(site.f_address1 || site.f_address2);
  const priceSummary = soldOut
    ? '분양 완료'
    : prices.length > 0
      ? prices.map((p) => `${p.label} ${p.text}`).join(' · ')
      : '가격 문의';
  return {
    name: site.f_name,
    kind: site.f_site_type === 'O' ? '분양' : '일반',
    propertyTypes: parseList(site.f_maemul_type)
      .map((code) => sharePropertyLabels[Number(code)])
      .filter((label): label is string => label !== undefined),
    location,
    pictures,
    soldOut,
    prices,
    unitPrices,
    areas: site.rooms.map(areaLine),
    counts:
      site.f_site_type === 'O' && (site.f_dong_count > 0 || site.f_house_count > 0)
        ? `${formatNumber(site.f_dong_count)}개 동 · ${formatNumber(site.f_house_count)}세대`
        : null,
    openDate: site.f_open_date ? formatDay(site.f_open_date) : null,
    contact: {
      name: contact.f_name,
      affiliation: contact.f_affiliation,
      phone: formatPhone(contact.f_phone),
      dial: phoneDigits(contact.f_phone),
    },
    description: [priceSummary, location].filter((part) => part !== '').join(' · '),
  };
}
