import * as v from 'valibot';

// Schemas are built by calls at the top level; `@__NO_SIDE_EFFECTS__` / `@__PURE__` tell the
// bundler those calls may be dropped where nothing uses their result (the entry chunk needs
// little of this file).

/**
 * The columns of a site (spec §3 Site) as client and server exchange them: the pulled row,
 * and the fields a draft (temporary save, status P) may carry. Schemas follow the database's
 * CHECK constraints so that a value the schema accepts is one SQLite accepts.
 */

/**
 * The bounds of a site's numbers, for the schemas below and the form fields that type them
 * (src/features/registration/controls.tsx `max`): one rule, so a form never takes what the server refuses.
 */
export const SiteNumberLimits = {
  /** Any amount (만원, or 백만원 for fees). */
  amount: 2_000_000_000,
  dongCount: 1000,
  houseCount: 1_000_000,
  /** Square metres or pyeong of one unit or area type: far above any building (bounded since protocol 5). */
  area: 1_000_000,
} as const;

const yn = v.picklist(['Y', 'N']);
const hit = v.picklist([0, 1, 2]);
const int = /* @__NO_SIDE_EFFECTS__ */ (max: number = SiteNumberLimits.amount) =>
  v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(max));
const nullableInt = /* @__NO_SIDE_EFFECTS__ */ (max?: number) => v.nullable(int(max));
/** Entries of one object schema and more: a spread in a top-level call would pin every schema. */
const extend = /* @__NO_SIDE_EFFECTS__ */ <A extends v.ObjectEntries, B extends v.ObjectEntries>(
  a: A,
  b: B,
): Omit<A, keyof B> & B => ({ ...a, ...b });
const str = /* @__NO_SIDE_EFFECTS__ */ (max: number) => v.pipe(v.string(), v.maxLength(max));
const MAX_AREA = SiteNumberLimits.area;
const coordinate = v.nullable(v.pipe(v.number(), v.minValue(-180), v.maxValue(180)));

/** An uploaded image URL, or a reference to a file still waiting in the device's store. */
export { LOCAL_FILE_PREFIX } from './local-files.ts';
export const imageRef = v.pipe(
  v.string(),
  v.maxLength(500),
  v.regex(/^(\/uploads\/|https?:\/\/|local-file:)/, 'must be an uploaded image URL'),
);

export const contactSchema = v.object({ f_name: str(50), f_phone: str(20) });
export type SiteContact = v.InferOutput<typeof contactSchema>;

export const roomSchema = v.object({
  f_room: int(10),
  f_area: v.picklist(['E', 'R']),
  f_exclusive_size: v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_AREA)),
  f_exclusive_pyong: v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_AREA)),
  f_real_size: v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_AREA)),
  f_real_pyong: v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_AREA)),
});
export type SiteRoom = v.InferOutput<typeof roomSchema>;

/**
 * A unit (spec §3 Unit) without its ids: it belongs to the dong it is listed under. The one
 * definition of a unit's shape: the registration rules' input (sync/sites/rules.ts), the detail's
 * grid (sync/sites/detail.ts), the hos table (server/sites/sites.tables.ts, held to it by the
 * compiler) and the order of its columns (`unitFields`) derive from it.
 */
export const hoSchema = v.object({
  f_floor: v.pipe(v.number(), v.integer(), v.minValue(-10), v.maxValue(30)),
  f_ho: str(20),
  f_room: v.optional(int(10), 0),
  f_toilet: v.optional(int(10), 1),
  f_veranda: v.optional(int(10), 0),
  f_utility_room: v.optional(int(10), 0),
  f_duplex: v.optional(yn, 'N'),
  f_teras: v.optional(yn, 'N'),
  f_exclusive_size: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_AREA)), 0),
  f_real_size: v.optional(v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_AREA)), 0),
  f_memo: v.optional(str(2000), ''),
  f_image_urls: v.optional(v.pipe(v.array(imageRef), v.maxLength(30)), []),
  f_complete: v.optional(yn, 'N'),
  f_trans_type: v.optional(str(20), ''),
  f_sale_price: v.optional(int(), 0),
  f_collateral_price: v.optional(int(), 0),
  f_charter_price: v.optional(int(), 0),
  f_investment_price: v.optional(int(), 0),
  f_monthly_rent_deposit: v.optional(int(), 0),
  f_monthly_rent: v.optional(int(), 0),
  f_inquire_price: v.optional(yn, 'N'),
  f_inquire_charter: v.optional(yn, 'N'),
  f_inquire_investment: v.optional(yn, 'N'),
  f_inquire_month: v.optional(yn, 'N'),
  f_safe_charter: v.optional(yn, 'N'),
  f_smb: v.optional(yn, 'N'),
});
export type DraftHo = v.InferOutput<typeof hoSchema>;
export type UnitField = keyof DraftHo;

