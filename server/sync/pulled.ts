import type { ChangeEntity, PullWire } from '../../sync/protocol.ts';
import type { DbOrTx } from '../db/database.ts';
import type { RawJson } from '../http/raw-json.ts';

/**
 * What a feature declares for each entity the pull sends (docs/sync.md, "Adding a pulled
 * entity"): how the rows behind a page's feed entries are read and turned into the protocol's
 * changes. server/sync/registry.ts lists the declarations; the pull (pull.repository.ts) keeps
 * the cursor, the paging and the scope and asks the owner of each entry for its changes.
 */

type WireChange = PullWire['changes'][number];

/** A change's row or values may be JSON SQLite already wrote, pasted into the page as it is. */
type Pasted<C> = C extends unknown
  ? { [K in keyof C]: K extends 't' | 'op' | 'key' ? C[K] : C[K] | RawJson<C[K]> }
  : never;

/** A change as a page holds it: the wire's change, with fields SQLite may have written as JSON. */
export type PageChange = Pasted<WireChange>;

/** The changes of some entities only. */
export type PageChangeOf<E extends ChangeEntity> = Extract<PageChange, { t: E }>;

/** A feed entry of the page: one row of an entity, changed, gone, or just in the member's scope. */
export interface PulledEntry<E extends ChangeEntity = ChangeEntity> {
  entity: E;
  key: number;
  /** The row left the member's feed (or the scope). */
  deleted: boolean;
  /** The row entered the member's scope with this entry (not a change of its content). */
  entered: boolean;
}

export interface PulledChanges<E extends ChangeEntity> {
  /** For each entry given, in order: the changes it stands for (none, one, or a row with what follows it). */
  changes: Array<Array<PageChangeOf<E>>>;
  /** The field names of the puts that carry `values` instead of a row (PullWire.site_columns), when there are any. */
  siteColumns?: readonly string[];
}

/**
 * The entities one feature sends (several when they travel together, like a site and its
 * units). `changes` reads the rows behind the entries as `viewer` may see them, in the caller's
 * read transaction `db`, and answers each entry's changes: a put for a row there is, a deletion
 * for one that is gone or no longer the member's.
 */
export interface PulledEntity<E extends ChangeEntity = ChangeEntity> {
  entities: readonly E[];
  // A method, so that each feature's declaration is also an AnyPulledEntity (entries compare both ways).
  changes(input: {
    db: DbOrTx;
    viewer: number;
    entries: ReadonlyArray<PulledEntry<E>>;
  }): Promise<PulledChanges<E>>;
}

/** Any feature's declaration, as the registry and the pull hold it. */
export interface AnyPulledEntity {
  entities: readonly ChangeEntity[];
  changes(input: {
    db: DbOrTx;
    viewer: number;
    entries: readonly PulledEntry[];
  }): Promise<{ changes: PageChange[][]; siteColumns?: readonly string[] }>;
}

/**
 * The common case: an entity whose entries are one row each, read by key. `rows` answers the
 * rows it finds; an entry without one (or deleted from the feed) becomes a deletion. `put` and
 * `del` write the entity's changes, so the compiler checks them against the protocol.
 */
export function keyedEntity<E extends ChangeEntity, R>({
  entity,
  rows,
  put,
  del,
}: {
  entity: E;
  rows: (input: { db: DbOrTx; viewer: number; keys: number[] }) => Promise<Map<number, R>>;
  put: (key: number, row: R) => PageChangeOf<E>;
  del: (key: number) => PageChangeOf<E>;
}): PulledEntity<E> {
  return {
    entities: [entity],
    changes: async ({ db, viewer, entries }) => {
      const found = await rows({ db, viewer, keys: entries.filter((e) => !e.deleted).map((e) => e.key) });
      return {
        changes: entries.map(({ key, deleted }) => {
          const row = deleted ? undefined : found.get(key);
          return [row === undefined ? del(key) : put(key, row)];
        }),
      };
    },
  };
}
