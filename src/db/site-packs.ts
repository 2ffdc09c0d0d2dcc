import type { Dexie, EntityTable } from 'dexie';
import type { LocalSite } from '../../sync/device-store.ts';

/**
 * Sites are stored in packs: the sites whose ids share `floor(f_idx / SITES_PER_PACK)` form
 * one IndexedDB record. Chromium spends most of a bulk write on per-record work, not bytes:
 * 10,000 sites as 10,000 records took 1.3–2.1 s to store here, as ~160 packs 0.4–0.5 s
 * (docs/sync.md). Sites are read whole and written by the pull a page at a time, so a pack
 * costs a single-site read little (one record of at most 64 sites).
 */
export const SITES_PER_PACK = 64;

export interface SitePack {
  /** floor(f_idx / SITES_PER_PACK) */
  id: number;
  /** The pack's sites, ordered by f_idx. */
  sites: LocalSite[];
}

export function packOf(siteIdx: number): number {
  return Math.floor(siteIdx / SITES_PER_PACK);
}

/** Sites grouped into the packs they belong to, each ordered by f_idx. */
export function packSites(sites: Iterable<LocalSite>): SitePack[] {
  const packs = new Map<number, Map<number, LocalSite>>();
  for (const site of sites) {
    const id = packOf(site.f_idx);
    let pack = packs.get(id);
    if (!pack) {
      pack = new Map();
      packs.set(id, pack);
    }
    pack.set(site.f_idx, site);
  }
  return [...packs].map(([id, pack]) => ({ id, sites: orderedSites(pack) }));
}

function orderedSites(pack: Map<number, LocalSite>): LocalSite[] {
  return [...pack.values()].sort((a, b) => a.f_idx - b.f_idx);
}

/**
 * The device's sites, one row per site to its callers, packed underneath. Every write is a
 * read-modify-write of whole packs inside a transaction over the packs table, so it joins
 * the caller's transaction when there is one (a sync transaction, a queued mutation) and two
 * writes to one pack never lose each other's sites.
 */
export class SiteStore {
  constructor(
    private readonly db: Dexie,
    private readonly packs: EntityTable<SitePack, 'id'>,
  ) {}

  async get(siteIdx: number): Promise<LocalSite | undefined> {
    const pack = await this.packs.get(packOf(siteIdx));
    return pack?.sites.find((site) => site.f_idx === siteIdx);
  }

  /** Every site, ordered by f_idx. */
  async toArray(): Promise<LocalSite[]> {
    return (await this.packs.toArray()).flatMap((pack) => pack.sites);
  }

  async keys(): Promise<number[]> {
    return (await this.toArray()).map((site) => site.f_idx);
  }

  async count(): Promise<number> {
    let count = 0;
    await this.packs.each((pack) => {
      count += pack.sites.length;
    });
    return count;
  }

  async clear(): Promise<void> {
    await this.packs.clear();
  }

  put(site: LocalSite): Promise<void> {
    return this.write({ puts: [site], deletes: [] });
  }

  bulkPut(sites: readonly LocalSite[]): Promise<void> {
    return this.write({ puts: sites, deletes: [] });
  }

  delete(siteIdx: number): Promise<void> {
    return this.write({ puts: [], deletes: [siteIdx] });
  }

  bulkDelete(siteIdxs: number[]): Promise<void> {
    return this.write({ puts: [], deletes: siteIdxs });
  }

  /** Changes some fields of a stored site; 1 if it was there, 0 if not (as Dexie's update). */
  update(siteIdx: number, changes: Partial<LocalSite>): Promise<number> {
    return this.db.transaction('rw', this.packs, async () => {
      const site = await this.get(siteIdx);
      if (!site) return 0;
      await this.put({ ...site, ...changes, f_idx: siteIdx });
      return 1;
    });
  }

  /** Deletes first, then puts: a site in both ends up stored, as with Dexie's bulkDelete + bulkPut. */
  private async write({
    puts,
    deletes,
  }: {
    puts: readonly LocalSite[];
    deletes: readonly number[];
  }): Promise<void> {
    if (puts.length === 0 && deletes.length === 0) return;
    await this.db.transaction('rw', this.packs, async () => {
      const ids = [...new Set([...deletes.map(packOf), ...puts.map((site) => packOf(site.f_idx))])];
      const stored = await this.packs.bulkGet(ids);
      const existing = new Set(stored.flatMap((pack) => (pack ? [pack.id] : [])));
      const packs = new Map(
        ids.map((id, i) => [id, new Map((stored[i]?.sites ?? []).map((site) => [site.f_idx, site]))]),
      );
      for (const siteIdx of deletes) packs.get(packOf(siteIdx))?.delete(siteIdx);
      for (const site of puts) packs.get(packOf(site.f_idx))?.set(site.f_idx, site);
      const kept: SitePack[] = [];
      const emptied: number[] = [];
      for (const [id, pack] of packs) {
        if (pack.size > 0) kept.push({ id, sites: orderedSites(pack) });
        else if (existing.has(id)) emptied.push(id);
      }
      if (kept.length > 0) await this.packs.bulkPut(kept);
      if (emptied.length > 0) await this.packs.bulkDelete(emptied);
    });
  }
}
