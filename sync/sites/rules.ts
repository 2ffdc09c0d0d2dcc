import { Limits, SQM_PER_PYEONG } from '../constants.ts';
import type { DraftHo } from '../site-fields.ts';

/**
 * The registration rules of spec §4/§5, written once and run by the form (as a courtesy)
 * and by the server (for real). Each check answers the first rule that fails, in the
 * spec's order, as a rule id; client and server each turn the id into their message.
 * Field names are the database's (spec §3), as drafts and saves carry them.
 */

export type YN = 'Y' | 'N';

export interface SiteContactInput {
  f_name: string;
  f_phone: string;
}

export interface SiteRoomInput {
  f_room: number;
  f_area: 'E' | 'R';
  f_exclusive_size: number;
  f_exclusive_pyong: number;
  f_real_size: number;
  f_real_pyong: number;
}

/** A site's transaction types and their price ranges (만원), with the price-on-inquiry flags (spec §3 Site). */
export interface SiteDealPrices {
  f_transaction_type: string;
  f_sale_price_min: number;
  f_sale_price_max: number;
  f_collateral_price_min: number;
  f_collateral_price_max: number;
  f_charter_price_min: number;
  f_charter_price_max: number;
  f_invest_price_min: number;
  f_invest_price_max: number;
  f_monthly_deposit_min: number;
  f_monthly_deposit_max: number;
  f_monthly_rent_min: number;
  f_monthly_rent_max: number;
  f_site_inquire_sale: YN;
  f_site_inquire_charter: YN;
  f_site_inquire_invest: YN;
  f_site_inquire_monthly: YN;
}

/** The site fields the rules read (a registration payload carries these and more). */
export interface SiteRuleInput extends SiteDealPrices {
  f_site_type: 'O' | 'G' | 'U';
  f_name: string;
  f_address1: string;
  f_address2: string;
  contacts: SiteContactInput[];
  f_maemul_type: string;
  f_dong_count: number;
  f_house_count: number;
  f_room_num: number | null;
  f_toilet_num: number | null;
  f_elevator: 'Y' | 'N' | 'U';
  f_fee_type: string;
  f_fee_t: number;
  f_fee_c: number;
  f_fee_i: number;
  f_fee_s: number;
  f_fee_o: number;
  f_fee_site_inquire_t: YN;
  f_fee_site_inquire_c: YN;
  f_fee_site_inquire_i: YN;
  f_fee_site_inquire_s: YN;
  f_fee_site_inquire_o: YN;
  rooms: SiteRoomInput[];
}

export type SiteRuleId =
  | 'nameRequired'
  | 'addressRequired'
  | 'contactRequired'
  | 'contactsMax'
  | 'contactIncomplete'
  | 'maemulTypeRequired'
  | 'maemulTypeSingle'
  | 'complexInfoRequired'
  | 'transTypeRequired'
  | 'salePriceRequired'
  | 'charterPriceRequired'
  | 'investPriceRequired'
  | 'monthlyPriceRequired'
  | 'roomNumRequired'
  | 'toiletNumRequired'
  | 'feeTypeRequired'
  | 'feeInvestRequired'
  | 'elevatorRequired'
  | 'areaRequired';

export interface RuleFailure<R extends string = SiteRuleId> {
  rule: R;
  /** The field the form focuses and the -4 envelope names. */
  field: string;
}

/** Transaction types 0 sale/collateral, 1 charter, 2 investment, 3 monthly (spec §3). */
export const TransType = { sale: 0, charter: 1, invest: 2, monthly: 3 } as const;
export const feeTypes = ['T', 'C', 'I', 'S', 'O'] as const;
export type FeeType = (typeof feeTypes)[number];

