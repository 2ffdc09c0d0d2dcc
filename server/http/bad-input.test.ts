import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import { mutators } from '../../sync/mutators.ts';
import { CHARGE_OPTIONS, USAGE_PLANS } from '../../sync/points/plans.ts';
import { PROTOCOL_VERSION } from '../../sync/protocol.ts';
import { operations } from '../operations.ts';
import {
  controlTexts,
  jsonBadValues,
  jsonText,
  paths,
  setAt,
  textBadValues,
  toForm,
} from '../testing/bad-values.ts';
import {
  createTestApp,
  insertSession,
  insertUser,
  superAdminToken,
  type TestApp,
} from '../testing/fixtures.ts';
import { pushAnswer } from '../testing/sync-fixtures.ts';
import { sampleFile, validInput } from '../testing/valid-input.ts';
import type { Operation } from './operation.ts';

/**
 * Every operation of server/operations.ts gets one valid input (built from its schema), then
 * that input spoiled one field at a time: huge and negative numbers, numbers as text, NaN,
 * NUL and other control characters, 100 KB strings, wrong types, huge arrays, an extra field.
 * Called by someone who has the right (the super admin with the lock open, an approved
 * member with a usage ticket), each must answer the -4 envelope, never -1 or 5xx, and write
 * nothing. A new operation is covered as soon as it is listed.
 */

const plan = USAGE_PLANS[0] as (typeof USAGE_PLANS)[number];
/** Rules across fields a sample built field by field cannot know. */
const overrides: Record<string, Record<string, unknown>> = {
  buyPeriod: { period: plan.period, made: plan.made, push: plan.push },
  preparePayment: { point: CHARGE_OPTIONS[0]?.points },
  // Home and app settings: the value's rule depends on the setting named.
  updateAppInfo: { param_name: 'home_title', value: '분양톡' },
};

/**
 * The arguments of a pushed mutation are checked one mutation at a time (a refused one is
 * answered in the push's results): the second describe sends their bad values.
 */
const checkedElsewhere = (op: Operation, field: string) =>
  op.call.operationId === 'syncPush' && /^mutations\.\d+\.args/.test(field);

/** What the server reads from a query string or a form: text (and files). */
function asSent(op: Operation, input: Record<string, unknown>): Record<string, unknown> {
  if (op.call.method === 'get')
    return Object.fromEntries(Object.entries(input).map(([k, x]) => [k, String(x)]));
  if (!op.call.multipart) return input;
  return Object.fromEntries(
    Object.entries(input).map(([k, x]) => [
      k,
      // Files travel as files; any other list or object as JSON text, as the client sends them.
      x instanceof Blob || (Array.isArray(x) && x.every((i) => i instanceof Blob))
        ? x
        : typeof x === 'object'
          ? JSON.stringify(x)
          : String(x),
    ]),
  );
}

interface Case {
  label: string;
  /** The field spoiled: the -4 must name it (or a part of it). */
  field: string;
  send: () => ReturnType<TestApp['call']>;
}

