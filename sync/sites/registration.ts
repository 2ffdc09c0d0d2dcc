import * as v from 'valibot';
import {
  contactSchema,
  type DraftDong,
  type DraftFields,
  type DraftHo,
  dongSchema,
  draftFieldsSchema,
  editableSiteColumnNames,
  editableSiteColumns,
  hoSchema,
  roomSchema,
  type SiteDongRow,
  type SiteRow,
  sameValue,
} from '../site-fields.ts';
import { normalizeRegistration, sanitizeUnitName } from './rules.ts';

/**
 * The registration form's data (spec §2 Registration step 1 and 2, §3 Site), shared by the
 * form and the server: its defaults, the stricter schema a final save must pass, and how a
 * registered site's fields are read so that device and server compare the same shape.
 *
 * Buildings and units carry their ids only when they belong to a registered site (an edit
 * keeps unit ids, so completion, reports and likes on units survive); a draft's buildings
 * have none, as drafts travel (sync/site-fields.ts draftFieldsOfSite).
 */

export type RegistrationKind = 'O' | 'G';

/** A unit as the form holds it; `f_idx` only for an existing unit of a registered site. */
export type FormHo = DraftHo & { f_idx?: number };
/** A building as the form holds it; `f_idx` is -1 for a new building of a registered site. */
export type FormDong = Omit<DraftDong, 'hos'> & { f_idx?: number; hos: FormHo[] };

/** Every field a registration sets: a draft's fields, all present. */
export type RegistrationFields = Omit<Required<DraftFields>, 'dongs'> & { dongs: FormDong[] };
export type RegistrationField = keyof RegistrationFields;

/** Spec §9: open-date years from 5 ahead to 50 back. */
export const OPEN_YEARS_AHEAD = 5;
export const OPEN_YEARS_BACK = 50;

export function openDateYears(now: Date): number[] {
  const year = now.getFullYear();
  return Array.from(
    { length: OPEN_YEARS_AHEAD + OPEN_YEARS_BACK + 1 },
    (_, i) => year + OPEN_YEARS_AHEAD - i,
  );
}

/** Spec §9: the open date starts at January 1 of the current year. */
export function defaultOpenDate(now: Date): string {
  return `${now.getFullYear()}-01-01`;
}

/** A blank registration of a kind: what the form starts from and what a first save sends. */
export function emptyRegistration({ kind, now }: { kind: RegistrationKind; now: Date }): RegistrationFields {
  return {
    f_name: '',
    f_site_type: kind,
    f_address1: '',
    f_address2: '',
    f_latitude: null,
    f_longitude: null,
    f_bjd_code: null,
    f_land_type: null,
    f_main_no: null,
    f_sub_no: null,
    f_maemul_type: '',
    f_dong_count: 0,
    f_house_count: 0,
    f_parking_type: '',
    f_transaction_type: '',
    f_room_num: null,
    f_toilet_num: null,
    f_veranda_num: null,
    f_utility_room_num: null,
    f_duplex: 'N',
    f_teras: 'N',
    f_elevator: 'U',
    f_area_type: 'E',
    f_fee_type: '',
    f_fee_t: 0,
    f_fee_c: 0,
    f_fee_i: 0,
    f_fee_s: 0,
    f_fee_o: 0,
    f_fee_t_hit: 0,
    f_fee_c_hit: 0,
    f_fee_i_hit: 0,
    f_fee_s_hit: 0,
    f_fee_o_hit: 0,
    f_fee_site_inquire_t: 'N',
    f_fee_site_inquire_c: 'N',
    f_fee_site_inquire_i: 'N',
    f_fee_site_inquire_s: 'N',
    f_fee_site_inquire_o: 'N',
    f_sale_price_min: 0,
    f_sale_price_max: 0,
    f_collateral_price_min: 0,
    f_collateral_price_max: 0,
    f_charter_price_min: 0,
    f_charter_price_max: 0,
    f_invest_price_min: 0,
    f_invest_price_max: 0,
    f_monthly_deposit_min: 0,
    f_monthly_deposit_max: 0,
    f_monthly_rent_min: 0,
    f_monthly_rent_max: 0,
    f_safe_charter: 'N',
    f_smb: 'N',
    f_site_inquire_sale: 'N',
    f_site_inquire_charter: 'N',
    f_site_inquire_invest: 'N',
    f_site_inquire_monthly: 'N',
    f_inlay_private: 'N',
    f_inlay_image_url: [],
    f_image_urls: [],
    f_supply_meal: 'N',
    f_residence_type: 0,
    f_memo: '',
    f_group_idx: null,
    f_open_date: defaultOpenDate(now),
    contacts: [],
    rooms: [],
    dongs: [],
  };
}

