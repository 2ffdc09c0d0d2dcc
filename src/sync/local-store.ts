import type { Table } from 'dexie';
import * as v from 'valibot';
import type { LocalKey, Mutator } from '../../sync/mutator.ts';
import type { Change } from '../../sync/protocol.ts';
import type { SiteRow } from '../../sync/site-fields.ts';
import { draftKeyOfSite } from '../../sync/sites/draft-key.ts';
import type { LocalDb, LocalDraft, LocalShadow, LocalSite, OutboxEntry } from '../db/db.ts';

/**
 * How pulled data and waiting mutations meet on the device (design.md guarantees 3 and 4).
 *
 * Pulled rows are written to their tables, except rows a waiting mutation has changed: their
 * server copy goes to `shadows` instead. When a pull cycle ends, each shadowed row is rebuilt
 * from its server copy plus the mutations still waiting (rebase), so the screen shows the
 * member's change until the server's data includes it, and never flips back.
 */

/** Every table a mutation or a pull writes; sync transactions take them all. */
export function syncTables(db: LocalDb): Table[] {
  return [
    db.sitePacks,
    db.dongs,
    db.drafts,
    db.likes,
    db.memos,
    db.recentViews,
    db.notifications,
    db.inbox,
    db.conflicts,
    db.outbox,
    db.shadows,
    db.syncMeta,
    db.files,
  ];
}

export function shadowId(key: LocalKey): string {
  return `${key.table}|${key.key}`;
}

/** The rows sync writes by table name; sites are packed (db/site-packs.ts) behind their own store. */
interface Rows {
  get(key: string | number): Promise<unknown>;
  bulkPut(rows: readonly unknown[]): Promise<unknown>;
  bulkDelete(keys: Array<string | number>): Promise<unknown>;
}

function rowsOf(db: LocalDb, name: string): Rows {
  if (name === 'sites') return db.sites;
  if (name === 'units') return db.units as Rows;
  return db.table(name);
}

/** Before a mutation changes a row, its current (server) copy is kept, once. */
export async function keepShadows({ db, keys }: { db: LocalDb; keys: LocalKey[] }): Promise<void> {
  for (const key of keys) {
    const id = shadowId(key);
    if (await db.shadows.get(id)) continue;
    const row = (await rowsOf(db, key.table).get(key.key)) ?? null;
    await db.shadows.put({ id, table: key.table, key: key.key, row });
  }
}

type Registry = typeof import('../../sync/mutators.ts');
let registry: Registry | null = null;

/**
 * The operations' declarations carry the schemas of every form they save (a site's whole
 * registration, a draft's fields), so they load after the first screen rather than in the
 * entry chunk. Every path that runs an operation or applies a pull awaits this first,
 * outside any Dexie transaction (a transaction cannot wait on a module load).
 */
export async function loadMutators(): Promise<void> {
  registry ??= await import('../../sync/mutators.ts');
}

function loaded(): Registry {
  // Never guess: an unknown name here would drop a waiting mutation's effect from the screen.
  if (!registry) throw new Error('sync operations used before loadMutators()');
  return registry;
}

/** An operation by name; null for a name this version does not know. */
export function mutatorOf(name: string): Mutator | null {
  const { isMutatorName, mutators } = loaded();
  return isMutatorName(name) ? (mutators[name] as unknown as Mutator) : null;
}

/** Mutations whose effect the device still shows on top of server data. */
export function isWaiting(entry: OutboxEntry): boolean {
  return entry.status !== 'rejected';
}

/**
 * A registered site is stored as pulled. Its `dongs` is empty (units live in the dongs table);
 * copying every row without it would cost more than the empty list.
 */
function localSiteOf(site: SiteRow): LocalSite {
  return site;
}

function draftOf(site: SiteRow): LocalDraft {
  return {
    key: draftKeyOfSite(site),
    site_type: site.f_site_type,
    site_idx: site.f_idx,
    step: site.f_temp_step,
    payload: loaded().draftFieldsOfSite(site),
    base_version: site.version,
    updated_at: site.f_update_time,
  };
}

type Writes = Map<string, { puts: unknown[]; deletes: Array<string | number> }>;