function casesFor({ op, token }: { op: Operation; token: string }): {
  valid: Record<string, unknown>;
  cases: Case[];
} {
  const { call } = op;
  const valid = asSent(op, validInput(call.input, overrides[call.operationId]));
  const cases: Case[] = [];
  const extra = { ...valid, unexpected_field: '1' };
  if (call.method === 'get') {
    const query = (input: Record<string, unknown>) => () =>
      t.call(call.path, { token, method: 'GET', query: input as Record<string, string> });
    cases.push({ label: 'an extra field', field: 'unexpected_field', send: query(extra) });
    for (const [key, sample] of Object.entries(valid)) {
      for (const bad of textBadValues(String(sample)))
        cases.push({
          label: `${key} = ${bad.label}`,
          field: key,
          send: query({ ...valid, [key]: bad.value }),
        });
    }
  } else if (call.multipart) {
    const form = (input: Record<string, unknown>) => () => t.call(call.path, { token, form: toForm(input) });
    cases.push({ label: 'an extra field', field: 'unexpected_field', send: form(extra) });
    for (const [key, sample] of Object.entries(valid)) {
      const isFile = sample instanceof Blob || Array.isArray(sample);
      const bads = isFile
        ? [{ label: 'text instead of a file', value: 'a' }, ...controlTexts]
        : [...textBadValues(String(sample)), { label: 'a file', value: sampleFile() }];
      for (const bad of bads)
        cases.push({
          label: `${key} = ${bad.label}`,
          field: key,
          send: form({ ...valid, [key]: bad.value }),
        });
    }
  } else {
    const json = (body: unknown) => () => t.call(call.path, { token, raw: jsonText(body) });
    cases.push({ label: 'an extra field', field: 'unexpected_field', send: json(extra) });
    for (const { path, sample } of paths(valid)) {
      const name = path.join('.');
      if (checkedElsewhere(op, name)) continue;
      for (const bad of jsonBadValues(sample)) {
        cases.push({
          label: `${name} = ${bad.label}`,
          field: name,
          send: json(setAt(valid, path, bad.value)),
        });
      }
    }
  }
  return { valid, cases };
}

let t: TestApp;
let adminIdx: number;
let memberIdx: number;
let clients = 0;

beforeAll(async () => {
  t = await createTestApp();
  const admin = await superAdminToken(t);
  adminIdx = (await t.call<{ uid: number }>('/user/getProfile', { token: admin })).data.uid;
  memberIdx = await insertUser(t, { f_phone: '01077770001', f_usage_date: '2099-01-01T00:00:00.000Z' });
});
afterAll(async () => {
  await t?.close();
});

/** A fresh session for each operation, so a case that wrongly signs out cannot spoil the next operation's. */
function tokenFor(op: Operation): Promise<string> {
  return op.access.kind === 'admin'
    ? insertSession(t, { userIdx: adminIdx, unlocked: true })
    : insertSession(t, { userIdx: memberIdx });
}

/**
 * The -4 is about the field spoiled (so it is that field's check that refused, not a rule
 * the valid sample happened to break), or about the request as a whole: over the body
 * limit (413) or the query string limit.
 */
function namesTheField(c: Pick<Case, 'field'>, res: { status: number; data: unknown }, prefix = ''): boolean {
  const named = (res.data as { field?: unknown } | null)?.field;
  const field = `${prefix}${c.field}`;
  if (res.status === 413 || named === 'query') return true;
  // A union (a list or its JSON text) is refused as a whole, at the field that holds it.
  return (
    typeof named === 'string' &&
    (named === field || named.startsWith(`${field}.`) || field.startsWith(`${named}.`))
  );
}

/**
 * English words a Korean reader would meet in a -4, once the quoted input, the field's own name
 * (a field no form fills has no Korean label) and the allowed values are taken out.
 */