/** A blank unit on a floor: what the "add unit" button and "fill floors" start from. */
export function emptyUnit({ floor, name }: { floor: number; name: string }): FormHo {
  return {
    f_floor: floor,
    f_ho: name,
    f_room: 0,
    f_toilet: 1,
    f_veranda: 0,
    f_utility_room: 0,
    f_duplex: 'N',
    f_teras: 'N',
    f_exclusive_size: 0,
    f_real_size: 0,
    f_memo: '',
    f_image_urls: [],
    f_complete: 'N',
    f_trans_type: '',
    f_sale_price: 0,
    f_collateral_price: 0,
    f_charter_price: 0,
    f_investment_price: 0,
    f_monthly_rent_deposit: 0,
    f_monthly_rent: 0,
    f_inquire_price: 'N',
    f_inquire_charter: 'N',
    f_inquire_investment: 'N',
    f_inquire_month: 'N',
    f_safe_charter: 'N',
    f_smb: 'N',
  };
}

/** The usual unit name: floor then a two-digit position, 1001 for the first unit of floor 10. */
export function unitName({ floor, position }: { floor: number; position: number }): string {
  return `${floor}${String(position).padStart(2, '0')}`;
}

const hoKeys = Object.keys(hoSchema.entries) as Array<keyof DraftHo>;

/**
 * A registered site's fields as the form and the final save compare them: the columns,
 * contacts and area types of the pulled row, and its buildings with ids, in the server's order.
 */
export function fieldsOfRegisteredSite({
  site,
  dongs,
}: {
  site: Pick<SiteRow, 'contacts' | 'rooms'> & Record<string, unknown>;
  dongs: ReadonlyArray<Omit<SiteDongRow, 'f_site_idx'> & { f_site_idx?: number }>;
}): RegistrationFields {
  const out: Record<string, unknown> = {};
  for (const name of editableSiteColumnNames) out[name] = site[name];
  out.contacts = site.contacts.map(({ f_name, f_phone }) => ({ f_name, f_phone }));
  out.rooms = site.rooms.map((r) => ({
    f_room: r.f_room,
    f_area: r.f_area,
    f_exclusive_size: r.f_exclusive_size,
    f_exclusive_pyong: r.f_exclusive_pyong,
    f_real_size: r.f_real_size,
    f_real_pyong: r.f_real_pyong,
  }));
  out.dongs = [...dongs]
    .sort((a, b) => a.f_order - b.f_order || a.f_idx - b.f_idx)
    .map((d) => ({
      // A building or unit saved on the device and not synced yet has a device id (negative):
      // to the server it is still new.
      ...(d.f_idx > 0 ? { f_idx: d.f_idx } : {}),
      f_dong: d.f_dong,
      f_floor_count: d.f_floor_count,
      f_units_per_floor: d.f_units_per_floor,
      f_editable: d.f_editable,
      hos: d.hos.map((h) => {
        const ho: Record<string, unknown> = h.f_idx > 0 ? { f_idx: h.f_idx } : {};
        for (const key of hoKeys) ho[key] = h[key];
        return ho as FormHo;
      }),
    }));
  return out as RegistrationFields;
}

