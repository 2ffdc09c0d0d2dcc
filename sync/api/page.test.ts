import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  isLastPage,
  MAX_LIMIT,
  MAX_OFFSET,
  MAX_PAGE,
  pageLimitParam,
  pageNum,
  pageOf,
  pageOffsetParam,
  slicePage,
} from './page.ts';

describe('a page of a list', () => {
  it('counts its pages by rounding up: 101 rows at 50 a page are 3 pages, none are 0', () => {
    expect(pageOf({ list: [], total: 101, limit: 50 }).page_count).toBe(3);
    expect(pageOf({ list: [], total: 100, limit: 50 }).page_count).toBe(2);
    expect(pageOf({ list: [], total: 0, limit: 50 }).page_count).toBe(0);
  });

  it('ends on a page shorter than its limit, or on the last page even when that page is full', () => {
    const full = (page_count: number) => ({ list: [1, 2], total: 2 * page_count, page_count, limit: 2 });
    expect(isLastPage({ page: { list: [1], total: 3, page_count: 2, limit: 2 }, pageNum: 2 })).toBe(true);
    expect(isLastPage({ page: full(2), pageNum: 2 })).toBe(true);
    expect(isLastPage({ page: full(2), pageNum: 1 })).toBe(false);
    expect(isLastPage({ page: { list: [], total: 0, page_count: 0, limit: 50 }, pageNum: 1 })).toBe(true);
  });

  it('cuts rows in memory the way the server pages them', () => {
    const rows = Array.from({ length: 7 }, (_, i) => i);
    expect(slicePage({ rows, page: 3, limit: 3 })).toEqual({ total: 7, page_count: 3, limit: 3, list: [6] });
    expect(slicePage({ rows, page: 4, limit: 3 }).list).toEqual([]);
  });
});

describe('page request fields', () => {
  const ok = (schema: v.GenericSchema, value: unknown) => v.safeParse(schema, value).success;

  it('take a page number from 1 up to the maximum, as a number or as text, and default to 1', () => {
    expect(v.parse(pageNum, undefined)).toBe(1);
    expect(v.parse(pageNum, '2')).toBe(2);
    expect(ok(pageNum, MAX_PAGE)).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_PAGE + 1, 'two']) expect(ok(pageNum, bad)).toBe(false);
  });

  it('take an offset from 0 and a limit from 1, each up to its maximum', () => {
    expect(v.parse(pageOffsetParam, undefined)).toBe(0);
    expect(ok(pageOffsetParam, MAX_OFFSET)).toBe(true);
    expect(ok(pageOffsetParam, -1)).toBe(false);
    expect(ok(pageOffsetParam, MAX_OFFSET + 1)).toBe(false);
    expect(v.parse(pageLimitParam(20), undefined)).toBe(20);
    expect(ok(pageLimitParam(20), 0)).toBe(false);
    expect(ok(pageLimitParam(20), MAX_LIMIT + 1)).toBe(false);
  });
});
