import * as v from 'valibot';
import type { SiteContact, SiteDongRow, SiteRoom, SiteRow } from '../site-fields.ts';
import type { SitePermissions, YN } from '../sites/detail.ts';
import { defineCall } from './contract.ts';
import { MAX_WHOLE_NUMBER, rowId, yn } from './fields.ts';

/** The site's columns in the detail (spec §3 Site detail response, `common`). */
export type SiteDetailCommon = Omit<SiteRow, 'contacts' | 'rooms' | 'dongs' | 'version' | 'f_client_id'> & {
  /** The caller's favourite flag. */
  f_like: YN;
  /** Y when the caller owns the site (spec: only the owner manages a site). */
  f_can_manage: YN;
  f_group_name: string | null;
};

/** A building in the detail: dong_list of spec §3 with its declared size. */
export type SiteDetailDong = Pick<
  SiteDongRow,
  'f_idx' | 'f_dong' | 'f_floor_count' | 'f_units_per_floor' | 'f_order'
>;

/** A unit in the detail: ho_list of spec §3. */
export type SiteDetailHo = SiteDongRow['hos'][number] & { f_dong_idx: number };

export interface SiteDetail {
  common: SiteDetailCommon;
  /** The caller's own memo on the site (addSiteMemo). */
  memo: string;
  memo_images: string[];
  contact_list: SiteContact[];
  dong_list: SiteDetailDong[];
  ho_list: SiteDetailHo[];
  room_list: SiteRoom[];
  /** The latest notification about the site, and how many days ago it was sent. */
  recent_notify_info: { f_idx: number; f_recent_noti_ago_date: number } | null;
  isGroupMember: boolean;
  isHidden: boolean;
  /** Deleted (status D): only an admin gets the detail of such a site. */
  isDeleted: boolean;
  permissions: SitePermissions;
}

/**
 * Spec §7 getSiteDetail. A view is recorded as the caller's recent view unless
 * skip_log_recent_view is Y, save is N, or the caller is an admin (admin mode skips it).
 */
export const getSiteDetailCall = defineCall<SiteDetail>()({
  operationId: 'getSiteDetail',
  method: 'post',
  path: '/site/getSiteDetail',
  summary:
    'A site with contacts, buildings, units, area types, the caller’s memo and like; records a recent view',
  tag: 'site',
  input: v.object({
    site_idx: rowId,
    skip_log_recent_view: v.optional(yn, 'N'),
    /** N: look without keeping the site in the recently viewed list. */
    save: v.optional(yn, 'Y'),
  }),
});

/**
 * Spec §7 setCompleteHouse, the sale-complete grid's apply: the listed units of the site are
 * completed, every other unit of the site is not.
 */
export const setCompleteHouseCall = defineCall<{ site_idx: number; completed: number; total: number }>()({
  operationId: 'setCompleteHouse',
  method: 'post',
  path: '/site/setCompleteHouse',
  summary: 'Set which units of a new-open site are sold out (owner, admin or group member)',
  tag: 'site',
  input: v.object({
    site_idx: rowId,
    ho_idx_list: v.pipe(
      v.array(v.pipe(v.number('must be a number'), v.integer(), v.minValue(1), v.maxValue(MAX_WHOLE_NUMBER))),
      v.maxLength(20_000, 'too many units'),
    ),
  }),
});