/** Units sorted as the server lists them (floor, name), so the same list compares equal on both sides. */
export function sortUnits<U extends { f_floor: number; f_ho: string }>(hos: readonly U[]): U[] {
  return [...hos].sort((a, b) => a.f_floor - b.f_floor || (a.f_ho < b.f_ho ? -1 : a.f_ho > b.f_ho ? 1 : 0));
}

/**
 * The fields of `to` that differ from `from`, and their values in `from`: what a save sends
 * as `changes` and `base` for the three-way merge on the server.
 */
export function diffFields({ from, to }: { from: Partial<RegistrationFields>; to: RegistrationFields }): {
  base: Partial<RegistrationFields>;
  changes: Partial<RegistrationFields>;
} {
  const base: Record<string, unknown> = {};
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(to) as RegistrationField[]) {
    if (sameValue(from[key], to[key])) continue;
    changes[key] = to[key];
    if (from[key] !== undefined) base[key] = from[key];
  }
  return { base, changes } as { base: Partial<RegistrationFields>; changes: Partial<RegistrationFields> };
}

/**
 * What a save does to the typed values before the rules look at them (spec §5): the
 * registration normalisation (sync/sites/rules.ts), trimmed names, phone digits only, unit
 * names of allowed characters. The form shows the result; the server stores it.
 */
export function normalizeSiteForSave(site: RegistrationFields): RegistrationFields {
  const out = normalizeRegistration(site);
  return {
    ...out,
    f_name: out.f_name.trim(),
    f_address1: out.f_address1.trim(),
    f_address2: out.f_address2.trim(),
    contacts: out.contacts.map((c) => ({ f_name: c.f_name.trim(), f_phone: c.f_phone.replace(/\D/g, '') })),
    dongs: out.dongs.map((d) => ({
      ...d,
      f_dong: d.f_dong.trim(),
      hos: d.hos.map((h) => ({ ...h, f_ho: sanitizeUnitName(h.f_ho) })),
    })),
  };
}

// --- what a final save carries ------------------------------------------------------------

const positiveId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER));

const count = (max: number) => v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));

/**
 * A unit of a final save: its id when it already exists (an edit keeps it), none when new.
 * Room and toilet may arrive empty so that the unit rules answer with their own message.
 */
export const saveHoSchema = v.object({
  f_idx: v.optional(positiveId),
  ...hoSchema.entries,
  f_room: v.optional(v.nullable(count(10)), 0),
  f_toilet: v.optional(v.nullable(count(10)), 1),
});

/** A building of a final save: its id, or -1 (or none) for a new one (spec §3 Building). */
export const saveDongSchema = v.object({
  f_idx: v.optional(v.union([v.literal(-1), positiveId])),
  ...dongSchema.entries,
  hos: v.optional(v.pipe(v.array(saveHoSchema), v.maxLength(9000)), []),
});

/** The fields a final save may change: a draft's fields, with building and unit ids kept. */
export const saveFieldsSchema = v.object({
  ...draftFieldsSchema.entries,
  // More than 5 contacts is a rule with its own message (spec §5), not a malformed request.
  contacts: v.optional(v.pipe(v.array(contactSchema), v.maxLength(50))),
  dongs: v.optional(v.pipe(v.array(saveDongSchema), v.maxLength(200))),
});
export type SaveFields = v.InferOutput<typeof saveFieldsSchema>;

const commaList = (letters: string) =>
  v.pipe(
    v.string(),
    v.regex(new RegExp(`^([${letters}](,[${letters}])*)?$`), `must be a comma list of ${letters}`),
    v.check((s) => new Set(s.split(',')).size === s.split(',').length, 'must not repeat a value'),
  );

/**
 * Every field of a site as a final save must leave it (spec §5 order is checked by the rules,
 * sync/sites/rules.ts; this schema checks shapes the permissive draft schema lets through).
 */
