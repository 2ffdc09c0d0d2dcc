/**
 * Sharing a site with a customer (issue 32): an agent makes a link that opens a public page of
 * the site, with the agent as its contact. The rules both sides read: who may share (the
 * server's check and the site detail's button), how long a link lives, what a link looks like.
 */

/** A link stops answering this many days after it was made (the agent makes a new one to go on). */
export const SHARE_LIFETIME_DAYS = 30;

/** Links one member may make in 24 hours, every site together: far above a busy agent's day. */
export const SHARES_PER_DAY = 200;

/** The public page of a link: `${PUBLIC_URL}/s/<token>`. */
export const SHARE_PAGE_PREFIX = '/s/';

/** A link's token: 18 random bytes in base64url (144 bits, beyond guessing). */
export const SHARE_TOKEN_BYTES = 18;
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;

/** The site fields the sharing rule reads. */
export interface ShareableSite {
  f_user_idx: number;
  f_group_idx: number | null;
  f_status: 'N' | 'P' | 'D';
  f_site_type: 'O' | 'G' | 'U';
  f_hidden: 'Y' | 'N';
}

/**
 * Who may share a site with a customer, and whether it may be shown at all: a registered
 * (not a draft, not deleted), visible (not hidden) new-open or general site (never an
 * unregistered-site report), shared by its owner or by a member of the group it is shared to.
 * Admins share only what they could share as members: the page shows the sharer as the contact,
 * and an admin is nobody's agent for a site they neither own nor work on in its group.
 * The same rule keeps a link answering: once it no longer holds for the agent who made the link
 * (the site hidden, deleted or transferred, the agent out of its group), the page answers 404.
 */
export function mayShareSite({
  site,
  userIdx,
  isGroupMember,
}: {
  site: ShareableSite;
  userIdx: number;
  isGroupMember: boolean;
}): boolean {
  if (site.f_status !== 'N' || site.f_hidden === 'Y' || site.f_site_type === 'U') return false;
  return site.f_user_idx === userIdx || (site.f_group_idx !== null && isGroupMember);
}

/** A link as its list shows it: answering, past its end, stopped by hand, or its site no longer shown. */
export const SHARE_STATES = ['active', 'expired', 'revoked', 'closed'] as const;
export type ShareState = (typeof SHARE_STATES)[number];

export function shareState({
  expiresAt,
  revokedTime,
  siteAnswers,
  now,
}: {
  expiresAt: string;
  revokedTime: string | null;
  /** `mayShareSite` still holds for the link's agent, and the site was not transferred since. */
  siteAnswers: boolean;
  now: Date;
}): ShareState {
  if (revokedTime !== null) return 'revoked';
  if (new Date(expiresAt) <= now) return 'expired';
  return siteAnswers ? 'active' : 'closed';
}