/** The waiting mutations, parsed, in order. */
async function waitingMutations(db: LocalDb) {
  return (await db.outbox.orderBy('seq').toArray()).filter(isWaiting).flatMap((entry) => {
    const mutator = mutatorOf(entry.name);
    const parsed = mutator ? v.safeParse(mutator.args, entry.args) : null;
    return mutator && parsed?.success ? [{ mutator, args: parsed.output }] : [];
  });
}

/** Shadows a waiting mutation still needs. */
export async function neededShadows(db: LocalDb): Promise<Set<string>> {
  const needed = new Set<string>();
  for (const { mutator, args } of await waitingMutations(db)) {
    for (const key of mutator.touches(args)) needed.add(shadowId(key));
  }
  return needed;
}

/**
 * Writes one page of pulled changes. Runs inside the caller's transaction over syncTables.
 * `keep` (on a cycle's last page) names the shadows still needed: a row whose shadow is no
 * longer needed gets the pulled value directly, and its shadow goes.
 */
export async function applyChanges({
  db,
  changes,
  keep,
}: {
  db: LocalDb;
  changes: Change[];
  keep?: Set<string>;
}): Promise<void> {
  const shadows = new Map((await db.shadows.toArray()).map((s) => [s.id, s]));
  const shadowWrites: LocalShadow[] = [];
  const shadowDrops: string[] = [];
  const writes: Writes = new Map();
  const write = ({ table, key, row }: { table: string; key: string | number; row: unknown | null }) => {
    const id = `${table}|${key}`;
    const shadow = shadows.get(id);
    if (shadow && (!keep || keep.has(id))) {
      shadowWrites.push({ ...shadow, row });
      return;
    }
    if (shadow) shadowDrops.push(id);
    let w = writes.get(table);
    if (!w) {
      w = { puts: [], deletes: [] };
      writes.set(table, w);
    }
    if (row === null) w.deletes.push(key);
    else w.puts.push(row);
  };

  const siteKeys = changes.filter((c) => c.t === 'site').map((c) => c.key);
  // A registered site and a draft are the same server row in two local tables.
  // Drafts are few: reading them all beats an index look-up per pulled site.
  const draftsOfSites = siteKeys.length > 0 ? await db.drafts.toArray() : [];
  const draftKeyBySite = new Map(draftsOfSites.map((d) => [d.site_idx, d.key]));
  // A draft a waiting mutation removed from the table still has its server copy in a shadow.
  for (const shadow of shadows.values()) {
    const row = shadow.row as LocalDraft | null;
    if (shadow.table === 'drafts' && row?.site_idx != null && siteKeys.includes(row.site_idx)) {
      draftKeyBySite.set(row.site_idx, row.key);
    }
  }
  for (const change of changes) {
    switch (change.t) {
      case 'site': {
        const oldDraft = draftKeyBySite.get(change.key);
        // Buildings are replaced whole: when their site's units arrive, or when the site goes
        // (or becomes a draft, which carries its units inside).
        if (change.op === 'del' || change.row.f_status === 'P') {
          write({ table: 'units', key: change.key, row: null });
        }
        if (change.op === 'put' && change.row.f_status === 'P') {
          write({ table: 'sites', key: change.key, row: null });
          const draft = draftOf(change.row);
          if (oldDraft && oldDraft !== draft.key) write({ table: 'drafts', key: oldDraft, row: null });
          write({ table: 'drafts', key: draft.key, row: draft });
        } else {
          if (oldDraft) write({ table: 'drafts', key: oldDraft, row: null });
          write({
            table: 'sites',
            key: change.key,
            row: change.op === 'put' ? localSiteOf(change.row) : null,
          });
        }
        break;
      }
      case 'units':
        write({ table: 'units', key: change.key, row: { f_site_idx: change.key, dongs: change.row.dongs } });
        break;
      case 'like':
        write({
          table: 'likes',
          key: change.key,
          row: change.op === 'put' ? { f_site_idx: change.key, liked_at: change.row.f_reg_time } : null,
        });
        break;
      case 'memo':
        write({
          table: 'memos',
          key: change.key,
          row:
            change.op === 'put'
              ? {
                  f_site_idx: change.key,
                  memo: change.row.f_memo,
                  memo_images: change.row.f_memo_images,
                  updated_at: change.row.f_update_time,
                }
              : null,
        });
        break;
      case 'recent':
        write({
          table: 'recentViews',
          key: change.key,
          row: change.op === 'put' ? { f_site_idx: change.key, viewed_at: change.row.f_view_time } : null,
        });
        break;
      case 'notification':
        write({ table: 'notifications', key: change.key, row: change.op === 'put' ? change.row : null });
        break;
      case 'conflict':
        write({ table: 'conflicts', key: change.key, row: change.op === 'put' ? change.row : null });
        break;
      case 'inbox':
        write({ table: 'inbox', key: change.key, row: change.op === 'put' ? change.row : null });
        break;
    }
  }

  for (const [table, w] of writes) {
    if (w.deletes.length > 0) await rowsOf(db, table).bulkDelete(w.deletes);
    if (w.puts.length > 0) await rowsOf(db, table).bulkPut(w.puts);
  }
  if (shadowWrites.length > 0) await db.shadows.bulkPut(shadowWrites);
  if (shadowDrops.length > 0) await db.shadows.bulkDelete(shadowDrops);
}

