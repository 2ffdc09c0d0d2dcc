import * as v from 'valibot';
import type { SiteDongRow, SiteRow } from '../site-fields.ts';
import type { YN } from '../sites/detail.ts';
import { type Answer, defineCall } from './contract.ts';
import { MAX_WHOLE_NUMBER, rowId, yn } from './fields.ts';
import type { siteDetail, siteDetailResponses } from './site-detail.responses.ts';

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

export type SiteDetail = v.InferOutput<typeof siteDetail>;

/**
 * Spec §7 getSiteDetail. A view is recorded as the caller's recent view unless
 * skip_log_recent_view is Y, save is N, or the caller is an admin (admin mode skips it).
 */
export const getSiteDetailCall = defineCall<Answer<typeof siteDetailResponses, 'getSiteDetail'>>()({
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
export const setCompleteHouseCall = defineCall<Answer<typeof siteDetailResponses, 'setCompleteHouse'>>()({
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