/** A unit's fields in one order: every read and write of the hos table, and the units the pull sends. */
export const unitFields: readonly UnitField[] = /* @__PURE__ */ Object.keys(hoSchema.entries) as UnitField[];

/** A building (spec §3 Building) with its units; ids are the server's business. */
export const dongSchema = v.object({
  f_dong: str(50),
  f_floor_count: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(30)),
  f_units_per_floor: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(300)),
  f_editable: v.optional(yn, 'Y'),
  hos: v.optional(v.pipe(v.array(hoSchema), v.maxLength(9000)), []),
});
export type DraftDong = v.InferOutput<typeof dongSchema>;

/**
 * Site columns a registration (and so a draft) sets. Everything else (owner, status,
 * hidden, complete, times) is the server's to decide.
 */
export const editableSiteColumns = {
  f_name: str(100),
  f_site_type: v.picklist(['O', 'G', 'U']),
  f_address1: str(200),
  f_address2: str(200),
  f_latitude: coordinate,
  f_longitude: coordinate,
  f_bjd_code: v.nullable(v.pipe(v.string(), v.regex(/^\d{10}$/))),
  f_land_type: v.nullable(v.picklist([1, 2])),
  f_main_no: nullableInt(9999),
  f_sub_no: nullableInt(9999),
  f_maemul_type: str(50),
  f_dong_count: int(SiteNumberLimits.dongCount),
  f_house_count: int(SiteNumberLimits.houseCount),
  f_parking_type: str(20),
  f_transaction_type: str(20),
  f_room_num: nullableInt(10),
  f_toilet_num: nullableInt(10),
  f_veranda_num: nullableInt(10),
  f_utility_room_num: nullableInt(10),
  f_duplex: yn,
  f_teras: yn,
  f_elevator: v.picklist(['Y', 'N', 'U']),
  f_area_type: v.picklist(['E', 'R']),
  f_fee_type: str(20),
  f_fee_t: int(),
  f_fee_c: int(),
  f_fee_i: int(),
  f_fee_s: int(),
  f_fee_o: int(),
  f_fee_t_hit: hit,
  f_fee_c_hit: hit,
  f_fee_i_hit: hit,
  f_fee_s_hit: hit,
  f_fee_o_hit: hit,
  f_fee_site_inquire_t: yn,
  f_fee_site_inquire_c: yn,
  f_fee_site_inquire_i: yn,
  f_fee_site_inquire_s: yn,
  f_fee_site_inquire_o: yn,
  f_sale_price_min: int(),
  f_sale_price_max: int(),
  f_collateral_price_min: int(),
  f_collateral_price_max: int(),
  f_charter_price_min: int(),
  f_charter_price_max: int(),
  f_invest_price_min: int(),
  f_invest_price_max: int(),
  f_monthly_deposit_min: int(),
  f_monthly_deposit_max: int(),
  f_monthly_rent_min: int(),
  f_monthly_rent_max: int(),
  f_safe_charter: yn,
  f_smb: yn,
  f_site_inquire_sale: yn,
  f_site_inquire_charter: yn,
  f_site_inquire_invest: yn,
  f_site_inquire_monthly: yn,
  f_inlay_private: yn,
  f_inlay_image_url: v.pipe(v.array(imageRef), v.maxLength(30)),
  f_image_urls: v.pipe(v.array(imageRef), v.maxLength(30)),
  f_supply_meal: yn,
  f_residence_type: v.picklist([0, 1, 2]),
  f_memo: str(5000),
  f_group_idx: v.nullable(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(Number.MAX_SAFE_INTEGER)),
  ),
  f_open_date: v.nullable(str(10)),
} as const;