/**
 * The server no longer has the data this device pulled (it was restored or replaced): the
 * pulled rows go, and the server copies kept for waiting mutations are forgotten too; the
 * waiting mutations themselves stay and are re-applied on the data pulled again.
 */
export async function forgetPulledData(db: LocalDb): Promise<void> {
  await Promise.all(
    [
      db.sites,
      db.dongs,
      db.drafts,
      db.likes,
      db.memos,
      db.recentViews,
      db.notifications,
      db.inbox,
      db.conflicts,
    ].map((t) => t.clear()),
  );
  await db.shadows.toCollection().modify({ row: null });
}

/**
 * Rebuilds every shadowed row from its server copy plus the mutations still waiting, in
 * order, and forgets shadows no waiting mutation needs. Runs inside the caller's transaction.
 */
export async function rebase({ db, now }: { db: LocalDb; now: string }): Promise<void> {
  const shadows = await db.shadows.toArray();
  if (shadows.length === 0) return;
  const waiting = await waitingMutations(db);
  const needed = new Set<string>();
  for (const { mutator, args } of waiting) {
    for (const key of mutator.touches(args)) needed.add(shadowId(key));
  }
  for (const table of new Set(shadows.map((s) => s.table))) {
    const mine = shadows.filter((s) => s.table === table);
    const gone = mine.filter((s) => s.row === null).map((s) => s.key);
    const rows = mine.filter((s) => s.row !== null).map((s) => s.row);
    if (gone.length > 0) await rowsOf(db, table).bulkDelete(gone);
    if (rows.length > 0) await rowsOf(db, table).bulkPut(rows);
  }
  for (const { mutator, args } of waiting) await mutator.applyLocal({ db, args, now });
  const unneeded = shadows.filter((s) => !needed.has(s.id)).map((s) => s.id);
  if (unneeded.length > 0) await db.shadows.bulkDelete(unneeded);
}

/**
 * Whether a change the member made to this row is still waiting on the server (pending, sent
 * or accepted but not yet pulled back): screens then show the device's copy, which has it.
 */
export async function hasWaitingChange({ db, key }: { db: LocalDb; key: LocalKey }): Promise<boolean> {
  await loadMutators();
  return (await waitingMutations(db)).some(({ mutator, args }) =>
    mutator.touches(args).some((k) => k.table === key.table && k.key === key.key),
  );
}

/**
 * The sites with a change of the member's still waiting (the same rule as hasWaitingChange),
 * new sites under their device index among them: lists mark these rows as waiting to sync.
 */
export async function waitingSiteKeys(db: LocalDb): Promise<Set<number>> {
  await loadMutators();
  const keys = new Set<number>();
  for (const { mutator, args } of await waitingMutations(db)) {
    for (const k of mutator.touches(args)) if (k.table === 'sites') keys.add(k.key);
  }
  return keys;
}
