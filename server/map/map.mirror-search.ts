import { Limits } from '../../sync/constants.ts';
import { compileValue } from '../../sync/map/evaluate.ts';
import {
  type CompiledSearch,
  cellAt,
  cellRowCol,
  gridRowCol,
  visibleClauses,
} from '../../sync/map/filter.ts';
import { PIN_PRICE_FIELDS, pinPriceBy } from '../../sync/map/query.ts';
import { type CellStat, type MapMatch, pageBound, pinsOrClusters } from '../../sync/map/result.ts';
import type { MapMirror } from './map.mirror.ts';
import { selectAll } from './map.mirror-select.ts';
import { searchWindow } from './map.sql.ts';

type Key = string | number;
type Slots = readonly number[];

/**
 * The rows a search looks at, as the slots of whole grid cells. A viewport's cells lie
 * `inside` it (every row within the box: no position test) or on its `edge`; a radius, the
 * sites an index narrowed the search to (favourites, a keyword searched everywhere) or every
 * row are all `edge` (every clause is tested).
 *
 * The stored cell of a site was worked out by SQLite (migration 0005) with the arithmetic of
 * `gridRowCol`; should a literal parse one unit in the last place apart, a site right on a
 * cell line could sit one cell over. So the cells looked at reach one further than the
 * window's corners, and "inside" keeps one cell clear of its border.
 */
function sources({
  mirror,
  search,
  slots,
}: {
  mirror: MapMirror;
  search: CompiledSearch;
  slots: readonly number[] | null;
}): { inside: Slots[]; edge: Slots[] } {
  if (slots) return { inside: [], edge: [slots] };
  const win = searchWindow(search);
  if (!win) return { inside: [], edge: [...mirror.cells.values()] };
  const [south, north, west, east] = win;
  const low = gridRowCol(south, west);
  const high = gridRowCol(north, east);
  const [r0, r1, c0, c1] = [low.row - 1, high.row + 1, low.col - 1, high.col + 1];
  const box = search.where.some((c) => c.k === 'box');
  const isInside = (row: number, col: number) =>
    box && row >= r0 + 3 && row <= r1 - 3 && col >= c0 + 3 && col <= c1 - 3;
  const inside: Slots[] = [];
  const edge: Slots[] = [];
  if ((r1 - r0 + 1) * (c1 - c0 + 1) > mirror.cells.size) {
    // A window wider than the occupied cells: walk those instead of the empty grid.
    for (const [cell, slots] of mirror.cells) {
      const { row, col } = cellRowCol(cell);
      if (row >= r0 && row <= r1 && col >= c0 && col <= c1) (isInside(row, col) ? inside : edge).push(slots);
    }
  } else {
    for (let row = r0; row <= r1; row++) {
      for (let col = c0; col <= c1; col++) {
        const slots = mirror.cells.get(cellAt(row, col));
        if (slots) (isInside(row, col) ? inside : edge).push(slots);
      }
    }
  }
  return { inside, edge };
}

/** Copies the lists' slots into `sel` from `at`; answers where they end. */
function fill(sel: Int32Array, at: number, lists: readonly Slots[]): number {
  let i = at;
  for (const list of lists) for (const slot of list) sel[i++] = slot;
  return i;
}

const count = (lists: readonly Slots[]) => lists.reduce((n, l) => n + l.length, 0);

/**
 * map.repository.ts `findMatches` over the in-memory copy: per grid cell the count, the
 * position sums and the best sort key of the matches, then as candidates every match when the
 * map shows pins, else only the matches that can still reach the page (`pageBound`), exactly
 * as the SQL does. `liked` holds the caller's favourites when the search asks for them;
 * `slots`, when given, are all the rows that can match (an index narrowed the search).
 */
