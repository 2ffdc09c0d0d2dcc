import { Limits } from '../constants.ts';

/**
 * Expiry of general sites (spec §4 Visibility, §9), shared by the server job and the screens.
 *
 * A general site (kind G) that is registered and visible counts down one day per Seoul
 * calendar day. At 0 it is hidden and shows 15 days remaining: the days it gets when it is
 * shown again. Hidden, deleted and new-open sites do not count down. The owner extends a
 * site (expandGeneralSiteExpireDays) or all of them at once (updateGeneralSite): either way
 * the remaining days start again at GENERAL_SITE_DAYS from today, they do not add up, so a
 * listing stays up only while its owner keeps confirming it.
 */
export const Expiry = {
  /** Days a general site stays visible after registration or after its owner extends it. */
  generalSiteDays: Limits.generalSiteDays,
  /** Spec §9: the warning shows at 5 days or fewer (red below 6). */
  warnDays: Limits.autoHideWarnDays,
  /** Spec §9: hiding sets 15 days. */
  hiddenRemainDays: Limits.hiddenRemainDays,
} as const;

/** Whether a remaining-days count needs the warning (5 or fewer; shown in red). */
export function nearExpiry(remainDays: number | null | undefined): boolean {
  return typeof remainDays === 'number' && remainDays <= Expiry.warnDays;
}
