import * as v from 'valibot';
import { SHARE_STATES } from '../shares/shares.ts';
import { count, int, maybe, page, str, time } from './answer-fields.ts';

/** One of the caller's links to a site (sync/api/shares.api.ts). */
export const siteShareItem = v.strictObject({
  f_idx: int,
  /** The public page, absolute from PUBLIC_URL. */
  url: str,
  f_reg_time: time,
  f_expires_at: time,
  f_revoked_time: maybe(time),
  /** Opened by a person (link-preview robots and prefetches are not counted). */
  f_view_count: count,
  f_last_view_time: maybe(time),
  state: v.picklist(SHARE_STATES),
});

export const sharesResponses = {
  createSiteShare: v.strictObject({
    /** The public page, absolute from PUBLIC_URL: what goes into KakaoTalk or a text message. */
    url: str,
    /** ISO-8601 UTC instant the link stops answering. */
    expires_at: time,
    share_idx: int,
  }),
  getSiteShareList: page(siteShareItem),
  revokeSiteShare: v.strictObject({ share_idx: int }),
};
