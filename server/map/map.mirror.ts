import type { RowReader } from '../../sync/map/evaluate.ts';
import { type FilterField, SITE_FIELDS, SUMMARY_FIELDS, siteSearchText } from '../../sync/map/filter.ts';
import { MAP_SITE_COLUMNS } from '../../sync/map/result.ts';
import type { DbOrTx } from '../db/database.ts';
import { codeBits, type SlotColumns } from './map.mirror-select.ts';
import { TextMarks } from './map.mirror-text.ts';
import { databaseVersion, type MapChanges, readMapChanges } from './map.repository.ts';

/**
 * The columns of map_sites the copy holds, in the order the repository reads them: the grid
 * cell and the micro-degree position (cluster sums), then every field a clause may read.
 * Visibility (f_status, f_hidden) is not among them: map_sites holds visible sites only.
 */
const MAP_FIELDS = [
  'f_idx',
  'f_cell',
  'f_lat_e6',
  'f_lng_e6',
  ...SITE_FIELDS.filter((f) => f !== 'f_idx' && f !== 'f_status' && f !== 'f_hidden'),
  ...SUMMARY_FIELDS,
] as const;
/** From the site itself: what a list row shows besides map_sites' columns, and the search text. */
const SITE_TEXT = ['f_name', 'f_address1', 'f_address2'] as const;
const FIELDS = [...MAP_FIELDS, ...SITE_TEXT] as const;
type Column = (typeof FIELDS)[number];
const missing = MAP_SITE_COLUMNS.filter((c) => !(FIELDS as readonly string[]).includes(c));
if (missing.length > 0) throw new Error(`the map copy lacks list columns ${missing.join(', ')}`);

/** The comma-list columns (clause `listAny`), whose `codeBits` the copy keeps beside them. */
const CODE_LISTS = ['f_maemul_type', 'f_transaction_type', 'f_fee_type'] as const;

const LIST_ROW: Record<string, unknown> = Object.fromEntries(MAP_SITE_COLUMNS.map((c) => [c, null]));

/** Above this share of the rows changed at once, reading everything again is simpler and no slower. */
const RELOAD_SHARE = 0.25;

/**
 * An in-memory copy of map_sites, a column array per field, for the map search to evaluate
 * the shared clauses on (map.mirror-search.ts) instead of asking SQLite row by row: at a
 * city-wide zoom a search reads tens of thousands of rows, which SQLite walks at a few hundred
 * nanoseconds each. A row lives in a slot; `cells` lists the slots of each 0.01° grid cell.
 *
 * It stays exact by reading map_changes (migration 0030), which triggers on map_sites fill
 * whoever writes: before a search, if anything at all was written since the last look
 * (`writeMark`), the rows changed since the last change number are read again. Never inside
 * a transaction (`mirrorOf` answers null there): rows it might hold could still be rolled back.
 */
export class MapMirror {
  private columns = new Map<Column, unknown[]>();
  /** The same arrays in FIELDS order, and in MAP_SITE_COLUMNS order. */
  private columnList: unknown[][] = [];
  private listColumns: unknown[][] = [];
  private text: string[] = [];
  private codeBits = new Map<string, number[]>();
  private slots = new Map<number, number>();
  private free: number[] = [];
  /** Slots by grid cell. */
  readonly cells = new Map<number, number[]>();
  private marks = new Uint8Array(0);
  private slotBuffer = new Int32Array(1024);
  private textMarks = new TextMarks();
  private mark = '';
  private seq = -1;

  constructor(private readonly db: DbOrTx) {
    this.clear();
  }

  /** The number of sites held. */
  get size(): number {
    return this.slots.size;
  }

  /** One column, by slot. */
  column(f: Column): readonly unknown[] {
    return this.columns.get(f) as unknown[];
  }

  /** The list rows of these sites (`toMapSite` reads them), as map.repository.ts `loadListSites` reads them. */
  listSites(ids: readonly number[]): Map<number, Record<string, unknown>> {
    const out = new Map<number, Record<string, unknown>>();
    for (const idx of ids) {
      const slot = this.slots.get(idx);
      if (slot === undefined) continue;
      // Copied from one shape and filled: adding 28 properties one by one costs several times more.
      const site: Record<string, unknown> = { ...LIST_ROW };
      for (let i = 0; i < MAP_SITE_COLUMNS.length; i++) {
        site[MAP_SITE_COLUMNS[i] as string] = (this.listColumns[i] as unknown[])[slot];
      }
      out.set(idx, site);
    }
    return out;
  }

  /**
   * The slots whose search text holds the needle (`TextMarks`): for a keyword too short for
   * the trigram index, searched everywhere. A free slot's text is empty and never matches.
   */
  slotsWithText(needle: string): number[] {
    return this.textMarks.slotsWith(needle, this.text);
  }

  /** The slots of these sites, leaving out those the map does not show. */
  slotsOf(ids: readonly number[]): number[] {
    const out: number[] = [];
    for (const idx of ids) {
      const slot = this.slots.get(idx);
      if (slot !== undefined) out.push(slot);
    }
    return out;
  }

  /** The slot of a site, if the map shows it. */
  slotOf(idx: number): number | undefined {
    return this.slots.get(idx);
  }

  /** How the shared clauses read a slot (row at a time: sort values); `liked` is the caller's favourites when the search asks for them. */
  reader(liked: ReadonlySet<number> | null): RowReader<number> {
    const read = this.slotColumns(liked);
    return {
      field: (f: FilterField) => {
        const column = read.column(f);
        return (slot: number) => column[slot];
      },
      text: (slot) => read.text[slot] as string,
      liked: read.liked,
    };
  }

