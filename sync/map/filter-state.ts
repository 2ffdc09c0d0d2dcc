import type { MapBounds, MapQueryInput, TransLetter } from './query.ts';
import { type FeeType, normalizeMapKeyword, TRANS_CODES } from './query.ts';

/**
 * The map filter as the screen holds it (spec §9 sliders) and its mapping to the request
 * (spec §7): transaction letters to codes, slider values to 만원, slider ends to open ranges,
 * month and year sliders to calendar days. Pure, so the screen, the tests and the benchmark
 * build requests the same way.
 */

export interface SliderSpec {
  max: number;
  step: number;
  /** Multiplier from the slider's value to the request's unit (만원 for prices). */
  factor: number;
}

/** Spec §9: each slider's top end means "unlimited". */
export const SLIDERS = {
  sale: { max: 1000, step: 50, factor: 100 },
  charter: { max: 1000, step: 50, factor: 100 },
  deposit: { max: 200, step: 10, factor: 100 },
  rent: { max: 200, step: 10, factor: 1 },
  invest: { max: 100, step: 5, factor: 100 },
  fee: { max: 100, step: 5, factor: 1 },
  exclusive: { max: 50, step: 1, factor: 1 },
  real: { max: 50, step: 1, factor: 1 },
  regMonths: { max: 24, step: 1, factor: 1 },
  openYears: { max: 50, step: 1, factor: 1 },
} as const satisfies Record<string, SliderSpec>;
export type SliderName = keyof typeof SLIDERS;

export type Range = readonly [number, number];

/** Open-date choice: all (the age slider), within ±1/3/6/12 months of today, or a chosen period. */
export const PERIOD_TYPES = [0, 1, 3, 6, 12, -1] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

export interface MapFilterState {
  siteType: '' | 'O' | 'G';
  maemul: number[];
  trans: TransLetter[];
  sale: Range;
  charter: Range;
  invest: Range;
  deposit: Range;
  rent: Range;
  safeCharter: boolean;
  smb: boolean;
  inquireOnly: boolean;
  hideInquire: boolean;
  /** Stored room encoding (0 = 1 room, 1 = 1.5, n = n); null: any. */
  room: number | null;
  roomMore: boolean;
  toilet: number | null;
  toiletMore: boolean;
  elevator: '' | 'Y' | 'N';
  duplex: boolean;
  teras: boolean;
  areaType: '' | 'E' | 'R';
  exclusive: Range;
  real: Range;
  feeTypes: FeeType[];
  fee: Range;
  regMonths: Range;
  periodType: PeriodType;
  openYears: Range;
  /** YYYY-MM, for the chosen period. */
  openFrom: string;
  openTo: string;
  favorite: boolean;
}

const full = (name: SliderName): Range => [0, SLIDERS[name].max];

export function defaultMapFilter(today: string): MapFilterState {
  const year = today.slice(0, 4);
  return {
    siteType: '',
    maemul: [],
    trans: [],
    sale: full('sale'),
    charter: full('charter'),
    invest: full('invest'),
    deposit: full('deposit'),
    rent: full('rent'),
    safeCharter: false,
    smb: false,
    inquireOnly: false,
    hideInquire: false,
    room: null,
    roomMore: false,
    toilet: null,
    toiletMore: false,
    elevator: '',
    duplex: false,
    teras: false,
    areaType: '',
    exclusive: full('exclusive'),
    real: full('real'),
    feeTypes: [],
    fee: full('fee'),
    regMonths: full('regMonths'),
    periodType: 0,
    openYears: full('openYears'),
    // Spec §9: the chosen period starts on 1 January of the current year.
    openFrom: `${year}-01`,
    openTo: `${year}-12`,
    favorite: false,
  };
}

/** Spec §4 Map: choosing an open-date type above 0 puts the age slider back to 0..50. */
export function withPeriodType(filter: MapFilterState, periodType: PeriodType): MapFilterState {
  return { ...filter, periodType, openYears: periodType > 0 ? full('openYears') : filter.openYears };
}

/** A slider range as request bounds; the slider's ends leave that side open. */
export function sliderBounds(name: SliderName, range: Range): { min?: number; max?: number } {
  const spec = SLIDERS[name];
  const out: { min?: number; max?: number } = {};
  if (range[0] > 0) out.min = Math.round(range[0] * spec.factor);
  if (range[1] < spec.max) out.max = Math.round(range[1] * spec.factor);
  return out;
}

