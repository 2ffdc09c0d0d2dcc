import { compileValue, compileWhere, type SearchRow, searchRowReader } from './evaluate.ts';
import { compileMapQuery } from './filter.ts';
import { type MapQuery, type MapSearchResult, pinPriceOf } from './query.ts';
import { arrangeMatches, cellStatsOf, type MapMatch, toMapSite } from './result.ts';

/**
 * The map search over rows held in memory (the offline search reads them from IndexedDB).
 * Same clauses, order, paging and markers as the server's search.
 */
export function searchRows({
  query,
  rows,
}: {
  query: MapQuery;
  rows: readonly SearchRow[];
}): MapSearchResult {
  const search = compileMapQuery(query);
  const matches = compileWhere(search.where, searchRowReader);
  const sortValue = search.sort ? compileValue(search.sort.value, searchRowReader) : () => null;
  const found: MapMatch[] = [];
  const byIdx = new Map<number, SearchRow>();
  for (const row of rows) {
    if (!matches(row)) continue;
    const idx = Number(row.site.f_idx);
    byIdx.set(idx, row);
    found.push({
      idx,
      lat: Number(row.site.f_latitude),
      lng: Number(row.site.f_longitude),
      type: row.site.f_site_type === 'G' ? 'G' : 'O',
      complete: row.site.f_complete === 'Y' ? 'Y' : 'N',
      regTime: String(row.site.f_reg_time ?? ''),
      sortValue: sortValue(row),
      price: pinPriceOf(row.site),
    });
  }
  const { page, ...rest } = arrangeMatches({ cells: cellStatsOf(found), candidates: found, search, query });
  const list = page.map((m) => {
    const row = byIdx.get(m.idx) as SearchRow;
    return toMapSite({ site: row.site, liked: row.liked, sortValue: m.sortValue });
  });
  return { ...rest, list };
}
