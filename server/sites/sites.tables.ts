import type { Generated, Insertable, Selectable } from 'kysely';
import type { DraftHo } from '../../sync/site-fields.ts';
import type { YN } from '../users/users.tables.ts';

type Hit = 0 | 1 | 2;

export interface SitesTable {
  f_idx: Generated<number>;
  f_name: string;
  f_site_type: 'O' | 'G' | 'U';
  f_address1: Generated<string>;
  f_address2: Generated<string>;
  f_latitude: number | null;
  f_longitude: number | null;
  /** Parcel parts for public-data look-ups (PNU = bjd code + land type + main + sub). */
  f_bjd_code: string | null;
  f_land_type: 1 | 2 | null;
  f_main_no: number | null;
  f_sub_no: number | null;
  /** Comma list of property types 0-6. */
  f_maemul_type: Generated<string>;
  f_dong_count: Generated<number>;
  f_house_count: Generated<number>;
  f_parking_type: Generated<string>;
  /** Comma list of transaction types 0 sale/collateral, 1 charter, 2 investment, 3 monthly. */
  f_transaction_type: Generated<string>;
  f_room_num: number | null;
  f_toilet_num: number | null;
  f_veranda_num: number | null;
  f_utility_room_num: number | null;
  f_duplex: Generated<YN>;
  f_teras: Generated<YN>;
  f_elevator: Generated<'Y' | 'N' | 'U'>;
  f_area_type: Generated<'E' | 'R'>;
  f_fee_type: Generated<string>;
  f_fee_t: Generated<number>;
  f_fee_c: Generated<number>;
  f_fee_i: Generated<number>;
  f_fee_s: Generated<number>;
  f_fee_o: Generated<number>;
  f_fee_t_hit: Generated<Hit>;
  f_fee_c_hit: Generated<Hit>;
  f_fee_i_hit: Generated<Hit>;
  f_fee_s_hit: Generated<Hit>;
  f_fee_o_hit: Generated<Hit>;
  f_fee_site_inquire_t: Generated<YN>;
  f_fee_site_inquire_c: Generated<YN>;
  f_fee_site_inquire_i: Generated<YN>;
  f_fee_site_inquire_s: Generated<YN>;
  f_fee_site_inquire_o: Generated<YN>;
  f_sale_price_min: Generated<number>;
  f_sale_price_max: Generated<number>;
  f_collateral_price_min: Generated<number>;
  f_collateral_price_max: Generated<number>;
  f_charter_price_min: Generated<number>;
  f_charter_price_max: Generated<number>;
  f_invest_price_min: Generated<number>;
  f_invest_price_max: Generated<number>;
  f_monthly_deposit_min: Generated<number>;
  f_monthly_deposit_max: Generated<number>;
  f_monthly_rent_min: Generated<number>;
  f_monthly_rent_max: Generated<number>;
  f_safe_charter: Generated<YN>;
  f_smb: Generated<YN>;
  f_site_inquire_sale: Generated<YN>;
  f_site_inquire_charter: Generated<YN>;
  f_site_inquire_invest: Generated<YN>;
  f_site_inquire_monthly: Generated<YN>;
  f_inlay_private: Generated<YN>;
  /** JSON array of URLs. */
  f_inlay_image_url: Generated<string>;
  /** JSON array of URLs. */
  f_image_urls: Generated<string>;
  f_supply_meal: Generated<YN>;
  f_residence_type: Generated<0 | 1 | 2>;
  f_memo: Generated<string>;
  f_status: Generated<'N' | 'P' | 'D'>;
  f_temp_step: Generated<number>;
  f_group_idx: number | null;
  f_user_idx: number;
  f_hidden: Generated<YN>;
  f_complete: Generated<YN>;
  f_open_date: string | null;
  f_reg_time: string;
  f_update_time: string;
  f_update_inlay_time: string | null;
  f_remain_days_till_hide: number | null;
  f_confirm: string | null;
  /** The device-made id of a draft created offline (migrations/0003_sync.ts). */
  f_client_id: Generated<string | null>;
}

export interface SiteContactsTable {
  f_idx: Generated<number>;
  f_site_idx: number;
  f_name: string;
  f_phone: string;
  f_order: Generated<number>;
}

