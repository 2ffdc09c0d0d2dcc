import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../db/database.ts';
import { seedDemo } from './demo.ts';
import { renderDemoPictures, seedDemoPictures } from './demo-pictures.ts';

describe('demo pictures', () => {
  it('are the same small WebP pictures on every run', async () => {
    const [first, second] = await Promise.all([renderDemoPictures(3), renderDemoPictures(3)]);
    expect(first).toEqual(second);
    for (const bytes of first) {
      expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP');
      expect(bytes.length).toBeLessThan(40_000);
    }
    expect(first[0]).not.toEqual(first[1]);
  });

  it('are stored through the uploads store and shown by most demo sites', async () => {
    const { sqlite, close } = await openTestDatabase();
    seedDemo({ sqlite, superAdminPhone: '01000000000', now: new Date('2026-11-21T00:00:00Z') });
    const stored = new Map<string, Uint8Array>();
    const storage = {
      put: async ({ bytes, ext }: { bytes: Uint8Array; ext: string }) => {
        const url = `/uploads/demo/${stored.size}.${ext}`;
        stored.set(url, bytes);
        return url;
      },
      read: async (url: string) => stored.get(url) ?? null,
      remove: async () => {},
    };
    expect(await seedDemoPictures({ sqlite, storage })).toBe(12);
    const rows = sqlite.prepare('SELECT f_image_urls FROM sites').all() as Array<{ f_image_urls: string }>;
    const withPhotos = rows.filter((r) => r.f_image_urls !== '[]');
    expect(withPhotos.length).toBeGreaterThan(rows.length * 0.7);
    for (const r of withPhotos)
      for (const url of JSON.parse(r.f_image_urls) as string[]) expect(stored.has(url)).toBe(true);
    // A second start finds the sites with their pictures and stores nothing more.
    sqlite.prepare("UPDATE sites SET f_image_urls = '[\"/uploads/x.webp\"]' WHERE f_image_urls = '[]'").run();
    expect(await seedDemoPictures({ sqlite, storage })).toBe(0);
    await close();
  });
});