export const finalSiteSchema = v.object({
  ...editableSiteColumns,
  f_site_type: v.picklist(['O', 'G'], 'only new-open (O) and general (G) sites are registered'),
  f_latitude: v.nullable(v.pipe(v.number(), v.minValue(-90), v.maxValue(90))),
  f_maemul_type: commaList('0-6'),
  f_transaction_type: commaList('0-3'),
  f_parking_type: commaList('0-3'),
  f_fee_type: commaList('TCISO'),
  f_open_date: v.nullable(v.pipe(v.string(), v.isoDate('must be a date YYYY-MM-DD'))),
  contacts: v.pipe(v.array(contactSchema), v.maxLength(50)),
  rooms: v.pipe(v.array(roomSchema), v.maxLength(30)),
  dongs: v.pipe(v.array(saveDongSchema), v.maxLength(200)),
});

/** Whether an open date lies in the years the form offers (spec §9). */
export function openDateInRange({ date, now }: { date: string | null; now: Date }): boolean {
  if (date === null) return true;
  const year = Number(date.slice(0, 4));
  return year >= now.getFullYear() - OPEN_YEARS_BACK && year <= now.getFullYear() + OPEN_YEARS_AHEAD;
}

// --- unregistered site report (kind U) ---------------------------------------------------

/**
 * The unregistered-site report (spec §2 Unregistered site form): name, address, up to 5
 * contacts, property type, transaction type, rooms, toilets, open date, inlay images, memo to
 * the manager and fee types. Fee values are null when not typed: an investment fee must be,
 * an empty charter fee becomes 0 (spec §5).
 */
export const unregisteredReportSchema = v.object({
  f_name: v.pipe(v.string('name required'), v.maxLength(100)),
  f_address1: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  f_address2: v.optional(v.pipe(v.string(), v.maxLength(200)), ''),
  f_latitude: v.optional(editableSiteColumns.f_latitude, null),
  f_longitude: v.optional(editableSiteColumns.f_longitude, null),
  f_bjd_code: v.optional(editableSiteColumns.f_bjd_code, null),
  f_land_type: v.optional(editableSiteColumns.f_land_type, null),
  f_main_no: v.optional(editableSiteColumns.f_main_no, null),
  f_sub_no: v.optional(editableSiteColumns.f_sub_no, null),
  contacts: v.optional(v.pipe(v.array(contactSchema), v.maxLength(5, 'at most 5 contacts')), []),
  f_maemul_type: v.optional(commaList('0-6'), ''),
  f_transaction_type: v.optional(commaList('0-3'), ''),
  f_room_num: v.optional(editableSiteColumns.f_room_num, null),
  f_toilet_num: v.optional(editableSiteColumns.f_toilet_num, null),
  f_open_date: v.optional(v.nullable(v.pipe(v.string(), v.isoDate('must be a date YYYY-MM-DD'))), null),
  f_inlay_image_url: v.optional(editableSiteColumns.f_inlay_image_url, []),
  f_memo: v.optional(v.pipe(v.string(), v.maxLength(5000)), ''),
  f_fee_type: v.optional(commaList('TCISO'), ''),
  f_fee_t: v.optional(v.nullable(editableSiteColumns.f_fee_t), null),
  f_fee_c: v.optional(v.nullable(editableSiteColumns.f_fee_c), null),
  f_fee_i: v.optional(v.nullable(editableSiteColumns.f_fee_i), null),
  f_fee_s: v.optional(v.nullable(editableSiteColumns.f_fee_s), null),
  f_fee_o: v.optional(v.nullable(editableSiteColumns.f_fee_o), null),
});
export type UnregisteredReport = v.InferOutput<typeof unregisteredReportSchema>;
export type UnregisteredReportInput = v.InferInput<typeof unregisteredReportSchema>;
