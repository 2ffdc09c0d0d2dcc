import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../operations.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';
import { validInput } from '../testing/valid-input.ts';

/**
 * Another member's hidden site does not exist for the caller: every operation taking a
 * `site_idx` answers it exactly as it answers an index no site has (status, code, message and
 * data), so no answer hints that a hidden site is there, what kind it is or how it is used. A new
 * operation taking a site index is covered as soon as it is listed in server/operations.ts.
 */

const MISSING = 987_654;

let t: TestApp;
let token: string;
const hidden: Record<'O' | 'G', number> = { O: 0, G: 0 };

/** A valid input naming a site: the built sample with the site index and the Y of a toggle. */
function sampleOf(op: (typeof operations)[number]): Record<string, unknown> {
  const sample = validInput(op.call.input, { site_idx: MISSING });
  for (const key of ['complete_status', 'like_status', 'hidden_status']) if (key in sample) sample[key] = 'Y';
  return sample;
}

const takingSiteIdx = operations.filter((op) => {
  const entries = (op.call.input as { entries?: Record<string, unknown> }).entries;
  return entries !== undefined && 'site_idx' in entries;
});
/** Those whose site_idx names an existing site (a new registration's is empty or -1). */
const siteOperations = takingSiteIdx.filter(
  (op) => v.safeParse(op.call.input as v.GenericSchema, sampleOf(op)).success,
);

beforeAll(async () => {
  t = await createTestApp();
  const owner = await insertUser(t, { f_name: '숨긴 사람' });
  hidden.O = await insertSite(t, { userIdx: owner, f_site_type: 'O', f_hidden: 'Y' });
  hidden.G = await insertSite(t, { userIdx: owner, f_site_type: 'G', f_hidden: 'Y' });
  const caller = await insertUser(t, {
    f_usage_date: '2099-01-01T00:00:00.000Z',
    f_point: 100_000,
    f_made_count: 5,
    f_push_count: 5,
  });
  token = await insertSession(t, { userIdx: caller, deviceId: 'device-caller' });
});
afterAll(async () => {
  await t?.close();
});

async function answer(op: (typeof operations)[number], input: Record<string, unknown>) {
  const res =
    op.call.method === 'get'
      ? await t.call(op.call.path, {
          token,
          method: 'GET',
          query: Object.fromEntries(Object.entries(input).map(([k, x]) => [k, String(x)])),
        })
      : await t.call(op.call.path, { token, body: input });
  const { status, code, msg, data } = res;
  return { status, code, msg, data };
}

describe('another member’s hidden site answers like a missing one', () => {
  it('walks every operation naming an existing site by its index', () => {
    expect(siteOperations.map((op) => op.call.operationId)).toEqual(
      expect.arrayContaining([
        'setCompleteSite',
        'todayNotifyWritingCount',
        'getSiteNotifyList',
        'getSiteDetail',
      ]),
    );
    const left = takingSiteIdx.filter((op) => !siteOperations.includes(op)).map((op) => op.call.operationId);
    expect(left).toEqual(['addSite', 'addSite_app']);
  });

  it.each(
    siteOperations.flatMap((op) =>
      (['O', 'G'] as const).map((kind) => ({ op, kind, name: `${op.call.operationId} (${kind})` })),
    ),
  )('$name', async ({ op, kind }) => {
    const missing = sampleOf(op);
    const before = t.changes();
    const onHidden = await answer(op, { ...missing, site_idx: hidden[kind] });
    expect(t.changes(), 'nothing written on the hidden site').toBe(before);
    const onMissing = await answer(op, missing);
    expect(onHidden).toEqual(onMissing);
    // And no operation takes a missing site for a real one (counts, empty lists).
    expect(onMissing.code).not.toBe(0);
  });
});
