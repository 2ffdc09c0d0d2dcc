import Dexie, { type EntityTable } from 'dexie';

/**
 * A site picture kept on the device for offline viewing (src/features/offline-photos/): the
 * picture itself sits in the service worker's `uploads` cache under its URL, which serves it
 * offline; this record says why it is there and what it weighs, so the pictures kept stay
 * within the storage budget and go when their site leaves the device.
 */
export interface KeptPhoto {
  url: string;
  site_idx: number;
  /** A site's first picture (its thumbnail in lists and cards), or one of its other pictures. */
  kind: 'cover' | 'full';
  bytes: number;
  kept_at: string;
}

/** A database of its own beside the sync store, as `bunyang-areas` is; cleared with it on logout. */
export class PhotosDb extends Dexie {
  photos!: EntityTable<KeptPhoto, 'url'>;

  constructor(name = 'bunyang-photos') {
    super(name);
    this.version(1).stores({ photos: 'url, site_idx, kind' });
  }
}

export const photosDb = new PhotosDb();

/** The cache the service worker serves `/uploads/` from offline (vite.config.ts runtimeCaching). */
export const PHOTO_CACHE = 'uploads';

/** Logout: the kept pictures leave the cache and the records go. */
export async function clearPhotos(db: PhotosDb = photosDb): Promise<void> {
  const kept = await db.photos.toArray();
  if (typeof caches !== 'undefined' && kept.length > 0) {
    const cache = await caches.open(PHOTO_CACHE);
    await Promise.all(kept.map((p) => cache.delete(p.url)));
  }
  await db.photos.clear();
}
