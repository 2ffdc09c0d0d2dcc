import type { LocalDb } from '../../src/db/db.ts';

/**
 * A device's IndexedDB that can die like the process holding it (kill -9 of the tab or app):
 * every transaction not yet committed is aborted, nothing more is written, and what was committed
 * stays for the restart. Transactions are watched through a Dexie middleware, so a crash can be
 * aimed at the middle of one: after it has made a request and before it commits.
 *
 * Why this is faithful: IndexedDB commits a transaction whole or not at all, and a committed
 * one survives the process (Chromium writes it to its log before `complete`); a process killed
 * mid-transaction loses that transaction and nothing else. Aborting every open transaction and
 * refusing new ones leaves the store exactly as the killed process would have.
 */
export class CrashableIdb {
  private readonly open = new Set<IDBTransaction>();
  private dead = false;
  private aim: { requests: number; hit: (tx: IDBTransaction) => void } | null = null;

  constructor(db: LocalDb) {
    db.use({
      stack: 'dbcore',
      name: 'chaos-crash',
      create: (down) => ({
        ...down,
        transaction: (stores, mode, options) => {
          if (this.dead) throw new DOMException('the device was killed', 'InvalidStateError');
          const tx = down.transaction(stores, mode, options) as IDBTransaction;
          this.watch(tx);
          return tx;
        },
      }),
    });
  }

  private watch(tx: IDBTransaction): void {
    this.open.add(tx);
    const done = () => this.open.delete(tx);
    tx.addEventListener('complete', done);
    tx.addEventListener('abort', done);
    tx.addEventListener('error', done);
    if (!this.aim || tx.mode !== 'readwrite') return;
    // Counted by the object stores it opens: the kill lands after that many requests began. A
    // transaction that commits with fewer leaves the aim for the next one.
    let opened = 0;
    const objectStore = tx.objectStore.bind(tx);
    tx.objectStore = (name: string) => {
      const store = objectStore(name);
      opened++;
      const aim = this.aim;
      if (aim && opened === aim.requests) {
        this.aim = null;
        queueMicrotask(() => aim.hit(tx));
      }
      return store;
    };
  }

  /**
   * Kills the device in the middle of its next read-write transaction (within `withinMs`, else
   * wherever it is). Answers the stores of the transaction it was in, or null when it was idle.
   */
  async killMidTransaction({
    requests,
    withinMs,
  }: {
    requests: number;
    withinMs: number;
  }): Promise<string[] | null> {
    const hit = await new Promise<IDBTransaction | null>((resolve) => {
      const timer = setTimeout(() => {
        this.aim = null;
        resolve(null);
      }, withinMs);
      this.aim = {
        requests,
        hit: (tx) => {
          clearTimeout(timer);
          resolve(tx);
        },
      };
    });
    const wasOpen = hit !== null && this.open.has(hit);
    const stores = wasOpen ? [...(hit as IDBTransaction).objectStoreNames] : null;
    this.killNow();
    return stores;
  }

  /** Every open transaction aborted, no new one allowed. */
  killNow(): void {
    this.dead = true;
    this.aim = null;
    for (const tx of this.open) {
      try {
        tx.abort();
      } catch {
        // It finished on its own just now.
      }
    }
    this.open.clear();
  }

  get killed(): boolean {
    return this.dead;
  }
}