  /** The columns as the selection (map.mirror-select.ts) reads them. */
  slotColumns(liked: ReadonlySet<number> | null): SlotColumns {
    const idx = this.column('f_idx');
    if (this.marks.length < this.text.length) this.marks = new Uint8Array(this.text.length * 2);
    return {
      column: (f) => {
        const column = this.columns.get(f as Column);
        // Only the visibility fields are missing, and map_sites rows are visible by definition.
        if (!column) throw new Error(`the map copy holds no ${f}`);
        return column;
      },
      codeBits: (f) => this.codeBits.get(f),
      text: this.text,
      withText: (needle, sel, n) => this.textMarks.narrow(needle, this.text, sel, n),
      liked: liked ? (slot) => liked.has(idx[slot] as number) : () => false,
      marks: this.marks,
    };
  }

  /** A buffer of at least `n` slots, reused from search to search (searches never overlap). */
  buffer(n: number): Int32Array {
    if (this.slotBuffer.length < n) this.slotBuffer = new Int32Array(Math.max(n, this.slotBuffer.length * 2));
    return this.slotBuffer;
  }

  /**
   * Brings the copy up to date with what the database holds now. A write between the version
   * read and the rows read only makes the next refresh read again; the rows themselves are read
   * and applied without giving way, so a search never sees half of a change. False (and the
   * copy left as it was) while a transaction is open on the connection.
   */
  async refresh(): Promise<boolean> {
    // One at a time: on PostgreSQL a refresh awaits its reads on a pool connection while other
    // requests search, and two refreshes must not hand over their rows interleaved.
    const run = this.refreshing.then(() => this.refreshNow());
    this.refreshing = run.catch(() => false);
    return run;
  }

  private refreshing: Promise<unknown> = Promise.resolve();

  private async refreshNow(): Promise<boolean> {
    const mark = await databaseVersion({ db: this.db });
    if (mark === this.mark) return true;
    const read = await readMapChanges({
      db: this.db,
      seq: this.seq,
      wholeAbove: this.slots.size * RELOAD_SHARE,
      mapColumns: MAP_FIELDS,
      siteColumns: SITE_TEXT,
      begin: (changes) => this.begin(changes),
      each: (row) => this.add(row),
    });
    if (read) this.mark = mark;
    return read;
  }

  private begin(changes: MapChanges): void {
    this.seq = changes.last;
    if (changes.kind === 'all') this.clear();
    else if (changes.kind === 'some') for (const id of changes.ids) this.remove(id);
  }

  private clear(): void {
    this.columnList = FIELDS.map(() => Array.of());
    this.columns = new Map(FIELDS.map((f, i) => [f, this.columnList[i] as unknown[]]));
    this.listColumns = MAP_SITE_COLUMNS.map((c) => this.columns.get(c) as unknown[]);
    this.text = [];
    this.codeBits = new Map(CODE_LISTS.map((f) => [f, Array.of<number>()]));
    this.slots.clear();
    this.free = [];
    this.cells.clear();
    this.textMarks = new TextMarks();
  }

  private add(row: unknown[]): void {
    const reused = this.free.pop();
    const slot = reused ?? this.text.length;
    const columns = this.columnList;
    // New slots are pushed: V8 then keeps a column of numbers as unboxed numbers, where a
    // store past the end through one shared store site turns every column into boxed values.
    if (reused === undefined) for (let i = 0; i < columns.length; i++) (columns[i] as unknown[]).push(row[i]);
    else for (let i = 0; i < columns.length; i++) (columns[i] as unknown[])[slot] = row[i];
    const [name, address1, address2] = row.slice(MAP_FIELDS.length);
    const text = siteSearchText({ f_name: name, f_address1: address1, f_address2: address2 });
    if (reused === undefined) this.text.push(text);
    else this.text[slot] = text;
    this.textMarks.set(slot, text);
    for (const [f, bits] of this.codeBits) {
      const value = codeBits((this.columns.get(f as Column) as unknown[])[slot]);
      if (reused === undefined) bits.push(value);
      else bits[slot] = value;
    }
    this.slots.set(row[0] as number, slot);
    const cell = row[1] as number;
    const bucket = this.cells.get(cell);
    if (bucket) bucket.push(slot);
    else this.cells.set(cell, [slot]);
  }

  private remove(idx: number): void {
    const slot = this.slots.get(idx);
    if (slot === undefined) return;
    const cell = this.column('f_cell')[slot] as number;
    const bucket = this.cells.get(cell) as number[];
    bucket.splice(bucket.indexOf(slot), 1);
    if (bucket.length === 0) this.cells.delete(cell);
    this.slots.delete(idx);
    this.text[slot] = '';
    this.textMarks.set(slot, '');
    this.free.push(slot);
  }
}

const mirrors = new WeakMap<DbOrTx, MapMirror>();

/**
 * The database's copy of map_sites, up to date; null while a transaction is open on its
 * connection (the search then runs on the SQL indexes, which see what the transaction sees).
 */
export async function mirrorOf(db: DbOrTx): Promise<MapMirror | null> {
  if (db.isTransaction) return null;
  let mirror = mirrors.get(db);
  if (!mirror) {
    mirror = new MapMirror(db);
    mirrors.set(db, mirror);
  }
  return (await mirror.refresh()) ? mirror : null;
}