export type EditableSiteColumn = keyof typeof editableSiteColumns;
export const editableSiteColumnNames = /* @__PURE__ */ Object.keys(
  editableSiteColumns,
) as EditableSiteColumn[];
/** Site columns stored as JSON text in SQLite and sent as arrays. */
export const jsonArraySiteColumns = ['f_inlay_image_url', 'f_image_urls'] as const;

/* @__NO_SIDE_EFFECTS__ */
function allOptional<T extends Record<string, v.GenericSchema>>(
  entries: T,
): { [K in keyof T]: v.OptionalSchema<T[K], undefined> } {
  return Object.fromEntries(Object.entries(entries).map(([key, schema]) => [key, v.optional(schema)])) as {
    [K in keyof T]: v.OptionalSchema<T[K], undefined>;
  };
}

/**
 * What a draft save may carry, every field optional: a later registration form tightens the
 * rules for the final save (spec §5); a temporary save keeps whatever was typed so far.
 * Contacts, area types and buildings with their units travel as whole lists.
 */
export const draftFieldsSchema = v.object(
  extend(allOptional(editableSiteColumns), {
    contacts: v.optional(v.pipe(v.array(contactSchema), v.maxLength(5))),
    rooms: v.optional(v.pipe(v.array(roomSchema), v.maxLength(30))),
    dongs: v.optional(v.pipe(v.array(dongSchema), v.maxLength(200))),
  }),
);
export type DraftFields = v.InferOutput<typeof draftFieldsSchema>;
export type DraftField = keyof DraftFields;
export const draftFieldNames: DraftField[] = /* @__PURE__ */ editableSiteColumnNames.concat([
  'contacts',
  'rooms',
  'dongs',
] as DraftField[] as never[]);

/** A pulled building: one record per building on the device, its units inside. */
export const dongRowSchema = v.object(
  extend(
    { f_idx: v.number(), f_site_idx: v.number(), f_order: v.number() },
    extend(dongSchema.entries, { hos: v.array(v.object(extend({ f_idx: v.number() }, hoSchema.entries))) }),
  ),
);
export type SiteDongRow = v.InferOutput<typeof dongRowSchema>;

/**
 * A pulled site: its columns, contacts and area types, buildings with units, and the version
 * a later edit is based on. JSON-text columns arrive as arrays.
 */
export const siteRowSchema = v.object(
  extend(editableSiteColumns, {
    f_idx: v.number(),
    f_user_idx: v.number(),
    f_status: v.picklist(['N', 'P', 'D']),
    f_hidden: yn,
    f_complete: yn,
    f_temp_step: v.number(),
    f_reg_time: v.string(),
    f_update_time: v.string(),
    f_update_inlay_time: v.nullable(v.string()),
    f_remain_days_till_hide: v.nullable(v.number()),
    f_confirm: v.nullable(v.string()),
    /** The device-made id of a draft created offline. */
    f_client_id: v.nullable(v.string()),
    contacts: v.array(contactSchema),
    rooms: v.array(roomSchema),
    /** A draft's buildings with units. Empty for a registered site: its units come as a 'units' change. */
    dongs: v.array(dongRowSchema),
    /** Changes whenever the site, its contacts, rooms, buildings or units change. */
    version: v.number(),
  }),
);
export type SiteRow = v.InferOutput<typeof siteRowSchema>;

/** The draft fields of a pulled site: what the registration form shows and what a conflict compares. */
export function draftFieldsOfSite(site: SiteRow): Required<DraftFields> {
  const out: Record<string, unknown> = {};
  for (const name of editableSiteColumnNames) out[name] = site[name];
  out.contacts = site.contacts.map(({ f_name, f_phone }) => ({ f_name, f_phone }));
  out.rooms = site.rooms.map((r) => ({ ...r }));
  out.dongs = site.dongs.map(({ f_dong, f_floor_count, f_units_per_floor, f_editable, hos }) => ({
    f_dong,
    f_floor_count,
    f_units_per_floor,
    f_editable,
    hos: hos.map(({ f_idx: _id, ...ho }) => ho),
  }));
  return out as Required<DraftFields>;
}

/** Order-insensitive for object keys, order-sensitive for lists: how two field values compare. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
