import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../sync/codes.ts';
import { mutators } from '../../sync/mutators.ts';
import { operations } from '../operations.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { hasKoreanReason, issueReason } from './input-reasons.ts';

/** Issue kinds whose meaning only the contract's own sentence carries (a format, a rule across fields, a file). */
const SAID_BY_CONTRACT = new Set(['regex', 'check', 'instance', 'custom', 'union', 'variant']);

/** Every (type, message) a contract or an offline operation's arguments write by hand. */
function contractReasons(): Array<{ type: string; message: string }> {
  const found = new Map<string, { type: string; message: string }>();
  const seen = new Set<unknown>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const n = node as Record<string, unknown>;
    if (typeof n.message === 'string' && typeof n.type === 'string')
      found.set(`${n.type}:${n.message}`, { type: n.type, message: n.message });
    if (n.entries && typeof n.entries === 'object') Object.values(n.entries).forEach(walk);
    for (const key of ['wrapped', 'item', 'key', 'value']) walk(n[key]);
    for (const key of ['pipe', 'options', 'items']) if (Array.isArray(n[key])) n[key].forEach(walk);
  };
  for (const op of operations) walk(op.call.input);
  for (const mutator of Object.values(mutators)) walk(mutator.args);
  return [...found.values()];
}

const HANGUL = /[가-힣]/;

describe('Korean reasons of a -4', () => {
  it('has Korean words for every format, rule across fields and file reason the contracts write', () => {
    const reasons = contractReasons();
    expect(reasons.length).toBeGreaterThan(100);
    const missing = reasons
      .filter((r) => SAID_BY_CONTRACT.has(r.type) && !hasKoreanReason(r.message))
      .map((r) => `${r.type}: ${r.message}`);
    expect(missing).toEqual([]);
  });

  it('says a length, a bound or a type in Korean with the schema’s own numbers', () => {
    const schema = v.object({
      title: v.pipe(v.string(), v.maxLength(30, 'title too long')),
      count: v.pipe(v.number(), v.minValue(0, 'must not be negative')),
      files: v.pipe(v.array(v.string()), v.maxLength(5, 'at most 5 images')),
    });
    const reasonOf = (input: unknown) => {
      const parsed = v.safeParse(schema, input);
      if (parsed.success) throw new Error('expected a failure');
      return issueReason(parsed.issues[0] as v.BaseIssue<unknown>).ko;
    };
    const ok = { title: 'a', count: 1, files: [] };
    expect(reasonOf({ ...ok, title: 'x'.repeat(31) })).toBe('30자 이하로 입력해 주세요');
    expect(reasonOf({ ...ok, count: -3 })).toBe('0 이상이어야 합니다 (입력: -3)');
    expect(reasonOf({ ...ok, files: ['a', 'b', 'c', 'd', 'e', 'f'] })).toBe('5개까지만 넣을 수 있습니다');
    expect(reasonOf({ ...ok, count: 'many' })).toBe('숫자여야 합니다 (입력: "many")');
    expect(reasonOf({ files: [], count: 1 })).toBe('비어 있습니다. 입력해 주세요');
  });

  it('writes every reason a contract can give in Korean, never the English sentence', () => {
    for (const { type, message } of contractReasons()) {
      const issue = { kind: 'validation', type, message, input: 'x', expected: null, received: '"x"' };
      const said = issueReason(issue as unknown as v.BaseIssue<unknown>);
      expect(said.ko, `${type}: ${message}`).toMatch(HANGUL);
      expect(said.ko).not.toContain(message);
    }
  });
});

describe('a refused input, as a Korean and an English user read it', () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  it('names the phone field and its rule in Korean, and in English for an English reader', async () => {
    t = await createTestApp();
    const korean = await t.call('/auth/authPhone', {
      body: { phone_number: '12345', is_login: 'Y' },
      headers: { 'accept-language': 'ko' },
    });
    expect(korean).toMatchObject({ status: 400, code: ResultCode.badParameter });
    expect(korean.msg).toBe(
      '입력을 확인해 주세요. 휴대폰 번호: 0으로 시작하는 9~11자리 숫자로 입력해 주세요 (입력: "12345")',
    );
    // Callers still read which field and why in the data.
    expect(korean.data).toMatchObject({ field: 'phone_number' });
    const english = await t.call('/auth/authPhone', {
      body: { phone_number: '12345', is_login: 'Y' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.msg).toBe(
      'Invalid input: phone_number (phone number must be 9 to 11 digits starting with 0)',
    );
  });

  it('says the guard’s own refusals in Korean too (a control character, an unknown field)', async () => {
    t = await createTestApp();
    const control = await t.call('/auth/authPhone', {
      body: { phone_number: '010\u00001234', is_login: 'Y' },
    });
    expect(control.msg).toBe('입력을 확인해 주세요. 휴대폰 번호: 제어 문자를 넣을 수 없습니다');
    const extra = await t.call('/auth/authPhone', {
      body: { phone_number: '01012345678', is_login: 'Y', nickname: 'x' },
    });
    expect(extra.msg).toBe('입력을 확인해 주세요. nickname: 이 요청에서 받지 않는 항목입니다');
  });
});
