import type { AdminGroupItem, GroupMember, MyGroup } from '../../sync/api/groups.api.ts';
import type { Page } from '../../sync/api/page.ts';
import type { AuthedContext, TxContext } from '../http/context.ts';
import { alreadyExists, forbidden, invalidInput, ruleViolation } from '../http/errors.ts';
import type { Message } from '../http/messages.ts';
import { registrationMessages } from '../sites/registration.messages.ts';
import { requireVisible, siteAccess } from '../sites/site-access.ts';
import { groupMessages } from './groups.messages.ts';
import {
  allGroupsPage,
  approvedMemberByPhone,
  deleteGroup,
  groupOwner,
  longestMember,
  membersOf,
  myGroup,
  myGroups,
  recentGroupIdx,
  recordVisit,
  renameGroup,
  setOwner,
} from './groups.repository.ts';
import {
  addGroupMember,
  insertGroup,
  isGroupMember,
  removeGroupMember,
  requireGroupMember,
  setSiteGroup,
} from './membership.ts';

/**
 * Groups (spec §4 Groups, §6, §7): members share sites with each other. Any member adds
 * agents by phone; the owner renames the group and removes others; anyone leaves (removing
 * your own phone is leaving). Only a site's owner shares it to one of the owner's groups or
 * releases it. Every group-scoped call by someone outside the group is -12, admins included:
 * admin authority gives no say in a group. The sites a change brings to or takes from a
 * member's device follow from the rows alone (the feed triggers, migrations/0010).
 */

function requireMember({ ctx, groupIdx }: { ctx: TxContext; groupIdx: number }): Promise<void> {
  return requireGroupMember({ db: ctx.tx, groupIdx, userIdx: ctx.auth.user.f_idx });
}

async function requireOwner({
  ctx,
  groupIdx,
  refusal,
}: {
  ctx: TxContext;
  groupIdx: number;
  refusal: Message;
}): Promise<void> {
  if ((await groupOwner({ db: ctx.tx, groupIdx })) !== ctx.auth.user.f_idx) throw forbidden(refusal);
}

async function groupOfCaller({ ctx, groupIdx }: { ctx: TxContext; groupIdx: number }): Promise<MyGroup> {
  const group = await myGroup({ db: ctx.tx, userIdx: ctx.auth.user.f_idx, groupIdx });
  if (!group) throw new Error(`group ${groupIdx} vanished inside its own transaction`);
  return group;
}

export function listMyGroups({ ctx }: { ctx: AuthedContext }): Promise<{ list: MyGroup[] }> {
  return myGroups({ db: ctx.db, userIdx: ctx.auth.user.f_idx }).then((list) => ({ list }));
}

export async function recentGroup({ ctx }: { ctx: AuthedContext }): Promise<{ group: MyGroup | null }> {
  const userIdx = ctx.auth.user.f_idx;
  const groupIdx = await recentGroupIdx({ db: ctx.db, userIdx });
  return { group: groupIdx === null ? null : await myGroup({ db: ctx.db, userIdx, groupIdx }) };
}

export function allGroups({
  ctx,
  page,
}: {
  ctx: AuthedContext;
  page: number;
}): Promise<Page<AdminGroupItem>> {
  return allGroupsPage({ db: ctx.db, page });
}

/** A new group: the caller owns it, and it is their most recent one (spec §4: it becomes selected). */
export async function addGroup({ ctx, name }: { ctx: TxContext; name: string }): Promise<{ group: MyGroup }> {
  const groupIdx = await insertGroup({ db: ctx.tx, name, ownerIdx: ctx.auth.user.f_idx, now: ctx.now });
  return { group: await groupOfCaller({ ctx, groupIdx }) };
}

export async function changeGroupName({
  ctx,
  groupIdx,
  name,
}: {
  ctx: TxContext;
  groupIdx: number;
  name: string;
}): Promise<{ group: MyGroup }> {
  await requireMember({ ctx, groupIdx });
  await requireOwner({ ctx, groupIdx, refusal: groupMessages.onlyOwnerRenames });
  await renameGroup({ db: ctx.tx, groupIdx, name });
  return { group: await groupOfCaller({ ctx, groupIdx }) };
}

/**
 * The caller leaves. An owner hands the group to the member there longest; the last member
 * ends it, and its sites are then shared with no one.
 */
