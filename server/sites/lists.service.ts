import { pageOf } from '../../sync/api/page.ts';
import type { GroupOfMember, SitePage } from '../../sync/api/site-lists.api.ts';
import { Limits } from '../../sync/constants.ts';
import { Expiry } from '../../sync/sites/expiry.ts';
import { groupMessages } from '../groups/groups.messages.ts';
import { groupsOfMember } from '../groups/membership.ts';
import type { AuthedContext } from '../http/context.ts';
import { notGroupMember } from '../http/errors.ts';
import {
  groupSitesPage,
  likedSitesPage,
  mySitesPage,
  nearExpireCount,
  recentSitesPage,
} from './lists.repository.ts';

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
  const result = await mySitesPage({ db: ctx.db, userIdx, siteType, keyword, page });
  return { ...result, near_expire_count: near };
}

export function recentSites({ ctx, page }: { ctx: AuthedContext; page: number }): Promise<SitePage> {
  return recentSitesPage({ db: ctx.db, auth: ctx.auth, page });
}

export function likedSites({ ctx, page }: { ctx: AuthedContext; page: number }): Promise<SitePage> {
  return likedSitesPage({ db: ctx.db, auth: ctx.auth, page });
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
  const result = await groupSitesPage({ db: ctx.db, userIdx, groupIdxs: ids, keyword, onlyNewOpen, page });
  return { ...result, groups };
}
