import * as v from 'valibot';

/**
 * Building blocks of the response schemas (`*.responses.ts`): what the server answers in `data`.
 * Only the server (its OpenAPI document and the API tests) loads them; the client takes the
 * types alone (`import type`), so none of this reaches the browser.
 */

export const int = v.pipe(v.number(), v.integer());
export const count = v.pipe(v.number(), v.integer(), v.minValue(0));
export const num = v.number();
export const str = v.string();
export const yn = v.picklist(['Y', 'N']);
/** An ISO-8601 time or date as text. */
export const time = v.string();
export const maybe = <S extends v.GenericSchema>(schema: S) => v.nullable(schema);
/** Calls that answer nothing: `data` is null. */
export const nothing = v.null();

/** The entries of a page (spec §7: total, page_count, limit, list). */
export const pageEntries = <S extends v.GenericSchema>(item: S) => ({
  total: count,
  page_count: count,
  limit: count,
  list: v.array(item),
});

/** `Page<T>` (sync/api/page.ts). */
export const page = <S extends v.GenericSchema>(item: S) => v.strictObject(pageEntries(item));

/**
 * What an edit of a post, comment or notification left for the member to settle (protocol 8):
 * the conflict's index and the fields changed on both sides; null when the edit went in whole.
 */
export const editConflict = v.nullable(v.strictObject({ conflict_idx: int, fields: v.array(str) }));