export function parseList(list: string): string[] {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/** Min/max where one was typed: the other takes its value (spec §5). */
function pair(min: number, max: number): [number, number] {
  if (min > 0 && max <= 0) return [min, min];
  if (max > 0 && min <= 0) return [max, max];
  return [min, max];
}

/**
 * What the form does before checking (spec §5): a typed contact pair is added when there
 * is room; prices of unchosen types are zeroed; an inquire flag zeroes its prices; one of
 * min/max is copied to the other; fee values of inquire-flagged fees become 0.
 */
export function normalizeRegistration<T extends SiteRuleInput>(
  site: T,
  pendingContact?: SiteContactInput,
): T {
  const out: T = { ...site, contacts: [...site.contacts] };
  if (
    pendingContact?.f_name.trim() &&
    pendingContact.f_phone.trim() &&
    out.contacts.length < Limits.maxSiteContacts
  ) {
    out.contacts.push({
      f_name: pendingContact.f_name.trim(),
      f_phone: pendingContact.f_phone.replace(/-/g, ''),
    });
  }
  const types = new Set(parseList(out.f_transaction_type).map(Number));
  const apply = (chosen: boolean, inquire: YN, fields: Array<[keyof SiteRuleInput, keyof SiteRuleInput]>) => {
    for (const [minKey, maxKey] of fields) {
      const zero = !chosen || inquire === 'Y';
      const [min, max] = zero ? [0, 0] : pair(Number(out[minKey]) || 0, Number(out[maxKey]) || 0);
      (out as Record<string, unknown>)[minKey] = min;
      (out as Record<string, unknown>)[maxKey] = max;
    }
  };
  apply(types.has(TransType.sale), out.f_site_inquire_sale, [
    ['f_sale_price_min', 'f_sale_price_max'],
    ['f_collateral_price_min', 'f_collateral_price_max'],
  ]);
  apply(types.has(TransType.charter), out.f_site_inquire_charter, [
    ['f_charter_price_min', 'f_charter_price_max'],
  ]);
  apply(types.has(TransType.invest), out.f_site_inquire_invest, [
    ['f_invest_price_min', 'f_invest_price_max'],
  ]);
  apply(types.has(TransType.monthly), out.f_site_inquire_monthly, [
    ['f_monthly_deposit_min', 'f_monthly_deposit_max'],
    ['f_monthly_rent_min', 'f_monthly_rent_max'],
  ]);
  if (!types.has(TransType.sale)) out.f_site_inquire_sale = 'N';
  if (!types.has(TransType.charter)) out.f_site_inquire_charter = 'N';
  if (!types.has(TransType.invest)) out.f_site_inquire_invest = 'N';
  if (!types.has(TransType.monthly)) out.f_site_inquire_monthly = 'N';
  const chosenFees = new Set(parseList(out.f_fee_type));
  for (const fee of feeTypes) {
    const key = `f_fee_${fee.toLowerCase()}` as 'f_fee_t';
    const inquire = out[`f_fee_site_inquire_${fee.toLowerCase()}` as 'f_fee_site_inquire_t'];
    if (!chosenFees.has(fee) || inquire === 'Y' || !Number.isFinite(out[key])) out[key] = 0;
  }
  return out;
}

const positive = (n: number) => Number.isFinite(n) && n > 0;

/** Registration step 1, in the order of spec §5; null when every rule passes. */
export function checkRegistration(site: SiteRuleInput): RuleFailure | null {
  return registrationFailures(site)[0] ?? null;
}

/**
 * Every rule of registration step 1 that fails, in the order of spec §5, at most one per field
 * (the form shows them all beside their fields; the server answers the first).
 */
export function registrationFailures(site: SiteRuleInput): RuleFailure[] {
  const failures: RuleFailure[] = [];
  const fail = (failure: RuleFailure) => {
    if (!failures.some((f) => f.field === failure.field)) failures.push(failure);
  };
  const kind = site.f_site_type;
  if (!site.f_name.trim()) fail({ rule: 'nameRequired', field: 'f_name' });
  if (!site.f_address1.trim() && !site.f_address2.trim())
    fail({ rule: 'addressRequired', field: 'f_address1' });
  if (site.contacts.length === 0) fail({ rule: 'contactRequired', field: 'contacts' });
  if (site.contacts.length > Limits.maxSiteContacts) fail({ rule: 'contactsMax', field: 'contacts' });
  if (site.contacts.some((c) => !c.f_name.trim() || c.f_phone.replace(/\D/g, '').length < 8)) {
    fail({ rule: 'contactIncomplete', field: 'contacts' });
  }
  const maemul = parseList(site.f_maemul_type);
  if (maemul.length === 0) fail({ rule: 'maemulTypeRequired', field: 'f_maemul_type' });
  // Property type is single-select for general sites, multi-select otherwise.
  if (kind === 'G' && maemul.length > 1) fail({ rule: 'maemulTypeSingle', field: 'f_maemul_type' });
  if (kind === 'O' && site.f_dong_count <= 0 && site.f_house_count <= 0) {
    fail({ rule: 'complexInfoRequired', field: 'f_dong_count' });
  }
  const types = new Set(parseList(site.f_transaction_type).map(Number));
  if (kind === 'G' && types.size === 0) fail({ rule: 'transTypeRequired', field: 'f_transaction_type' });
  const needs = (type: number, inquire: YN) => types.has(type) && inquire !== 'Y';
  if (
    needs(TransType.sale, site.f_site_inquire_sale) &&
    !positive(site.f_sale_price_min) &&
    !positive(site.f_sale_price_max)
  ) {
    fail({ rule: 'salePriceRequired', field: 'f_sale_price_min' });
  }
  if (
    needs(TransType.charter, site.f_site_inquire_charter) &&
    !positive(site.f_charter_price_min) &&
    !positive(site.f_charter_price_max)
  ) {
    fail({ rule: 'charterPriceRequired', field: 'f_charter_price_min' });
  }
  if (
    needs(TransType.invest, site.f_site_inquire_invest) &&
    !positive(site.f_invest_price_min) &&
    !positive(site.f_invest_price_max)
  ) {
    fail({ rule: 'investPriceRequired', field: 'f_invest_price_min' });
  }
  if (needs(TransType.monthly, site.f_site_inquire_monthly)) {
    const deposit = positive(site.f_monthly_deposit_min) || positive(site.f_monthly_deposit_max);
    const rent = positive(site.f_monthly_rent_min) || positive(site.f_monthly_rent_max);
    if (!deposit || !rent)
      fail({
        rule: 'monthlyPriceRequired',
        field: deposit ? 'f_monthly_rent_min' : 'f_monthly_deposit_min',
      });
  }
  if (kind === 'G' && site.f_room_num === null) fail({ rule: 'roomNumRequired', field: 'f_room_num' });
  if (kind === 'G' && site.f_toilet_num === null) fail({ rule: 'toiletNumRequired', field: 'f_toilet_num' });
  if (parseList(site.f_fee_type).length === 0) fail({ rule: 'feeTypeRequired', field: 'f_fee_type' });
  if (!['Y', 'N', 'U'].includes(site.f_elevator)) fail({ rule: 'elevatorRequired', field: 'f_elevator' });
  if (!site.rooms.some((r) => positive(r.f_exclusive_size) || positive(r.f_real_size))) {
    fail({ rule: 'areaRequired', field: 'rooms' });
  }
  return failures;
}

export type UnregisteredRuleId =
  | 'nameRequired'
  | 'addressRequired'
  | 'contactRequired'
  | 'feeTypeRequired'
  | 'feeInvestRequired';

/**
 * Unregistered site report (kind U, spec §5): name; address1 or address2; at least one
 * contact; fee type; I needs fee_invest; an empty charter fee becomes 0; prices are 0.
 */
/**
 * What the API document lists as required where the schemas let fields be left out but the rules
 * above do not (a test sends each body without each field and expects the -4 naming it): a new
 * site's final save, whatever its kind and deal types (registrationFailures), and an
 * unregistered-site report (checkUnregistered). One of the two address lines is needed.
 */
export const documentedRequired = {
  newSite: {
    at: 'changes',
    fields: ['f_name', 'contacts', 'f_maemul_type', 'f_fee_type', 'rooms'],
    oneOf: ['f_address1', 'f_address2'],
  },
  unregistered: { fields: ['f_name', 'contacts', 'f_fee_type'], oneOf: ['f_address1', 'f_address2'] },
} as const;

export function checkUnregistered(site: {
  f_name: string;
  f_address1: string;
  f_address2: string;
  contacts: readonly SiteContactInput[];
  f_fee_type: string;
  f_fee_i: number | null;
}): RuleFailure<UnregisteredRuleId> | null {
  if (!site.f_name.trim()) return { rule: 'nameRequired', field: 'f_name' };
  if (!site.f_address1.trim() && !site.f_address2.trim())
    return { rule: 'addressRequired', field: 'f_address1' };
  if (site.contacts.filter((c) => c.f_name.trim() && c.f_phone.trim()).length === 0) {
    return { rule: 'contactRequired', field: 'contacts' };
  }
  const fees = parseList(site.f_fee_type);
  if (fees.length === 0) return { rule: 'feeTypeRequired', field: 'f_fee_type' };
  if (fees.includes('I') && !(site.f_fee_i !== null && site.f_fee_i > 0))
    return { rule: 'feeInvestRequired', field: 'f_fee_i' };
  return null;
}

// ---------------------------------------------------------------- units (ho) and buildings (dong)

/** A unit as its form holds it (sync/site-fields.ts hoSchema): rooms and toilets may still be unset. */
export type UnitInput = Omit<DraftHo, 'f_room' | 'f_toilet'> & {
  f_room: number | null;
  f_toilet: number | null;
};

export interface BuildingInput {
  f_dong: string;
  f_floor_count: number;
  f_units_per_floor: number;
  hos: UnitInput[];
}

export type UnitRuleId =
  | 'dealTypeRequired'
  | 'unitSalePriceRequired'
  | 'unitCharterPriceRequired'
  | 'unitInvestPriceRequired'
  | 'unitMonthlyPriceRequired'
  | 'unitRoomRequired'
  | 'unitToiletRequired'
  | 'unitNameRequired'
  | 'dongNameRequired'
  | 'dongLimit';

/** Unit names keep only Korean letters, digits, Latin letters and hyphens (spec §5). */
export function sanitizeUnitName(name: string): string {
  return name.replace(/[^가-힣0-9A-Za-z-]/g, '');
}

/** Room codes: 0 is shown as 1 room, 1 as 1.5, n ≥ 2 as n (spec §3 Unit). */
export function roomLabel(code: number | null): string {
  if (code === null) return '-';
  if (code === 0) return '1';
  if (code === 1) return '1.5';
  return String(code);
}

export function sqmToPyeong(sqm: number): number {
  return Math.round((sqm / SQM_PER_PYEONG) * 100) / 100;
}

export function pyeongToSqm(pyeong: number): number {
  return Math.round(pyeong * SQM_PER_PYEONG * 100) / 100;
}

/** Household save (spec §4): unchosen deal types reset to 0/N; an inquire flag zeroes its price. */
export function normalizeUnit<T extends UnitInput>(unit: T, { isNew }: { isNew: boolean }): T {
  const types = new Set(parseList(unit.f_trans_type).map(Number));
  const out: T = { ...unit, f_ho: sanitizeUnitName(unit.f_ho) };
  const reset = (
    type: number,
    inquire: 'f_inquire_price' | 'f_inquire_charter' | 'f_inquire_investment' | 'f_inquire_month',
    prices: Array<keyof UnitInput>,
  ) => {
    if (!types.has(type)) out[inquire] = 'N';
    if (!types.has(type) || out[inquire] === 'Y')
      for (const p of prices) (out as Record<string, unknown>)[p] = 0;
  };
  reset(TransType.sale, 'f_inquire_price', ['f_sale_price', 'f_collateral_price']);
  reset(TransType.charter, 'f_inquire_charter', ['f_charter_price']);
  reset(TransType.invest, 'f_inquire_investment', ['f_investment_price']);
  reset(TransType.monthly, 'f_inquire_month', ['f_monthly_rent_deposit', 'f_monthly_rent']);
  if (isNew) out.f_complete = 'N';
  return out;
}

/** Unit save (spec §5): deal type, a price per chosen type unless inquired, room and toilet. */
export function checkUnit(unit: UnitInput): RuleFailure<UnitRuleId> | null {
  if (!sanitizeUnitName(unit.f_ho)) return { rule: 'unitNameRequired', field: 'f_ho' };
  const types = new Set(parseList(unit.f_trans_type).map(Number));
  if (types.size === 0) return { rule: 'dealTypeRequired', field: 'f_trans_type' };
  if (types.has(TransType.sale) && unit.f_inquire_price !== 'Y' && !positive(unit.f_sale_price)) {
    return { rule: 'unitSalePriceRequired', field: 'f_sale_price' };
  }
  if (types.has(TransType.charter) && unit.f_inquire_charter !== 'Y' && !positive(unit.f_charter_price)) {
    return { rule: 'unitCharterPriceRequired', field: 'f_charter_price' };
  }
  if (
    types.has(TransType.invest) &&
    unit.f_inquire_investment !== 'Y' &&
    !positive(unit.f_investment_price)
  ) {
    return { rule: 'unitInvestPriceRequired', field: 'f_investment_price' };
  }
  if (
    types.has(TransType.monthly) &&
    unit.f_inquire_month !== 'Y' &&
    !(positive(unit.f_monthly_rent_deposit) && positive(unit.f_monthly_rent))
  ) {
    return {
      rule: 'unitMonthlyPriceRequired',
      field: positive(unit.f_monthly_rent_deposit) ? 'f_monthly_rent' : 'f_monthly_rent_deposit',
    };
  }
  if (unit.f_room === null) return { rule: 'unitRoomRequired', field: 'f_room' };
  if (unit.f_toilet === null) return { rule: 'unitToiletRequired', field: 'f_toilet' };
  return null;
}

export function declaredUnits(building: Pick<BuildingInput, 'f_floor_count' | 'f_units_per_floor'>): number {
  return building.f_floor_count * building.f_units_per_floor;
}

/** Adding a unit: the building needs a name and room under its declared count (spec §5). */
export function checkAddUnit(building: BuildingInput): RuleFailure<UnitRuleId> | null {
  if (!building.f_dong.trim()) return { rule: 'dongNameRequired', field: 'f_dong' };
  if (building.hos.length >= declaredUnits(building)) return { rule: 'dongLimit', field: 'hos' };
  return null;
}

export type AreaRuleId = 'areaRoomRequired' | 'areaSizeRequired';

/** Adding an area entry needs the room, the square metres and the pyeong (spec §5). */
export function checkAreaEntry(entry: {
  f_room: number | null;
  size: number | null;
  pyong: number | null;
}): RuleFailure<AreaRuleId> | null {
  if (entry.f_room === null) return { rule: 'areaRoomRequired', field: 'f_room' };
  if (!(entry.size && entry.size > 0) || !(entry.pyong && entry.pyong > 0))
    return { rule: 'areaSizeRequired', field: 'size' };
  return null;
}

/** Remaining units to place: house_count minus the units of every building (spec §5). */
export function remainingUnits({
  houseCount,
  buildings,
}: {
  houseCount: number;
  buildings: Array<{ hos: unknown[] }>;
}): number {
  return houseCount - buildings.reduce((sum, b) => sum + b.hos.length, 0);
}

export type CopyFloorRuleId = 'copyCountMismatch' | 'copyPhotoTargetEmpty' | 'copyBuildingLimit';

export type CopyFloorResult<U> =
  | { kind: 'noop' }
  | { kind: 'error'; rule: CopyFloorRuleId }
  | { kind: 'copied'; hos: U[] };

/** "1001" on floor 10 copied to floor 12 becomes "1201"; names without the floor prefix keep their own. */
export function renumberUnit({ name, from, to }: { name: string; from: number; to: number }): string {
  const prefix = String(from);
  return name.startsWith(prefix) && name.length > prefix.length ? `${to}${name.slice(prefix.length)}` : name;
}

/**
 * Copy floor (spec §4/§5) within one building. Full copy (A) replaces the target floor's
 * units with copies of the source floor's, renamed to the target floor; photo-only (P)
 * copies each source unit's pictures onto the target unit at the same position.
 */
export function copyFloor<U extends UnitInput>({
  building,
  source,
  target,
  mode,
}: {
  building: { f_floor_count: number; f_units_per_floor: number; hos: U[] };
  source: number;
  target: number;
  mode: 'A' | 'P';
}): CopyFloorResult<U> {
  const onFloor = (floor: number) => building.hos.filter((h) => h.f_floor === floor);
  const from = onFloor(source);
  const to = onFloor(target);
  if (source === target || from.length === 0) return { kind: 'noop' };
  if (mode === 'P') {
    if (to.length === 0) return { kind: 'error', rule: 'copyPhotoTargetEmpty' };
    if (to.length !== from.length) return { kind: 'error', rule: 'copyCountMismatch' };
    const hos = building.hos.map((h) => {
      if (h.f_floor !== target) return h;
      const index = to.indexOf(h);
      return { ...h, f_image_urls: [...(from[index]?.f_image_urls ?? [])] };
    });
    return { kind: 'copied', hos };
  }
  if (to.length > 0 && to.length !== from.length) return { kind: 'error', rule: 'copyCountMismatch' };
  const total = building.hos.length - to.length + from.length;
  if (total > declaredUnits(building)) return { kind: 'error', rule: 'copyBuildingLimit' };
  const copies = from.map((h, i) => {
    const { f_idx: _sourceIdx, ...rest } = h as U & { f_idx?: number };
    const replaced = to[i] as (U & { f_idx?: number }) | undefined;
    return {
      ...rest,
      // A replaced unit keeps its id and completion (editing keeps the value); a new one starts not complete.
      ...(replaced?.f_idx !== undefined ? { f_idx: replaced.f_idx } : {}),
      f_complete: replaced ? replaced.f_complete : 'N',
      f_floor: target,
      f_ho: renumberUnit({ name: h.f_ho, from: source, to: target }),
      f_image_urls: [...h.f_image_urls],
    } as unknown as U;
  });
  const kept = building.hos.filter((h) => h.f_floor !== target);
  return { kind: 'copied', hos: [...kept, ...copies].sort((a, b) => a.f_floor - b.f_floor) };
}
