import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { ResultCode } from '../../sync/codes.ts';
import type { MutatorInput, MutatorName } from '../../sync/mutators.ts';
import {
  type Change,
  decodePull,
  PROTOCOL_VERSION,
  type PullWire,
  type PushResponse,
} from '../../sync/protocol.ts';
import { pullResponseSchema, pushResponseSchema } from '../../sync/protocol-responses.ts';
import { emptySiteColumns, type NewSite } from '../sites/sites.tables.ts';
import type { TestApp } from './fixtures.ts';

/** Inserts a registered site (status N) owned by `userIdx` unless told otherwise. */
export async function insertSite(
  t: TestApp,
  { userIdx, ...overrides }: { userIdx: number } & Partial<NewSite>,
): Promise<number> {
  const now = t.deps.clock.now().toISOString();
  const row = await t.deps.db
    .insertInto('sites')
    .values({
      ...emptySiteColumns,
      f_name: '테스트 현장',
      f_site_type: 'O',
      f_user_idx: userIdx,
      f_latitude: 37.5,
      f_longitude: 127,
      f_reg_time: now,
      f_update_time: now,
      ...overrides,
    })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  return row.f_idx;
}

/**
 * A site with one building of two units (101동: 101 and 201): a registered new-open site of
 * `userIdx` unless told otherwise. The one fixture of every test that needs units on a site.
 */
export async function siteWithUnits(
  t: TestApp,
  { userIdx, ...overrides }: { userIdx: number } & Partial<NewSite>,
): Promise<{ site: number; units: number[] }> {
  const site = await insertSite(t, { userIdx, f_site_type: 'O', ...overrides });
  const dong = await t.deps.db
    .insertInto('dongs')
    .values({ f_site_idx: site, f_dong: '101동', f_floor_count: 2, f_units_per_floor: 1 })
    .returning('f_idx')
    .executeTakeFirstOrThrow();
  const units: number[] = [];
  for (const floor of [1, 2]) {
    const unit = await t.deps.db
      .insertInto('hos')
      .values({ f_site_idx: site, f_dong_idx: dong.f_idx, f_floor: floor, f_ho: `${floor}01` })
      .returning('f_idx')
      .executeTakeFirstOrThrow();
    units.push(unit.f_idx);
  }
  return { site, units };
}

export function mutation<N extends MutatorName>({
  seq,
  name,
  args,
}: {
  seq: number;
  name: N;
  args: MutatorInput<N>;
}): { seq: number; id: string; name: N; args: MutatorInput<N>; created_at: string } {
  return { seq, id: randomUUID(), name, args, created_at: new Date().toISOString() };
}

type Answer<T> = Awaited<ReturnType<TestApp['call']>> & { data: T };

/**
 * A push answer read as a device reads it: its data must be what the protocol's response schema
 * describes (a refusal's envelope is left as it is), or the test fails there.
 */
export function pushAnswer(res: Awaited<ReturnType<TestApp['call']>>): Answer<PushResponse> {
  return {
    ...res,
    data: res.code === 0 ? v.parse(pushResponseSchema, res.data) : (res.data as PushResponse),
  };
}

/** A pull page read as a device reads it: parsed with the protocol's response schema (see pushAnswer). */
export function pullAnswer(res: Awaited<ReturnType<TestApp['call']>>): Answer<PullWire> {
  return { ...res, data: res.code === 0 ? v.parse(pullResponseSchema, res.data) : (res.data as PullWire) };
}

export async function pushAs(
  t: TestApp,
  {
    token,
    clientId,
    mutations,
    lang,
  }: { token: string; clientId: string; mutations: unknown[]; lang?: 'ko' | 'en' },
): Promise<Answer<PushResponse>> {
  return pushAnswer(
    await t.call('/sync/push', {
      token,
      body: { protocol_version: PROTOCOL_VERSION, client_id: clientId, mutations },
      ...(lang ? { headers: { 'accept-language': lang } } : {}),
    }),
  );
}

/** One pull page from a device, parsed with the protocol's response schema. */
export async function pullPage(
  t: TestApp,
  {
    token,
    clientId,
    cursor = null,
    limit,
  }: { token: string; clientId: string; cursor?: string | null; limit?: number },
): Promise<Answer<PullWire>> {
  return pullAnswer(
    await t.call('/sync/pull', {
      token,
      body: { protocol_version: PROTOCOL_VERSION, client_id: clientId, cursor, ...(limit ? { limit } : {}) },
    }),
  );
}

/** Each test app's devices and the last number each pushed under. */
const pushedSeqs = new WeakMap<TestApp, Map<string, number>>();

/**
 * Pushes one mutation from a device, numbered after that device's last (1, 2, 3… without gaps,
 * as a device does), and answers the code it got: 0 when applied, the refusal's code otherwise.
 */
export async function pushOne<N extends MutatorName>(
  t: TestApp,
  { token, clientId, name, args }: { token: string; clientId: string; name: N; args: MutatorInput<N> },
): Promise<number> {
  const seqs = pushedSeqs.get(t) ?? new Map<string, number>();
  pushedSeqs.set(t, seqs);
  const seq = (seqs.get(clientId) ?? 0) + 1;
  seqs.set(clientId, seq);
  const res = await pushAs(t, { token, clientId, mutations: [mutation({ seq, name, args })] });
  const result = res.code === 0 ? res.data.results[0] : undefined;
  if (!result) throw new Error(`push answered ${JSON.stringify(res)}`);
  return result.status === 'rejected' ? (result.code ?? ResultCode.apiError) : 0;
}

/** Pulls until the server says there is no more; returns every change in order and the last cursor. */
export async function pullAll(
  t: TestApp,
  {
    token,
    clientId,
    cursor = null,
    limit,
  }: { token: string; clientId: string; cursor?: string | null; limit?: number },
): Promise<{ changes: Change[]; cursor: string | null; lastSeq: number; pages: number }> {
  const changes: Change[] = [];
  let current = cursor;
  let lastSeq = 0;
  for (let pages = 1; pages < 1000; pages++) {
    const res = await pullPage(t, { token, clientId, cursor: current, ...(limit ? { limit } : {}) });
    if (res.code !== 0) throw new Error(`pull failed: ${res.code} ${res.msg}`);
    const page = decodePull(res.data);
    changes.push(...page.changes);
    current = page.cursor;
    lastSeq = page.last_seq;
    if (!page.more) return { changes, cursor: current, lastSeq, pages };
  }
  throw new Error('pull did not finish');
}

/** What a device holding these changes would have: the last put or deletion of each key wins. */
export function fold(changes: Change[]): Map<string, Change> {
  const state = new Map<string, Change>();
  for (const c of changes) {
    if (c.op === 'del') state.delete(`${c.t}:${c.key}`);
    // A site that leaves takes its units with it.
    if (c.op === 'del' && c.t === 'site') state.delete(`units:${c.key}`);
    else state.set(`${c.t}:${c.key}`, c);
  }
  return state;
}

export function keysOf(state: Map<string, Change>, entity: Change['t']): number[] {
  return [...state.values()]
    .filter((c) => c.t === entity)
    .map((c) => c.key)
    .sort((a, b) => a - b);
}
