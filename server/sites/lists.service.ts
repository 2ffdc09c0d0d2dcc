import { sql } from 'kysely';
import { pageOf } from '../../sync/api/page.ts';
import type { GroupOfMember, SitePage } from '../../sync/api/site-lists.api.ts';
import { Limits } from '../../sync/constants.ts';
import { Expiry } from '../../sync/sites/expiry.ts';
import { groupMessages } from '../groups/groups.messages.ts';
import { groupsOfMember } from '../groups/membership.ts';
import type { AuthedContext } from '../http/context.ts';
import { notGroupMember } from '../http/errors.ts';
import { keywordFilter, nearExpireCount, sitePage } from './lists.repository.ts';
import { visibleSitesOf } from './site-access.ts';

/**
 * The member's site lists (spec §2 Interest, My sale list). Only registered sites (status N)
 * are listed: drafts live in registration, deleted sites are gone for members. Hidden and
 * completed sites stay listed with their flags for those who may see them (the owner can show
 * them again); a favourite or a view of a site hidden from the member is not listed.
 */

export async function mySites({
  ctx,
  siteType,
  page,
  keyword,
  onlyNearExpireCount,
}: {
  ctx: AuthedContext;
  siteType: 'A' | 'O' | 'G';
  page: number;
  keyword: string;
  onlyNearExpireCount: boolean;
}): Promise<SitePage & { near_expire_count: number }> {
  const userIdx = ctx.auth.user.f_idx;
  const near = await nearExpireCount({ db: ctx.db, userIdx, warnDays: Expiry.warnDays });
  // Only the count: an empty page of size 0, so a client reading it as a list sees it end.
  if (onlyNearExpireCount) return { ...pageOf({ list: [], total: 0, limit: 0 }), near_expire_count: near };
  const type = siteType === 'A' ? sql`` : sql`AND s.f_site_type = ${siteType}`;
  const result = await sitePage({
    db: ctx.db,
    userIdx,
    from: sql`FROM sites s WHERE s.f_user_idx = ${userIdx} AND s.f_status = 'N' ${type} ${keywordFilter(keyword)}`,
    time: sql`s.f_reg_time`,
    page,
  });
  return { ...result, near_expire_count: near };
}

export function recentSites({ ctx, page }: { ctx: AuthedContext; page: number }): Promise<SitePage> {
  const userIdx = ctx.auth.user.f_idx;
  return sitePage({
    db: ctx.db,
    userIdx,
    from: sql`FROM site_recent_views r JOIN sites s ON s.f_idx = r.f_site_idx
      WHERE r.f_user_idx = ${userIdx} AND s.f_status = 'N'
      ${visibleSitesOf(ctx.auth)}`,
    time: sql`r.f_view_time`,
    page,
  });
}

export function likedSites({ ctx, page }: { ctx: AuthedContext; page: number }): Promise<SitePage> {
  const userIdx = ctx.auth.user.f_idx;
  return sitePage({
    db: ctx.db,
    userIdx,
    from: sql`FROM site_likes l JOIN sites s ON s.f_idx = l.f_site_idx
      WHERE l.f_user_idx = ${userIdx} AND s.f_status = 'N'
      ${visibleSitesOf(ctx.auth)}`,
    time: sql`l.f_reg_time`,
    page,
  });
}

/**
 * Sites shared to the caller's groups, or to one of them. A group the caller is not in gets
 * -12 (spec §8), even for an admin: group lists are a member's view, not a back-office one.
 */
export async function groupSites({
  ctx,
  groupIdx,
  keyword,
  onlyNewOpen,
  page,
}: {
  ctx: AuthedContext;
  groupIdx: number | null;
  keyword: string;
  onlyNewOpen: boolean;
  page: number;
}): Promise<SitePage & { groups: GroupOfMember[] }> {
  const userIdx = ctx.auth.user.f_idx;
  const groups = await groupsOfMember({ db: ctx.db, userIdx });
  if (groupIdx !== null && !groups.some((g) => g.f_idx === groupIdx)) {
    throw notGroupMember(groupMessages.notGroupMember);
  }
  const ids = groupIdx !== null ? [groupIdx] : groups.map((g) => g.f_idx);
  if (ids.length === 0) return { ...pageOf({ list: [], total: 0, limit: Limits.pageSize }), groups };
  const kind = onlyNewOpen ? sql`AND s.f_site_type = 'O'` : sql``;
  const result = await sitePage({
    db: ctx.db,
    userIdx,
    from: sql`FROM sites s WHERE s.f_group_idx IN (${sql.join(ids)}) AND s.f_status = 'N' ${kind}
      ${keywordFilter(keyword)}`,
    time: sql`s.f_update_time`,
    page,
  });
  return { ...result, groups };
}