export function findMatchesInMirror({
  mirror,
  search,
  offset,
  liked,
  slots,
}: {
  mirror: MapMirror;
  search: CompiledSearch;
  offset: number;
  liked: ReadonlySet<number> | null;
  slots: readonly number[] | null;
}): { cells: CellStat[]; candidates: MapMatch[] } {
  const { inside, edge } = sources({ mirror, search, slots });
  const sel = mirror.buffer(count(inside) + count(edge));
  const insideEnd = fill(sel, 0, inside);
  const edgeEnd = fill(sel, insideEnd, edge);
  const cols = mirror.slotColumns(liked);
  // map_sites holds visible sites only; a cell inside the viewport needs no position test.
  const clauses = search.where.filter((c) => !visibleClauses.includes(c));
  const keptInside = selectAll(
    clauses.filter((c) => c.k !== 'box'),
    cols,
    sel,
    insideEnd,
  );
  const keptEdge = selectAll(clauses, cols, sel.subarray(insideEnd), edgeEnd - insideEnd);
  sel.copyWithin(keptInside, insideEnd, insideEnd + keptEdge);
  const matched = keptInside + keptEdge;

  const { cells, bests, keyOf, sortValue } = perCell({ mirror, search, liked, sel, matched });
  const dir = search.sort?.dir ?? null;
  const mode = pinsOrClusters({ zoom: search.zoom, count: matched });
  if (matched === 0 || (offset >= matched && mode === 'clusters')) return { cells, candidates: [] };
  const bound = mode === 'pins' ? null : pageBound({ bests, dir, need: offset + Limits.mapPageSize });
  const inCells = new Set(bound?.cells);
  const cellOf = mirror.column('f_cell');
  const chosen: number[] = [];
  for (let i = 0; i < matched; i++) {
    const slot = sel[i] as number;
    if (bound) {
      if (!inCells.has(cellOf[slot] as number)) continue;
      const key = keyOf(slot);
      if (key === null || !(bound.op === '>=' ? key >= bound.value : key <= bound.value)) continue;
    }
    chosen.push(slot);
  }
  return { cells, candidates: chosen.map(toMatch(mirror, sortValue)) };
}

/**
 * Per grid cell: the count, the position sums and the best sort key of the matches.
 */
function perCell({
  mirror,
  search,
  liked,
  sel,
  matched,
}: {
  mirror: MapMirror;
  search: CompiledSearch;
  liked: ReadonlySet<number> | null;
  sel: Int32Array;
  matched: number;
}) {
  const sortValue = search.sort ? compileValue(search.sort.value, mirror.reader(liked)) : null;
  const regTime = mirror.column('f_reg_time');
  // The cell's best row by the list order: lowest or highest price, else newest registration.
  const keyOf: (slot: number) => Key | null = sortValue ?? ((slot) => regTime[slot] as Key | null);
  const lowest = search.sort?.dir === 'asc';
  const cellOf = mirror.column('f_cell');
  const latE6 = mirror.column('f_lat_e6') as readonly number[];
  const lngE6 = mirror.column('f_lng_e6') as readonly number[];
  // A cell's matches mostly come side by side (a window's cells are walked one by one): the
  // map is asked only when the cell changes.
  const byCell = new Map<number, { stat: CellStat; best: Key | null }>();
  let run: { stat: CellStat; best: Key | null } | undefined;
  for (let i = 0; i < matched; i++) {
    const slot = sel[i] as number;
    const cell = cellOf[slot] as number;
    if (run === undefined || run.stat.cell !== cell) {
      run = byCell.get(cell);
      if (run === undefined) {
        run = { stat: { cell, count: 0, sumLat: 0, sumLng: 0 }, best: null };
        byCell.set(cell, run);
      }
    }
    const stat = run.stat;
    stat.count++;
    stat.sumLat += latE6[slot] as number;
    stat.sumLng += lngE6[slot] as number;
    const key = keyOf(slot);
    if (key !== null && (run.best === null || (lowest ? key < run.best : key > run.best))) run.best = key;
  }
  const cells: CellStat[] = [];
  const bests: Array<{ cell: number; best: Key | null }> = [];
  for (const { stat, best } of byCell.values()) {
    cells.push(stat);
    bests.push({ cell: stat.cell, best });
  }
  return { cells, bests, keyOf, sortValue };
}

/** A slot as the shared arrangement reads a match (the columns the SQL selects, as they are stored). */
function toMatch(
  mirror: MapMirror,
  sortValue: ((slot: number) => number | null) | null,
): (slot: number) => MapMatch {
  const idx = mirror.column('f_idx');
  const lat = mirror.column('f_latitude');
  const lng = mirror.column('f_longitude');
  const type = mirror.column('f_site_type');
  const complete = mirror.column('f_complete');
  const regTime = mirror.column('f_reg_time');
  const priced = Object.fromEntries(
    ['f_complete' as const, ...PIN_PRICE_FIELDS].map((f) => [f, mirror.column(f)]),
  ) as Record<'f_complete' | (typeof PIN_PRICE_FIELDS)[number], readonly unknown[]>;
  return (slot) => ({
    idx: idx[slot] as number,
    lat: lat[slot] as number,
    lng: lng[slot] as number,
    type: type[slot] as 'O' | 'G',
    complete: complete[slot] as 'Y' | 'N',
    regTime: regTime[slot] as string,
    sortValue: sortValue ? sortValue(slot) : null,
    price: pinPriceBy((f) => priced[f][slot]),
  });
}
