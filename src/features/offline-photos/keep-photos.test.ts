import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDb, type LocalSite } from '../../db/db.ts';
import { PhotosDb } from '../../db/photos-db.ts';
import { type KeepPhotosDeps, keepPhotos } from './keep-photos.ts';

const names: string[] = [];
function fresh<T>(make: (name: string) => T): T {
  const name = `keep-photos-${Date.now()}-${names.length}`;
  names.push(name);
  return make(name);
}

afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

function site(f_idx: number, fields: Partial<LocalSite> = {}): LocalSite {
  return {
    f_idx,
    f_site_type: 'O',
    f_user_idx: 1,
    f_group_idx: null,
    f_name: `현장 ${f_idx}`,
    f_update_time: `2026-11-0${f_idx}`,
    f_image_urls: [`/uploads/${f_idx}-a.webp`, `/uploads/${f_idx}-b.webp`],
    f_inlay_image_url: [],
    ...fields,
  };
}

/** The service worker's cache as a map of URL to the bytes it serves. */
function memoryCache() {
  const held = new Map<string, number>();
  const cache: NonNullable<KeepPhotosDeps['cache']> = {
    put: async (url, res) => {
      held.set(String(url), (await res.blob()).size);
    },
    delete: async (url) => held.delete(String(url)),
    match: async (url) => (held.has(String(url)) ? new Response('') : undefined),
  };
  return { held, cache };
}

/** The server: every picture is `bytes` long; what was asked for is remembered. */
function server(bytes: number) {
  const asked: string[] = [];
  const fetchPhoto = async (url: string) => {
    asked.push(url);
    return new Response(new Uint8Array(bytes), { headers: { 'content-type': 'image/webp' } });
  };
  return { asked, fetchPhoto };
}

async function setup(sites: LocalSite[]) {
  const db = fresh((name) => new LocalDb(name));
  const photos = fresh((name) => new PhotosDb(name));
  await db.sites.bulkPut(sites);
  return { db, photos };
}

describe('keeping the sites’ pictures on the device', () => {
  it('fetches the own sites’ covers and, while the estimate leaves room, their other pictures into the cache', async () => {
    const { db, photos } = await setup([site(1), site(2), site(3, { f_user_idx: 2 })]);
    const { held, cache } = memoryCache();
    const { asked, fetchPhoto } = server(200_000);
    // Half of the quota is 800,000 bytes: two covers and one more picture (a picture not fetched
    // yet counts as 250 KB).
    const estimate = async () => ({ quota: 1_600_000, usage: 0 });
    const done = await keepPhotos({
      db,
      photos,
      uid: 1,
      groups: null,
      cache,
      fetchPhoto,
      estimate,
      online: () => true,
    });
    expect(done.fetched).toBe(3);
    expect([...held.keys()].sort()).toEqual(['/uploads/1-a.webp', '/uploads/2-a.webp', '/uploads/2-b.webp']);
    expect(asked).not.toContain('/uploads/3-a.webp');
    expect((await photos.photos.toArray()).map((p) => p.bytes)).toEqual([200_000, 200_000, 200_000]);
  });

  it('lets a site’s pictures go when the site leaves the device, and fetches again one the cache lost', async () => {
    const { db, photos } = await setup([site(1), site(2)]);
    const { held, cache } = memoryCache();
    const deps = { db, photos, uid: 1, groups: null, cache, estimate: async () => null, online: () => true };
    await keepPhotos({ ...deps, fetchPhoto: server(10).fetchPhoto });
    expect(held.size).toBe(4);

    await db.sites.delete(1);
    held.delete('/uploads/2-b.webp');
    const again = server(10);
    const done = await keepPhotos({ ...deps, fetchPhoto: again.fetchPhoto });
    expect(again.asked).toEqual(['/uploads/2-b.webp']);
    expect(done.dropped).toBe(2);
    expect([...held.keys()].sort()).toEqual(['/uploads/2-a.webp', '/uploads/2-b.webp']);
    expect((await photos.photos.toArray()).map((p) => p.url).sort()).toEqual([...held.keys()].sort());
  });

  it('stops fetching when the connection goes and records only what arrived', async () => {
    const { db, photos } = await setup([site(1), site(2)]);
    const { held, cache } = memoryCache();
    let online = true;
    const { fetchPhoto } = server(10);
    const done = await keepPhotos({
      db,
      photos,
      uid: 1,
      groups: null,
      cache,
      estimate: async () => null,
      online: () => online,
      fetchPhoto: async (url) => {
        online = false;
        return fetchPhoto(url);
      },
    });
    // The picture under way when the link went still arrives; none is asked for after it.
    expect(done.fetched).toBe(1);
    expect(await photos.photos.count()).toBe(held.size);
  });

  it('skips a picture the server refuses and keeps the others', async () => {
    const { db, photos } = await setup([site(1)]);
    const { held, cache } = memoryCache();
    const done = await keepPhotos({
      db,
      photos,
      uid: 1,
      groups: null,
      cache,
      estimate: async () => null,
      online: () => true,
      fetchPhoto: async (url) =>
        url.endsWith('-a.webp') ? new Response('', { status: 404 }) : new Response(new Uint8Array(5)),
    });
    expect(done.fetched).toBe(1);
    expect([...held.keys()]).toEqual(['/uploads/1-b.webp']);
  });
});