/** Calendar arithmetic on YYYY-MM-DD, clamping the day to the target month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

function lastOfMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

export type MapArea =
  | { kind: 'bounds'; bounds: MapBounds }
  | { kind: 'radius'; lat: number; lng: number; km: number };

export interface MapSortState {
  site: 'S' | 'U';
  price: '' | 'PL' | 'PH' | 'CL' | 'CH';
}

/** The request for one page of the map search (spec §7 searchSiteForMap_app). */
export function toMapQuery({
  filter,
  keyword,
  useKeyword,
  area,
  zoom,
  sort,
  offset,
  today,
  includeMarkers = true,
}: {
  filter: MapFilterState;
  keyword: string;
  /** The keyword searches everywhere (the home search box, the keyword box's search button). */
  useKeyword: boolean;
  area: MapArea | null;
  zoom: number;
  sort: MapSortState;
  offset: number;
  /** Seoul calendar day the relative date sliders count from. */
  today: string;
  includeMarkers?: boolean;
}): MapQueryInput {
  const q: MapQueryInput = {
    keyword: normalizeMapKeyword(keyword),
    use_keyword: useKeyword && normalizeMapKeyword(keyword) !== '' ? 'Y' : 'N',
    zoom_level: zoom,
    sort_site: sort.site,
    offset,
    include_markers: includeMarkers ? 'Y' : 'N',
  };
  if (area?.kind === 'bounds') q.bounds = area.bounds;
  if (area?.kind === 'radius') {
    q.lat = area.lat;
    q.lng = area.lng;
    q.radius = area.km;
  }
  if (sort.price) q.sort_price = sort.price;
  if (filter.siteType) q.site_type = filter.siteType;
  if (filter.maemul.length > 0) q.maemul_type = [...filter.maemul].sort() as MapQueryInput['maemul_type'];
  if (filter.trans.length > 0) q.trans_type = filter.trans.map((l) => TRANS_CODES[l]).sort();
  // Price sliders only count for the transaction types on screen: with none chosen, all are shown.
  const shows = (l: TransLetter) => filter.trans.length === 0 || filter.trans.includes(l);
  const put = (name: SliderName, range: Range, min: keyof MapQueryInput, max: keyof MapQueryInput) => {
    const b = sliderBounds(name, range);
    if (b.min !== undefined) (q as Record<string, unknown>)[min] = b.min;
    if (b.max !== undefined) (q as Record<string, unknown>)[max] = b.max;
  };
  if (shows('T')) put('sale', filter.sale, 'sale_min', 'sale_max');
  if (shows('C')) put('charter', filter.charter, 'charter_min', 'charter_max');
  if (shows('I')) put('invest', filter.invest, 'invest_min', 'invest_max');
  if (shows('M')) {
    put('deposit', filter.deposit, 'deposit_min', 'deposit_max');
    put('rent', filter.rent, 'rent_min', 'rent_max');
  }
  if (filter.safeCharter) q.safe_charter = 'Y';
  if (filter.smb) q.smb = 'Y';
  if (filter.inquireOnly) q.show_site_inquire_only = 'Y';
  if (filter.hideInquire) q.not_show_site_inquire = 'Y';
  if (filter.room !== null) {
    q.room_num = filter.room;
    q.room_more = filter.roomMore ? 'Y' : 'N';
  }
  if (filter.toilet !== null) {
    q.toilet_num = filter.toilet;
    q.toilet_more = filter.toiletMore ? 'Y' : 'N';
  }
  if (filter.elevator) q.elevator = filter.elevator;
  if (filter.duplex) q.duplex = 'Y';
  if (filter.teras) q.teras = 'Y';
  if (filter.areaType) {
    q.area_type = filter.areaType;
    if (filter.areaType === 'E') put('exclusive', filter.exclusive, 'exclusive_min', 'exclusive_max');
    else put('real', filter.real, 'real_min', 'real_max');
  }
  if (filter.feeTypes.length > 0) q.fee_type = [...filter.feeTypes];
  put('fee', filter.fee, 'fee_min', 'fee_max');
  // Registered between max and min months ago.
  if (filter.regMonths[0] > 0) q.reg_date_to = addMonths(today, -filter.regMonths[0]);
  if (filter.regMonths[1] < SLIDERS.regMonths.max) q.reg_date_from = addMonths(today, -filter.regMonths[1]);
  if (filter.periodType === 0) {
    // Building age in years; 0 at the bottom leaves the future open (sites still to open).
    if (filter.openYears[0] > 0) q.open_date_to = addMonths(today, -12 * filter.openYears[0]);
    if (filter.openYears[1] < SLIDERS.openYears.max)
      q.open_date_from = addMonths(today, -12 * filter.openYears[1]);
  } else if (filter.periodType > 0) {
    q.open_date_from = addMonths(today, -filter.periodType);
    q.open_date_to = addMonths(today, filter.periodType);
  } else {
    const [from, to] =
      filter.openFrom <= filter.openTo ? [filter.openFrom, filter.openTo] : [filter.openTo, filter.openFrom];
    q.open_date_from = `${from}-01`;
    q.open_date_to = lastOfMonth(to);
  }
  if (filter.favorite) q.favorite = 'Y';
  return q;
}

/** How many filter groups differ from the defaults (shown on the filter button). */
export function activeFilterCount(filter: MapFilterState, today: string): number {
  const d = defaultMapFilter(today);
  const differs = (keys: (keyof MapFilterState)[]) =>
    keys.some((k) => JSON.stringify(filter[k]) !== JSON.stringify(d[k]));
  return [
    differs(['siteType', 'maemul']),
    differs(['trans', 'sale', 'charter', 'invest', 'deposit', 'rent', 'safeCharter', 'smb', 'hideInquire']),
    differs(['room', 'roomMore', 'toilet', 'toiletMore', 'elevator', 'duplex', 'teras']),
    differs(['areaType', 'exclusive', 'real']),
    differs(['feeTypes', 'fee']),
    differs(['regMonths', 'periodType', 'openYears', 'openFrom', 'openTo']),
  ].filter(Boolean).length;
}