function englishIn(msg: string, data: unknown): string | null {
  const field = (data as { field?: unknown } | null)?.field;
  const rest = msg
    .replace(/\(입력: .*$/s, '')
    .replace(/"[^"]*("|$)/g, '')
    .split(typeof field === 'string' ? field : '\u0000')
    .join('');
  return rest.match(/\b(?!https\b)[a-z]{3,}\b/)?.[0] ?? null;
}

/** Each case that got anything but a clean -4 (code, status, envelope, short message, no write), described. */
async function notCleanlyRefused(cases: Case[]): Promise<string[]> {
  const failures: string[] = [];
  for (const c of cases) {
    const before = t.changes();
    const res = await c.send();
    const problems: string[] = [];
    if (res.status >= 500) problems.push(`status ${res.status}`);
    if (res.code !== ResultCode.badParameter) problems.push(`code ${res.code} (${res.msg.slice(0, 120)})`);
    else if (!namesTheField(c, res)) problems.push(`refused for another field (${res.msg.slice(0, 120)})`);
    else if (englishIn(res.msg, res.data))
      problems.push(`English in a Korean message (${res.msg.slice(0, 120)})`);
    if (typeof res.msg !== 'string' || !('data' in res)) problems.push('not the envelope');
    else if (res.msg.length > 400) problems.push(`a message of ${res.msg.length} characters`);
    if (t.changes() !== before) problems.push(`${t.changes() - before} rows written`);
    if (problems.length > 0) failures.push(`${c.label}: ${problems.join(', ')}`);
  }
  return failures;
}

describe('odd input to every operation', () => {
  it.each(operations.map((op) => ({ op, name: op.call.operationId })))(
    '$name answers -4 to every spoiled field and writes nothing',
    async ({ op }) => {
      const token = await tokenFor(op);
      const { valid, cases } = casesFor({ op, token });
      const check = await v.safeParseAsync(op.call.input, valid);
      expect(check.issues?.[0]?.message, 'the valid sample is valid').toBeUndefined();
      const failures = await notCleanlyRefused(cases);
      // Every case that went wrong, one a line.
      expect(failures.join('\n')).toBe('');
    },
    60_000,
  );
});

describe('odd arguments of a pushed offline operation', () => {
  it.each(Object.values(mutators).map((m) => ({ mutator: m, name: m.name })))(
    '$name is refused with -4 in the push results, and only the refusal is recorded',
    async ({ mutator }) => {
      const valid = validInput(mutator.args);
      const token = await insertSession(t, { userIdx: memberIdx });
      expect(
        v.safeParse(mutator.args, valid).issues?.[0]?.message,
        'the valid sample is valid',
      ).toBeUndefined();
      // Each push comes from a new device install, so the push's own bookkeeping (the client,
      // its sequence, the recorded refusal) is the same every time: that is all it may write.
      const push = async (args: unknown) => {
        clients += 1;
        const text = jsonText({
          protocol_version: PROTOCOL_VERSION,
          client_id: `bad-input-client-${clients}`,
          mutations: [
            {
              seq: 1,
              id: `bad-input-mutation-${clients}`,
              name: mutator.name,
              args,
              created_at: '2024-01-01T00:00:00.000Z',
            },
          ],
        });
        return pushAnswer(await t.call('/sync/push', { token, raw: text }));
      };
      const before = t.changes();
      await push(null);
      const recordOfRefusal = t.changes() - before;
      const failures: string[] = [];
      for (const { path, sample } of paths(valid)) {
        for (const bad of jsonBadValues(sample)) {
          const start = t.changes();
          const res = await push(setAt(valid, path, bad.value));
          const result = res.data?.results?.[0];
          const label = `${path.join('.')} = ${bad.label}`;
          // Arguments over the body limit refuse the push itself, before anything is read.
          if (res.status === 413 && res.code === ResultCode.badParameter) {
            if (t.changes() !== start) failures.push(`${label}: ${t.changes() - start} rows written`);
            continue;
          }
          if (res.code !== ResultCode.ok)
            failures.push(`${label}: push answered ${res.code} ${res.msg.slice(0, 120)}`);
          else if (result?.status !== 'rejected' || result.code !== ResultCode.badParameter)
            failures.push(`${label}: ${result?.status} ${result?.code} ${result?.msg.slice(0, 120)}`);
          else if (!namesTheField({ field: path.join('.') }, { status: 200, data: result.data }, 'args.'))
            failures.push(`${label}: refused for another field (${result.msg.slice(0, 120)})`);
          else if (englishIn(result.msg, result.data))
            failures.push(`${label}: English in a Korean message (${result.msg.slice(0, 120)})`);
          if (t.changes() - start !== recordOfRefusal)
            failures.push(`${label}: ${t.changes() - start} rows written`);
        }
      }
      // Every case that went wrong, one a line.
      expect(failures.join('\n')).toBe('');
    },
    60_000,
  );
});
