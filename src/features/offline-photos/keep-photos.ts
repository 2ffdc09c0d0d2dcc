import { sessionStore } from '../../api/session.ts';
import { type LocalDb, localDb } from '../../db/db.ts';
import { PHOTO_CACHE, type PhotosDb, photosDb } from '../../db/photos-db.ts';
import { knownGroups } from '../groups/my-groups.ts';
import { photoBudget, planPhotos, wantedPhotos } from './photo-plan.ts';

/** Never more than this for kept pictures, whatever the quota. */
export const PHOTO_CAP_BYTES = 300 * 1024 * 1024;
/** The budget where the browser gives no estimate (WebKit). */
export const PHOTO_FALLBACK_BYTES = 50 * 1024 * 1024;
/** What a picture not fetched yet is counted as (the server stores WebP of at most 2000 px). */
const AVERAGE_PHOTO_BYTES = 250 * 1024;
/** Two at a time: the pictures share the link with whatever the agent does meanwhile. */
const PARALLEL = 2;
const PHOTO_TIMEOUT_MS = 20_000;

export interface KeepPhotosDeps {
  db?: LocalDb;
  photos?: PhotosDb;
  uid?: number;
  groups?: ReadonlySet<number> | null;
  cache?: Pick<Cache, 'put' | 'delete' | 'match'>;
  fetchPhoto?: (url: string) => Promise<Response>;
  estimate?: () => Promise<{ usage?: number; quota?: number } | null>;
  online?: () => boolean;
}

async function defaultFetch(url: string): Promise<Response> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), PHOTO_TIMEOUT_MS);
  try {
    // Same origin, with the session cookie: a private inlay picture of an own site is served too.
    const res = await fetch(url, { credentials: 'same-origin', signal: abort.signal });
    // Read whole before the timer goes: a picture that stops halfway is skipped.
    return new Response(await res.blob(), { status: res.status, headers: res.headers });
  } finally {
    clearTimeout(timer);
  }
}

async function defaultEstimate(): Promise<{ usage?: number; quota?: number } | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  return navigator.storage.estimate().catch(() => null);
}

function myGroups(): ReadonlySet<number> | null {
  const known = knownGroups();
  return known ? new Set(known.groups.map((g) => g.f_idx)) : null;
}

/**
 * Keeps the own and group sites' pictures on the device (./photo-plan.ts): drops what is no
 * longer wanted or no longer fits, re-checks that what is recorded is still in the cache (the
 * worker's own expiry may have dropped it), then fetches what is missing, covers first, until
 * the budget is used or the connection goes. Runs after a sync, in the background.
 */
export async function keepPhotos(deps: KeepPhotosDeps = {}): Promise<{ fetched: number; dropped: number }> {
  const db = deps.db ?? localDb;
  const photos = deps.photos ?? photosDb;
  const uid = deps.uid ?? (sessionStore.get() ?? sessionStore.stored())?.uid ?? 0;
  const online = deps.online ?? (() => navigator.onLine !== false);
  const cache = deps.cache ?? (await caches.open(PHOTO_CACHE));
  const fetchPhoto = deps.fetchPhoto ?? defaultFetch;
  if (!uid) return { fetched: 0, dropped: 0 };

  const sites = await db.sites.toArray();
  const wanted = wantedPhotos({ sites, uid, groups: deps.groups === undefined ? myGroups() : deps.groups });
  let kept = await photos.photos.toArray();
  // A record whose picture left the cache is forgotten, so it is fetched again.
  const gone = (await Promise.all(kept.map(async (k) => ((await cache.match(k.url)) ? null : k.url)))).filter(
    (url): url is string => url !== null,
  );
  if (gone.length > 0) {
    await photos.photos.bulkDelete(gone);
    kept = kept.filter((k) => !gone.includes(k.url));
  }
  const keptBytes = kept.reduce((sum, k) => sum + k.bytes, 0);
  const budget = photoBudget({
    estimate: await (deps.estimate ?? defaultEstimate)(),
    keptBytes,
    cap: PHOTO_CAP_BYTES,
    fallback: PHOTO_FALLBACK_BYTES,
  });
  const plan = planPhotos({ wanted, kept, budget, averageBytes: AVERAGE_PHOTO_BYTES });
  await Promise.all(plan.drop.map((url) => cache.delete(url)));
  await photos.photos.bulkDelete(plan.drop);

  let used = keptBytes - kept.filter((k) => plan.drop.includes(k.url)).reduce((sum, k) => sum + k.bytes, 0);
  let fetched = 0;
  let next = 0;
  const worker = async () => {
    while (next < plan.fetch.length && online()) {
      const photo = plan.fetch[next++];
      if (!photo) break;
      // A full picture only while it fits: sizes are learnt as they come.
      if (photo.kind === 'full' && used + AVERAGE_PHOTO_BYTES > budget) continue;
      try {
        const res = await fetchPhoto(photo.url);
        if (!res.ok) continue;
        const blob = await res.blob();
        if (photo.kind === 'full' && used + blob.size > budget) continue;
        const type = res.headers.get('content-type') ?? 'image/webp';
        await cache.put(photo.url, new Response(blob, { headers: { 'content-type': type } }));
        await photos.photos.put({
          url: photo.url,
          site_idx: photo.site_idx,
          kind: photo.kind,
          bytes: blob.size,
          kept_at: new Date().toISOString(),
        });
        used += blob.size;
        fetched++;
      } catch {
        // Offline, refused or too slow: the next sync tries again.
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { fetched, dropped: plan.drop.length };
}
