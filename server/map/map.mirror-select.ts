import {
  circleOf,
  compare,
  inBounds,
  inCircle,
  isMissing,
  listHas,
  sharesBits,
} from '../../sync/map/evaluate.ts';
import type { Clause, FilterField } from '../../sync/map/filter.ts';

/**
 * Which characters a comma-list value holds, as bits (`1 << (code & 31)`): a value lacking a
 * code's bit lacks the code, so only values with the bit are searched for it.
 */
export function codeBits(value: unknown): number {
  // Anything else has every bit: listHas decides.
  if (typeof value !== 'string') return -1;
  let bits = 0;
  for (let i = 0; i < value.length; i++) bits |= 1 << (value.charCodeAt(i) & 31);
  return bits;
}

/** What the selection reads: a column of map_sites by slot, the search texts, the caller's favourites. */
export interface SlotColumns {
  column: (f: FilterField) => readonly unknown[];
  /** `codeBits` of a comma-list column's values, when the copy keeps them. */
  codeBits: (f: FilterField) => readonly number[] | undefined;
  text: readonly string[];
  /** Narrows `sel[0, n)` to the slots whose search text holds the needle; answers the new length. */
  withText: (needle: string, sel: Int32Array, n: number) => number;
  liked: (slot: number) => boolean;
  /** One flag per slot, all clear between calls: `or` marks the slots one of its branches kept. */
  marks: Uint8Array;
}

/**
 * Narrows `sel[0, n)` to the slots where the clause holds, keeping their order; answers the
 * new length. The clauses are those of sync/map/filter.ts and each value is tested by the
 * functions the device's search uses (sync/map/evaluate.ts); only the walk differs: one tight
 * loop per clause over the whole selection, instead of a call per clause per row, which is
 * what makes a city-wide viewport of tens of thousands of rows cheap.
 */
export function select(c: Clause, cols: SlotColumns, sel: Int32Array, n: number): number {
  let k = 0;
  switch (c.k) {
    case 'cmp': {
      const col = cols.column(c.f);
      const { op, v } = c;
      if (op === '=' && typeof v === 'string') {
        // A flag or code: the same text is a match without more ado.
        for (let i = 0; i < n; i++) {
          const slot = sel[i] as number;
          const value = col[slot];
          if (value === v || (typeof value !== 'string' && compare(value, op, v))) sel[k++] = slot;
        }
        return k;
      }
      if (typeof v === 'number' && (op === '>=' || op === '<=')) {
        // A price or size range: a stored number compares as it is (NaN, like null, with nothing).
        const atLeast = op === '>=';
        for (let i = 0; i < n; i++) {
          const slot = sel[i] as number;
          const value = col[slot];
          if (typeof value === 'number' ? (atLeast ? value >= v : value <= v) : compare(value, op, v)) {
            sel[k++] = slot;
          }
        }
        return k;
      }
      for (let i = 0; i < n; i++) {
        const slot = sel[i] as number;
        if (compare(col[slot], op, v)) sel[k++] = slot;
      }
      return k;
    }
    case 'in': {
      const col = cols.column(c.f);
      for (let i = 0; i < n; i++) {
        const slot = sel[i] as number;
        const value = col[slot];
        for (const v of c.vs) {
          if (compare(value, '=', v)) {
            sel[k++] = slot;
            break;
          }
        }
      }
      return k;
    }
    case 'notNull': {
      const col = cols.column(c.f);
      for (let i = 0; i < n; i++) {
        const slot = sel[i] as number;
        if (!isMissing(col[slot])) sel[k++] = slot;
      }
      return k;
    }
    case 'listAny': {
      const col = cols.column(c.f);
      const codes = c.vs;
      const bits = cols.codeBits(c.f);
      let want = 0;
      for (const code of codes) want |= codeBits(code);
      for (let i = 0; i < n; i++) {
        const slot = sel[i] as number;
        if (bits !== undefined && ((bits[slot] as number) & want) === 0) continue;
        if (listHas(col[slot], codes)) sel[k++] = slot;
      }
      return k;
    }
    case 'bitsAny': {
      const col = cols.column(c.f);
      for (let i = 0; i < n; i++) {
        const slot = sel[i] as number;
        if (sharesBits(col[slot], c.mask)) sel[k++] = slot;
      }
      return k;
    }
    case 'and': {
      let m = n;
      for (const x of c.cs) m = select(x, cols, sel, m);
      return m;
    }
    case 'or':
      return selectAny(c.cs, cols, sel, n);
    case 'text':
      return cols.withText(c.needle, sel, n);
    case 'liked':
      for (let i = 0; i < n; i++) {
        const slot = sel[i] as number;
        if (cols.liked(slot)) sel[k++] = slot;
      }
      return k;
    case 'box': {
      const lat = cols.column('f_latitude');
      const lng = cols.column('f_longitude');
      const bounds = c.bounds;
      for (let i = 0; i < n; i++) {
        const slot = sel[i] as number;
        if (inBounds(lat[slot], lng[slot], bounds)) sel[k++] = slot;
      }
      return k;
    }
    case 'radius': {
      const lat = cols.column('f_latitude');
      const lng = cols.column('f_longitude');
      const circle = circleOf(c);
      for (let i = 0; i < n; i++) {
        const slot = sel[i] as number;
        if (inCircle(lat[slot], lng[slot], circle)) sel[k++] = slot;
      }
      return k;
    }
  }
}

/**
 * Scratch buffers for `or`, taken and given back in nesting order (selection runs to the end
 * without yielding, so one set serves every search).
 */
const scratch: Int32Array[] = [];
let depth = 0;

function take(n: number): Int32Array {
  const i = depth++;
  let buffer = scratch[i];
  if (!buffer || buffer.length < n) {
    buffer = new Int32Array(Math.max(n, 1024, (buffer?.length ?? 0) * 2));
    scratch[i] = buffer;
  }
  return buffer;
}

/** Any branch holds: each branch looks only at the slots no earlier branch kept. */
function selectAny(branches: readonly Clause[], cols: SlotColumns, sel: Int32Array, n: number): number {
  const { marks } = cols;
  const rest = take(n);
  const kept = take(n);
  try {
    rest.set(sel.subarray(0, n));
    let left = n;
    for (const branch of branches) {
      kept.set(rest.subarray(0, left));
      const k = select(branch, cols, kept, left);
      for (let i = 0; i < k; i++) marks[kept[i] as number] = 1;
      let r = 0;
      for (let i = 0; i < left; i++) {
        const slot = rest[i] as number;
        if (marks[slot] === 0) rest[r++] = slot;
      }
      left = r;
      if (left === 0) break;
    }
  } finally {
    depth -= 2;
  }
  let out = 0;
  for (let i = 0; i < n; i++) {
    const slot = sel[i] as number;
    if (marks[slot] === 1) {
      marks[slot] = 0;
      sel[out++] = slot;
    }
  }
  return out;
}

/** Every clause holds. */
export function selectAll(clauses: readonly Clause[], cols: SlotColumns, sel: Int32Array, n: number): number {
  let m = n;
  for (const c of clauses) {
    if (m === 0) break;
    m = select(c, cols, sel, m);
  }
  return m;
}