export async function leaveGroup({
  ctx,
  groupIdx,
}: {
  ctx: TxContext;
  groupIdx: number;
}): Promise<{ group_idx: number }> {
  await requireMember({ ctx, groupIdx });
  const userIdx = ctx.auth.user.f_idx;
  await removeGroupMember({ db: ctx.tx, groupIdx, userIdx });
  if ((await groupOwner({ db: ctx.tx, groupIdx })) === userIdx) {
    const next = await longestMember({ db: ctx.tx, groupIdx });
    if (next === null) await deleteGroup({ db: ctx.tx, groupIdx });
    else await setOwner({ db: ctx.tx, groupIdx, ownerIdx: next });
  }
  return { group_idx: groupIdx };
}

export async function addMemberToGroup({
  ctx,
  groupIdx,
  phone,
}: {
  ctx: TxContext;
  groupIdx: number;
  phone: string;
}): Promise<{ member: GroupMember }> {
  await requireMember({ ctx, groupIdx });
  const agent = await approvedMemberByPhone({ db: ctx.tx, phone });
  if (!agent) throw invalidInput({ field: 'phone_number', msg: groupMessages.noSuchAgent });
  if (await isGroupMember({ db: ctx.tx, groupIdx, userIdx: agent.f_idx })) {
    throw alreadyExists(groupMessages.alreadyMember);
  }
  await addGroupMember({ db: ctx.tx, groupIdx, userIdx: agent.f_idx, now: ctx.now });
  return {
    member: { f_user_idx: agent.f_idx, f_user_name: agent.f_name, f_phone: agent.f_phone, f_is_owner: 'N' },
  };
}

/** The owner removes a member; a member removing their own phone leaves (spec §4). */
export async function deleteMemberFromGroup({
  ctx,
  groupIdx,
  phone,
}: {
  ctx: TxContext;
  groupIdx: number;
  phone: string;
}): Promise<{ group_idx: number; left: boolean }> {
  await requireMember({ ctx, groupIdx });
  if (phone === ctx.auth.user.f_phone) return { ...(await leaveGroup({ ctx, groupIdx })), left: true };
  await requireOwner({ ctx, groupIdx, refusal: groupMessages.onlyOwnerRemoves });
  const agent = await approvedMemberByPhone({ db: ctx.tx, phone });
  if (!agent || !(await isGroupMember({ db: ctx.tx, groupIdx, userIdx: agent.f_idx }))) {
    throw invalidInput({ field: 'phone_number', msg: groupMessages.notInGroup });
  }
  await removeGroupMember({ db: ctx.tx, groupIdx, userIdx: agent.f_idx });
  return { group_idx: groupIdx, left: false };
}

/** The members; opening them is a visit (getRecentVisitGroup). */
export async function membersOfGroup({
  ctx,
  groupIdx,
}: {
  ctx: TxContext;
  groupIdx: number;
}): Promise<{ list: GroupMember[] }> {
  await requireMember({ ctx, groupIdx });
  await recordVisit({ db: ctx.tx, groupIdx, userIdx: ctx.auth.user.f_idx, now: ctx.now });
  return { list: await membersOf({ db: ctx.tx, groupIdx }) };
}

/** The site's owner shares a registered site to a group the owner is in. */
export async function shareSiteToGroup({
  ctx,
  siteIdx,
  groupIdx,
}: {
  ctx: TxContext;
  siteIdx: number;
  groupIdx: number;
}): Promise<{ site_idx: number; group_idx: number }> {
  const access = await siteAccess({ db: ctx.tx, auth: ctx.auth, siteIdx });
  requireVisible(access);
  const { site } = access;
  await requireMember({ ctx, groupIdx });
  if (site.f_user_idx !== ctx.auth.user.f_idx) throw forbidden(registrationMessages.onlyOwnerShares);
  if (site.f_status !== 'N' || site.f_site_type === 'U') throw ruleViolation(groupMessages.notShareable);
  await setSiteGroup({ db: ctx.tx, siteIdx, groupIdx });
  return { site_idx: siteIdx, group_idx: groupIdx };
}

/**
 * The site's owner shares it with no group any more. Someone outside the site's group is
 * refused as on every group-scoped call (-12); a member of it who is not the owner, as not
 * the owner.
 */
export async function releaseSiteFromGroup({
  ctx,
  siteIdx,
}: {
  ctx: TxContext;
  siteIdx: number;
}): Promise<{ site_idx: number }> {
  const access = await siteAccess({ db: ctx.tx, auth: ctx.auth, siteIdx });
  requireVisible(access);
  const { site } = access;
  if (site.f_user_idx !== ctx.auth.user.f_idx) {
    if (site.f_group_idx !== null) await requireMember({ ctx, groupIdx: site.f_group_idx });
    throw forbidden(registrationMessages.onlyOwnerShares);
  }
  if (site.f_group_idx !== null) await setSiteGroup({ db: ctx.tx, siteIdx, groupIdx: null });
  return { site_idx: siteIdx };
}
