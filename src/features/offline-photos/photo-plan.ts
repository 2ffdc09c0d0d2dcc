import type { KeptPhoto } from '../../db/photos-db.ts';

/**
 * Which site pictures the device keeps for offline viewing (issue: an agent's own and group sites
 * show their pictures offline after the first sync). Every own and group site's first picture (its
 * thumbnail) is kept; the rest of their pictures while the storage budget allows, newest sites
 * first, so when room runs out the oldest sites' pictures are the ones left out or dropped first.
 */

export interface PhotoSite {
  f_idx: number;
  f_user_idx: number;
  f_group_idx: number | null;
  f_update_time: string;
  /** Absent on a row pulled without pictures. */
  f_image_urls?: readonly string[] | undefined;
  f_inlay_image_url?: readonly string[] | undefined;
}

export interface WantedPhoto {
  url: string;
  site_idx: number;
  kind: KeptPhoto['kind'];
}

/** Only pictures on this server: a picture still waiting on the device is there already. */
const isUpload = (url: string) => url.startsWith('/uploads/');

/**
 * The pictures to keep, in the order they are worth keeping: every cover (newest site first),
 * then every other picture of the newest site, of the next, and so on. Own sites and the sites of
 * the member's groups only (`groups` null: not known on this device, then any shared site).
 */
export function wantedPhotos({
  sites,
  uid,
  groups,
}: {
  sites: readonly PhotoSite[];
  uid: number;
  groups: ReadonlySet<number> | null;
}): WantedPhoto[] {
  const mine = sites
    .filter(
      (s) =>
        s.f_idx > 0 &&
        (s.f_user_idx === uid || (s.f_group_idx !== null && (groups === null || groups.has(s.f_group_idx)))),
    )
    .sort((a, b) => b.f_update_time.localeCompare(a.f_update_time) || b.f_idx - a.f_idx);
  const covers: WantedPhoto[] = [];
  const rest: WantedPhoto[] = [];
  const seen = new Set<string>();
  for (const site of mine) {
    const urls = [...(site.f_image_urls ?? []), ...(site.f_inlay_image_url ?? [])].filter(isUpload);
    urls.forEach((url, i) => {
      if (seen.has(url)) return;
      seen.add(url);
      (i === 0 ? covers : rest).push({ url, site_idx: site.f_idx, kind: i === 0 ? 'cover' : 'full' });
    });
  }
  return [...covers, ...rest];
}

export interface PhotoPlan {
  /** Kept pictures to drop: their site left the device, or room is needed for a newer site's. */
  drop: string[];
  /** Pictures to fetch, in order; a full picture only while `budget` allows (its size is learnt as it comes). */
  fetch: WantedPhoto[];
}

/**
 * What to drop and what to fetch, given what is kept and the bytes the pictures may take. Covers
 * are always fetched. Kept full pictures are counted in order of worth: those past the budget
 * are dropped, the oldest site's first; a missing one is fetched only while the kept ones above
 * it leave room (`averageBytes` stands for a picture not fetched yet).
 */
export function planPhotos({
  wanted,
  kept,
  budget,
  averageBytes,
}: {
  wanted: readonly WantedPhoto[];
  kept: readonly KeptPhoto[];
  budget: number;
  averageBytes: number;
}): PhotoPlan {
  const keptByUrl = new Map(kept.map((k) => [k.url, k]));
  const wantedUrls = new Set(wanted.map((w) => w.url));
  const drop = kept.filter((k) => !wantedUrls.has(k.url)).map((k) => k.url);
  const fetch: WantedPhoto[] = [];
  let used = 0;
  for (const photo of wanted) {
    const have = keptByUrl.get(photo.url);
    const bytes = have?.bytes ?? averageBytes;
    if (photo.kind === 'full' && used + bytes > budget) {
      if (have) drop.push(photo.url);
      continue;
    }
    used += bytes;
    if (!have) fetch.push(photo);
  }
  return { drop, fetch };
}

/**
 * The bytes the kept pictures may take: what the browser says is left of the origin's quota
 * (half of it: the sync store, the offline areas and the app itself live there too) plus what
 * they take already, never more than `cap`; where the browser does not say (WebKit has no
 * `navigator.storage`), `fallback`.
 */
export function photoBudget({
  estimate,
  keptBytes,
  cap,
  fallback,
}: {
  estimate: { usage?: number; quota?: number } | null;
  keptBytes: number;
  cap: number;
  fallback: number;
}): number {
  if (!estimate?.quota) return Math.min(cap, fallback);
  const free = Math.max(0, estimate.quota / 2 - (estimate.usage ?? 0));
  return Math.min(cap, keptBytes + free);
}
