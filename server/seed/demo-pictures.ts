import type SQLite from 'better-sqlite3';
import sharp from 'sharp';
import type { FileStorage } from '../adapters/storage.ts';
import { DEMO_SEED } from './demo.ts';
import { createRng, type Rng } from './random.ts';

/**
 * Demo sites with pictures: a small pool of drawn building scenes (the same pictures from the same
 * seed on every machine: SVG drawn by sharp into small WebP), stored through the uploads store as an
 * upload is, and given to most demo sites as their photos. Kept apart from seedDemo, which is
 * synchronous and also runs in tests that have no uploads store.
 */
export const DEMO_PICTURES = 12;
const WIDTH = 640;
const HEIGHT = 400;

/** One scene: sky, ground and two to four buildings with rows of windows. */
export function demoPictureSvg(rng: Rng): string {
  const hue = rng.int(190, 225);
  const shapes: string[] = [];
  let x = rng.int(10, 60);
  const count = rng.int(2, 4);
  for (let b = 0; b < count && x < WIDTH - 80; b++) {
    const width = rng.int(90, 170);
    const height = rng.int(150, 320);
    const top = HEIGHT - 40 - height;
    const tone = rng.int(70, 92);
    shapes.push(
      `<rect x="${x}" y="${top}" width="${width}" height="${height}" fill="hsl(${hue + 10} 12% ${tone}%)"/>`,
    );
    for (let wy = top + 16; wy < HEIGHT - 60; wy += 22) {
      for (let wx = x + 12; wx < x + width - 18; wx += 20) {
        const lit = rng.chance(0.35);
        shapes.push(
          `<rect x="${wx}" y="${wy}" width="10" height="12" fill="${lit ? '#ffe9a8' : `hsl(${hue} 35% 38%)`}"/>`,
        );
      }
    }
    x += width + rng.int(14, 40);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="hsl(${hue} 70% 62%)"/><stop offset="1" stop-color="hsl(${hue} 60% 88%)"/>
</linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
${shapes.join('\n')}
<rect y="${HEIGHT - 40}" width="${WIDTH}" height="40" fill="hsl(100 25% 55%)"/>
</svg>`;
}

/** The pool's pictures as WebP bytes. */
export async function renderDemoPictures(count = DEMO_PICTURES): Promise<Uint8Array[]> {
  const rng = createRng(DEMO_SEED + 1);
  const out: Uint8Array[] = [];
  for (let i = 0; i < count; i++) {
    const svg = demoPictureSvg(rng);
    out.push(new Uint8Array(await sharp(Buffer.from(svg)).webp({ quality: 60 }).toBuffer()));
  }
  return out;
}

/**
 * Stores the pool and gives most demo sites one to three of its pictures (only sites with none),
 * chosen by their own seed so the rest of the demo data stays as it is. Returns the files stored.
 */
export async function seedDemoPictures({
  sqlite,
  storage,
}: {
  sqlite: SQLite.Database;
  storage: FileStorage;
}): Promise<number> {
  const sites = sqlite
    .prepare("SELECT f_idx FROM sites WHERE f_image_urls = '[]' ORDER BY f_idx")
    .all() as Array<{ f_idx: number }>;
  if (sites.length === 0) return 0;
  const urls: string[] = [];
  for (const bytes of await renderDemoPictures()) urls.push(await storage.put({ bytes, ext: 'webp' }));
  const rng = createRng(DEMO_SEED + 2);
  const setPhotos = sqlite.prepare('UPDATE sites SET f_image_urls = ? WHERE f_idx = ?');
  sqlite.transaction(() => {
    for (const site of sites) {
      if (!rng.chance(0.85)) continue;
      setPhotos.run(JSON.stringify(rng.subset(urls, 1, 3)), site.f_idx);
    }
  })();
  return urls.length;
}
