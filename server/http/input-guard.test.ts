import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { rowId } from '../../sync/api/fields.ts';
import { PROTOCOL_VERSION, pushRequestSchema } from '../../sync/protocol.ts';
import { findMalformedValue, findUnknownField, MAX_INPUT_DEPTH } from './input-guard.ts';

describe('what no input may hold', () => {
  it('finds a control character in a field name as well as in a value, with where it is', () => {
    expect(findMalformedValue({ value: { list: [{ ok: 'a', 'b\u0000': 1 }] } })).toEqual({
      field: 'list.0',
      reason: 'a field name must not contain control characters',
    });
    expect(findMalformedValue({ value: { memo: 'line\r\nline\tend' } })).toBeNull();
  });

  it('refuses nesting deeper than any call needs, however deep it goes', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findMalformedValue({ value: { a: deep } })?.reason).toBe('nested too deeply');
    let fine: unknown = 1;
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) fine = [fine];
    expect(findMalformedValue({ value: fine })).toBeNull();
  });

  it('bounds the digits sent for a number as that number, and leaves other text alone', () => {
    const schema = v.object({ site_idx: rowId, memo: v.string() });
    const digits = '99999999999999999999';
    expect(findMalformedValue({ value: { site_idx: digits, memo: 'x' }, schema })?.field).toBe('site_idx');
    expect(findMalformedValue({ value: { site_idx: 1, memo: digits }, schema })).toBeNull();
  });

  it('refuses an array where an object is expected', () => {
    const schema = v.object({ changes: v.object({ f_name: v.optional(v.string()) }) });
    expect(findMalformedValue({ value: { changes: [] }, schema })).toEqual({
      field: 'changes',
      reason: 'must be an object',
    });
  });

  it('leaves the arguments of pushed mutations to the push, and names unknown fields of the current protocol only', () => {
    const push = (extra: Record<string, unknown>, protocol_version = PROTOCOL_VERSION) => ({
      protocol_version,
      client_id: 'client-aaaaaaaa',
      mutations: [{ seq: 1, id: 'mutation-aaaaaaaa', name: 'x', args: { memo: 'a\u0000' }, created_at: 'x' }],
      ...extra,
    });
    expect(findMalformedValue({ value: push({}), schema: pushRequestSchema })).toBeNull();
    expect(findUnknownField(pushRequestSchema, push({ extra: 1 }))).toEqual({
      field: 'extra',
      reason: 'unknown field',
    });
    expect(findUnknownField(pushRequestSchema, push({ extra: 1 }, 1))).toBeNull();
  });
});