export interface SiteRoomsTable {
  f_idx: Generated<number>;
  f_site_idx: number;
  f_room: number;
  f_area: Generated<'E' | 'R'>;
  f_exclusive_size: Generated<number>;
  f_exclusive_pyong: Generated<number>;
  f_real_size: Generated<number>;
  f_real_pyong: Generated<number>;
}

export interface DongsTable {
  f_idx: Generated<number>;
  f_site_idx: number;
  f_dong: string;
  f_floor_count: number;
  f_units_per_floor: number;
  f_editable: Generated<YN>;
  f_order: Generated<number>;
}

export interface HosTable {
  f_idx: Generated<number>;
  f_site_idx: number;
  f_dong_idx: number;
  f_floor: number;
  f_ho: string;
  /** 0 shown as 1 room, 1 shown as 1.5, n >= 2 shown as n. */
  f_room: Generated<number>;
  f_toilet: Generated<number>;
  f_veranda: Generated<number>;
  f_utility_room: Generated<number>;
  f_duplex: Generated<YN>;
  f_teras: Generated<YN>;
  f_exclusive_size: Generated<number>;
  f_real_size: Generated<number>;
  f_memo: Generated<string>;
  f_image_urls: Generated<string>;
  f_complete: Generated<YN>;
  f_trans_type: Generated<string>;
  f_sale_price: Generated<number>;
  f_collateral_price: Generated<number>;
  f_charter_price: Generated<number>;
  f_investment_price: Generated<number>;
  f_monthly_rent_deposit: Generated<number>;
  f_monthly_rent: Generated<number>;
  f_inquire_price: Generated<YN>;
  f_inquire_charter: Generated<YN>;
  f_inquire_investment: Generated<YN>;
  f_inquire_month: Generated<YN>;
  f_safe_charter: Generated<YN>;
  f_smb: Generated<YN>;
}

/** A member's favourite (like) of a site. */
export interface SiteLikesTable {
  f_user_idx: number;
  f_site_idx: number;
  f_reg_time: string;
}

/** A member's recently viewed sites (one row per site, the latest view). */
export interface SiteRecentViewsTable {
  f_user_idx: number;
  f_site_idx: number;
  f_view_time: string;
}

/** A member's personal memo on a site (addSiteMemo). */
export interface SiteMemosTable {
  f_user_idx: number;
  f_site_idx: number;
  f_memo: Generated<string>;
  /** JSON array of URLs. */
  f_memo_images: Generated<string>;
  f_update_time: string;
}

export interface SitesTables {
  sites: SitesTable;
  site_likes: SiteLikesTable;
  site_recent_views: SiteRecentViewsTable;
  site_memos: SiteMemosTable;
  site_contacts: SiteContactsTable;
  site_rooms: SiteRoomsTable;
  dongs: DongsTable;
  hos: HosTable;
  site_inlay_files: SiteInlayFilesTable;
}

/** A site's inlay picture by its URL (kept by triggers, migrations/0012_inlay_files.ts). */
export interface SiteInlayFilesTable {
  url: string;
  f_site_idx: number;
}

export type Site = Selectable<SitesTable>;
export type NewSite = Insertable<SitesTable>;

/**
 * The columns a new site row leaves empty. Kysely wants every nullable column named on
 * insert; spread this first and set what the row has.
 */
export const emptySiteColumns = {
  f_latitude: null,
  f_longitude: null,
  f_bjd_code: null,
  f_land_type: null,
  f_main_no: null,
  f_sub_no: null,
  f_room_num: null,
  f_toilet_num: null,
  f_veranda_num: null,
  f_utility_room_num: null,
  f_group_idx: null,
  f_open_date: null,
  f_update_inlay_time: null,
  f_remain_days_till_hide: null,
  f_confirm: null,
} as const satisfies Partial<NewSite>;
export type Dong = Selectable<DongsTable>;
export type Ho = Selectable<HosTable>;

/** The same type both ways, or false. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Expect<T extends true> = T;

/**
 * The hos table holds exactly a unit as sync/site-fields.ts defines it (its pictures as JSON
 * text) beside its ids: a unit field added to one and not the other does not compile.
 */
export type HosTableIsAUnit = Expect<
  Same<
    Omit<Ho, 'f_idx' | 'f_site_idx' | 'f_dong_idx'>,
    Omit<DraftHo, 'f_image_urls'> & { f_image_urls: string }
  >
>;
