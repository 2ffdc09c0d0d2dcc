import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { hashToken, newToken } from '../../server/auth/session.ts';
import { migrateToLatest, openDatabase } from '../../server/db/database.ts';
import { changePoints } from '../../server/points/ledger.ts';
import { API_BASE, Headers } from '../../sync/codes.ts';
import { generalSite, newOpenSite } from '../support/registration-data.ts';

/**
 * The people and data a chaos run starts from: one member per device (a member uses one device
 * at a time), approved, with points and a usage ticket; groups so that every member shares
 * sites with others and their scopes overlap; registered sites with buildings and units.
 * Members and their sessions go straight into the database before the server starts (as an
 * admin would have approved them and they signed in); everything else goes through the API.
 */

export interface Member {
  index: number;
  idx: number;
  phone: string;
  name: string;
  token: string;
  deviceId: string;
}

export interface World {
  dir: string;
  dbFile: string;
  members: Member[];
  groups: number[];
}

export const STARTING_POINTS = 2_000_000;

export async function prepareWorld({ dir, devices }: { dir: string; devices: number }): Promise<World> {
  const dbFile = path.join(dir, 'app.db');
  const handle = openDatabase({ file: dbFile });
  await migrateToLatest(handle.db);
  const now = new Date();
  const members: Member[] = [];
  const session = handle.sqlite.prepare(
    'INSERT INTO sessions (f_user_idx, token_hash, device_id, created_at, expires_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (let i = 0; i < devices; i++) {
    const phone = `0105550${String(1000 + i).padStart(4, '0')}`;
    const name = `카오스${i}`;
    const user = await handle.db
      .insertInto('users')
      .values({
        f_phone: phone,
        f_affiliation: '카오스 공인중개사',
        f_name: name,
        f_business_card: null,
        f_push_off_start_time: null,
        f_push_off_end_time: null,
        f_usage_date: new Date(now.getTime() + 365 * 86_400_000).toISOString(),
        f_release_date: null,
        f_reject_time: null,
        f_last_access: null,
        f_withdrawn_time: null,
        f_withdrawn_phone: null,
        f_authority_by: null,
        f_reg_time: now.toISOString(),
        f_approval: 'A',
      })
      .returning('f_idx')
      .executeTakeFirstOrThrow();
    await handle.db
      .transaction()
      .execute((trx) =>
        changePoints({ trx, userIdx: user.f_idx, type: 'A', amount: STARTING_POINTS, reason: 'chaos', now }),
      );
    const token = newToken();
    const deviceId = `chaos-device-${i}-${randomUUID().slice(0, 8)}`;
    session.run(
      user.f_idx,
      hashToken(token),
      deviceId,
      now.toISOString(),
      '2999-01-01T00:00:00.000Z',
      now.toISOString(),
    );
    members.push({ index: i, idx: user.f_idx, phone, name, token, deviceId });
  }
  // Enough room that most writes are accepted and some are still refused by the daily limits.
  const setting = handle.sqlite.prepare('INSERT OR REPLACE INTO app_settings (key, value) VALUES (?, ?)');
  setting.run('community_daily_limit', '12');
  setting.run('notify_per_site_limit', '4');
  await handle.close();
  return { dir, dbFile, members, groups: [] };
}

/** Calls the API as a member, straight to the server; throws on anything but success. */
export async function callAs<T>({
  baseUrl,
  member,
  path: callPath,
  body,
}: {
  baseUrl: string;
  member: Member;
  path: string;
  body: unknown;
}): Promise<T> {
  const res = await fetch(`${baseUrl}${API_BASE}${callPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [Headers.accessToken]: member.token,
      [Headers.deviceId]: member.deviceId,
    },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 0) throw new Error(`${callPath}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/**
 * Groups and sites through the API: each member owns a new-open site with two buildings and a
 * general site; groups of about half the members overlap, and each member shares a site to one
 * of its groups, so sites reach several devices through several groups (spec §5: a member with
 * groups registers into one of them).
 */
export async function furnishWorld({ world, baseUrl }: { world: World; baseUrl: string }): Promise<void> {
  const { members } = world;
  const groupCount = Math.max(2, Math.ceil(members.length / 2));
  const groups: number[] = [];
  for (let g = 0; g < groupCount; g++) {
    const owner = members[g % members.length] as Member;
    const made = await callAs<{ group: { f_idx: number } }>({
      baseUrl,
      member: owner,
      path: '/group/addGroup',
      body: { group_name: `카오스팀${g}` },
    });
    groups.push(made.group.f_idx);
  }
  const groupsOf = (i: number) => [...new Set([i % groupCount, (i + 1) % groupCount])];
  for (const member of members) {
    for (const g of groupsOf(member.index)) {
      const owner = members[g % members.length] as Member;
      if (owner.idx === member.idx) continue;
      await callAs({
        baseUrl,
        member: owner,
        path: '/group/addMemberToGroup',
        body: { group_idx: groups[g], phone_number: member.phone },
      });
    }
  }
  for (const member of members) {
    const [first, second] = groupsOf(member.index).map((g) => groups[g] as number);
    await registerSite({
      baseUrl,
      member,
      kind: 'O',
      name: `${member.name} 신축 현장`,
      group: first as number,
    });
    await registerSite({
      baseUrl,
      member,
      kind: 'G',
      name: `${member.name} 일반 현장`,
      group: second ?? (first as number),
    });
  }
  world.groups = groups;
}

async function registerSite({
  baseUrl,
  member,
  kind,
  name,
  group,
}: {
  baseUrl: string;
  member: Member;
  kind: 'O' | 'G';
  name: string;
  group: number;
}): Promise<number> {
  const overrides = { f_name: name, f_group_idx: group };
  const fields = kind === 'O' ? newOpenSite(overrides) : generalSite(overrides);
  const saved = await callAs<{ site_idx: number }>({
    baseUrl,
    member,
    path: '/site/addSite_app',
    body: { draft_id: `setup-${randomUUID()}`, site_idx: -1, site_type: kind, changes: fields },
  });
  return saved.site_idx;
}
