import type { TransferMember } from '../../sync/api/transfer.api.ts';
import type { TxContext } from '../http/context.ts';
import { forbidden, notFound, ruleViolation } from '../http/errors.ts';
import { readSiteHead, siteAccess, siteUnavailable } from './site-access.ts';
import { transferMessages } from './transfer.messages.ts';
import {
  candidateByIdx,
  candidateByPhone,
  forgetOwnerView,
  moveSite,
  recordTransfer,
  type TransferCandidate,
  transferPage,
} from './transfer.repository.ts';

/**
 * Spec §4/§5 Transfer. Only the owner transfers a site: no admin tab grants handing away
 * someone else's site (admins already manage every site; a transfer changes whose site it is,
 * which is the owner's decision alone). The destination is an approved agent (never an admin
 * account) who is not blocked, withdrawn or the caller.
 *
 * What moves, in one transaction: the site row's owner, and with it everything that hangs off
 * the site (buildings, units, contacts, area types, pictures, likes and memos of others). The
 * group link is released: the new owner may not be in that group, and a group keeping edit
 * rights on a site whose owner is not a member (the former owner among them) would contradict
 * "the former owner can no longer manage". Nothing is lost: the transfer record keeps the
 * group it was shared to, and the new owner may share it again. The former owner's recent
 * view of the site goes, so the site leaves their device at the next pull unless they liked it
 * (a favourite is theirs to keep, like their memo on it).
 */

/**
 * The refusal for a destination, or null when `member` may receive a site from the caller. Sites go
 * to agents only: an admin account (type A or the super admin's phone) is answered as no member at
 * all, so a look-up by phone reveals nothing of who holds an admin account.
 */
function destinationRefusal({
  member,
  callerIdx,
  superAdminPhone,
}: {
  member: TransferCandidate | null;
  callerIdx: number;
  superAdminPhone: string;
}) {
  if (!member || member.f_withdrawn_time !== null) return notFound(transferMessages.noMember);
  if (member.f_type === 'A' || member.f_phone === superAdminPhone) return notFound(transferMessages.noMember);
  if (member.f_idx === callerIdx) return ruleViolation(transferMessages.notYourself);
  if (member.f_approval !== 'A' || member.f_status === 'B')
    return ruleViolation(transferMessages.cannotReceive);
  return null;
}

function memberOf(c: TransferCandidate): TransferMember {
  return { f_idx: c.f_idx, f_name: c.f_name, f_affiliation: c.f_affiliation, f_phone: c.f_phone };
}

/** The member with this phone, as the transfer modal shows them; refused when they may not receive a site. */
export async function findTransferMember({
  ctx,
  phone,
  superAdminPhone,
}: {
  ctx: TxContext;
  phone: string;
  superAdminPhone: string;
}): Promise<TransferMember> {
  const member = await candidateByPhone({ db: ctx.tx, phone });
  const refusal = destinationRefusal({
    member,
    callerIdx: ctx.auth.user.f_idx,
    superAdminPhone,
  });
  if (refusal || !member) throw refusal;
  return memberOf(member);
}

/** Spec §7 transferSite {dest_member_idx, site_idx}. */
export async function transferSite({
  ctx,
  siteIdx,
  destIdx,
  superAdminPhone,
}: {
  ctx: TxContext;
  siteIdx: number;
  destIdx: number;
  superAdminPhone: string;
}): Promise<{ site_idx: number; dest_member_idx: number }> {
  const { tx: db, auth } = ctx;
  const access = await siteAccess({ db, auth, siteIdx });
  if (!access.owner) {
    // Someone who may not even see the site learns nothing more about it.
    if (!access.visible) throw siteUnavailable();
    throw forbidden(transferMessages.ownerOnly);
  }
  const { site } = access;
  if (site.f_status !== 'N' || site.f_site_type === 'U') throw ruleViolation(transferMessages.registeredOnly);
  const refusal = destinationRefusal({
    member: await candidateByIdx({ db, userIdx: destIdx }),
    callerIdx: auth.user.f_idx,
    superAdminPhone,
  });
  if (refusal) throw refusal;
  if (!(await moveSite({ db, siteIdx, fromIdx: site.f_user_idx, toIdx: destIdx }))) throw siteUnavailable();
  await forgetOwnerView({ db, siteIdx, userIdx: site.f_user_idx });
  await recordTransfer({
    db,
    siteIdx,
    fromIdx: site.f_user_idx,
    toIdx: destIdx,
    byIdx: auth.user.f_idx,
    groupIdx: site.f_group_idx,
    time: ctx.now.toISOString(),
  });
  return { site_idx: siteIdx, dest_member_idx: destIdx };
}

/** An admin's view of a site's transfers, deleted sites included (admins see those too). */
export async function siteTransfers({
  ctx,
  siteIdx,
  page,
}: {
  ctx: TxContext;
  siteIdx: number;
  page: number;
}) {
  if (!(await readSiteHead({ db: ctx.tx, siteIdx }))) throw siteUnavailable();
  return transferPage({ db: ctx.tx, siteIdx, page });
}
