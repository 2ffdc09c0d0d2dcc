import type { Rng } from '../../server/seed/random.ts';
import { newIdempotencyKey } from '../../src/features/points/idempotency-key.ts';
import type { Device } from './device.ts';
import type { Outcome, Shared } from './workload.ts';

/**
 * What agents do online between their offline work, as the app's calls through the device's
 * link: open a site (it becomes recently viewed), leave a group or add a member to one, transfer
 * a site, buy a usage plan. Each answer (or its absence) goes into the history.
 */

const skipped = (why: string): Outcome => ({ skipped: why });

export async function refreshPosts({ device, shared }: { device: Device; shared: Shared }): Promise<void> {
  const page = await device.rpc<{ list: Array<{ f_idx: number }> }>('/community/getCommunityList', {
    page_num: 1,
  });
  if (page.ok) for (const post of page.data.list) shared.knownPosts.add(post.f_idx);
}

export async function viewSite({
  device,
  shared,
  site,
}: {
  device: Device;
  shared: Shared;
  site: number;
}): Promise<Outcome> {
  const res = await device.rpc('/site/getSiteDetail', { site_idx: site });
  shared.history.recordOnline({
    device: device.index,
    memberIdx: device.member.idx,
    kind: 'view',
    outcome: res.ok ? 'ok' : res.network ? 'network' : 'refused',
    detail: `site ${site}${res.ok || res.network ? '' : `: ${res.code} ${res.msg}`}`,
  });
  // A site viewed online enters the recently viewed: the app syncs soon to keep it offline.
  if (res.ok) device.engine?.syncSoon();
  await refreshPosts({ device, shared });
  return { done: `view ${site}` };
}

export async function changeGroup({
  device,
  shared,
  rng,
  leave,
}: {
  device: Device;
  shared: Shared;
  rng: Rng;
  leave: boolean;
}): Promise<Outcome> {
  await device.refreshGroups();
  if (device.groups.length === 0) return skipped('in no group');
  const group = rng.pick(device.groups);
  const others = shared.world.members.filter((m) => m.idx !== device.member.idx);
  const other = rng.pick(others);
  const res = leave
    ? await device.rpc('/group/leaveGroup', { group_idx: group })
    : await device.rpc('/group/addMemberToGroup', { group_idx: group, phone_number: other.phone });
  shared.history.recordOnline({
    device: device.index,
    memberIdx: device.member.idx,
    kind: leave ? 'groupLeave' : 'groupAdd',
    outcome: res.ok ? 'ok' : res.network ? 'network' : 'refused',
    detail: `group ${group}${leave ? '' : ` + member ${other.idx}`}${res.ok || res.network ? '' : `: ${res.code} ${res.msg}`}`,
  });
  if (res.ok) {
    device.engine?.syncSoon();
    await device.refreshGroups();
  }
  return { done: `${leave ? 'leave' : 'add to'} group ${group}` };
}

export async function transfer({
  device,
  shared,
  rng,
  own,
}: {
  device: Device;
  shared: Shared;
  rng: Rng;
  own: number[];
}): Promise<Outcome> {
  if (own.length === 0) return skipped('no own site');
  const site = rng.pick(own);
  const to = rng.pick(shared.world.members.filter((m) => m.idx !== device.member.idx));
  const found = await device.rpc<{ f_idx: number }>('/site/findTransferMember', { phone: to.phone });
  const res = found.ok
    ? await device.rpc('/site/transferSite', { dest_member_idx: found.data.f_idx, site_idx: site })
    : found;
  shared.history.recordOnline({
    device: device.index,
    memberIdx: device.member.idx,
    kind: 'transfer',
    outcome: res.ok ? 'ok' : res.network ? 'network' : 'refused',
    detail: `site ${site} to member ${to.idx}${res.ok || res.network ? '' : `: ${res.code} ${res.msg}`}`,
  });
  if (res.ok) device.engine?.syncSoon();
  return { done: `transfer ${site}` };
}

/**
 * A usage plan bought with points, as the usage extension popup does it: one key per purchase,
 * kept for a retry after a lost answer (the member taps again), dropped after a refusal.
 */
export async function purchase({
  device,
  shared,
  rng,
}: {
  device: Device;
  shared: Shared;
  rng: Rng;
}): Promise<Outcome> {
  const plan = rng.pick([
    { period: 0, made: 5, push: 0 },
    { period: 0, made: 0, push: 5 },
    { period: 0, made: 5, push: 5 },
  ]);
  const key = newIdempotencyKey();
  for (let attempt = 1; attempt <= 3; attempt++) {
    const res = await device.rpc('/purchase/buyPeriod', { ...plan, idempotency_key: key });
    shared.history.recordOnline({
      device: device.index,
      memberIdx: device.member.idx,
      kind: 'purchase',
      outcome: res.ok ? 'ok' : res.network ? 'network' : 'refused',
      detail: `plan ${JSON.stringify(plan)} try ${attempt}${res.ok || res.network ? '' : `: ${res.code} ${res.msg}`}`,
      purchaseKey: key,
    });
    if (res.ok || !res.network) break;
  }
  return { done: 'purchase' };
}
