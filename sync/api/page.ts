import * as v from 'valibot';

/**
 * One page of a list (spec §7: lists answer total, page_count, limit, list). A list ends
 * with a page shorter than `limit` (spec §9) or at `page_count`. Calls may add their own
 * fields beside these (near_expire_count, groups).
 */
export interface Page<T> {
  total: number;
  page_count: number;
  limit: number;
  list: T[];
}

/** The page arithmetic of every list, client and server: page_count = ceil(total / limit). */
export function pageOf<T>({ list, total, limit }: { list: T[]; total: number; limit: number }): Page<T> {
  return { total, page_count: limit > 0 ? Math.ceil(total / limit) : 0, limit, list };
}

/** Rows skipped before page `page` (1-based). */
export function pageOffset({ page, limit }: { page: number; limit: number }): number {
  return (page - 1) * limit;
}

/** A page cut from rows already in memory (the device's store answers lists offline). */
export function slicePage<T>({ rows, page, limit }: { rows: T[]; page: number; limit: number }): Page<T> {
  const start = pageOffset({ page, limit });
  return pageOf({ list: rows.slice(start, start + limit), total: rows.length, limit });
}

/** Spec §9: nothing follows a page shorter than its limit, nor the last page. */
export function isLastPage({ page, pageNum }: { page: Page<unknown>; pageNum: number }): boolean {
  return page.list.length < page.limit || pageNum >= page.page_count;
}

// Request pieces. Each call keeps the spec's own parameter name (page_num for most lists,
// page for findUserListByPhone, offset and limit for getPendingUserList).

export const MAX_PAGE = 100_000;
export const MAX_OFFSET = 10_000_000;
/** The largest page a client may ask for where it chooses the size. */
export const MAX_LIMIT = 100;

/** A whole number within [min, max]; GET query strings arrive as text. */
const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'must be a number'), v.transform(Number))]),
    v.integer('must be an integer'),
    v.minValue(min, `must be ${min} or more`),
    v.maxValue(max, `must be ${max} or less`),
  );

/** A page number, 1-based; the first page when left out. */
export const pageNum = v.optional(wholeNumber(1, MAX_PAGE), 1);

/** Rows to skip (getPendingUserList's offset); none when left out. */
export const pageOffsetParam = v.optional(wholeNumber(0, MAX_OFFSET), 0);

/** Rows in a page where the caller chooses (getPendingUserList's limit). */
export const pageLimitParam = (fallback: number) => v.optional(wholeNumber(1, MAX_LIMIT), fallback);
