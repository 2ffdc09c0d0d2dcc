import type SQLite from 'better-sqlite3';
import sharp from 'sharp';
import type { FileStorage } from '../adapters/storage.ts';

/**
 * Demo home (SEED_DEMO_HOME): a home title and two ads linking the newest demo new-open sites,
 * showing for 30 days. The ad images are drawn here (sharp from SVG: a few shapes, small WebP), so
 * the same demo gives the same pictures. Runs only while no slot has an image.
 */
const DEMO_TITLE = '분양톡 현장 소식';
const AD_DAYS = 30;
const palettes = [
  { from: '#1f5eff', to: '#6a8dff', accent: '#ffd43b', label: 'NEW OPEN' },
  { from: '#0b7285', to: '#3bc9db', accent: '#ffffff', label: 'THIS MONTH' },
] as const;

function adSvg({ slot, palette }: { slot: number; palette: (typeof palettes)[number] }): string {
  // Buildings of fixed heights: the same slot always draws the same skyline.
  const heights = [260, 380, 320, 450, 300, 410].map((h, i) => h - ((slot * 37 + i * 53) % 90));
  const towers = heights
    .map(
      (h, i) =>
        `<rect x="${40 + i * 90}" y="${720 - h}" width="70" height="${h}" rx="6" fill="#ffffff" fill-opacity="${0.55 + (i % 3) * 0.15}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/>
    </linearGradient></defs>
    <rect width="600" height="800" fill="url(#g)"/>
    <circle cx="470" cy="150" r="70" fill="${palette.accent}" fill-opacity="0.9"/>
    ${towers}
    <rect x="0" y="720" width="600" height="80" fill="#1d2230" fill-opacity="0.85"/>
    <text x="40" y="130" font-family="DejaVu Sans, sans-serif" font-size="64" font-weight="700" fill="#ffffff">${palette.label}</text>
    <text x="40" y="772" font-family="DejaVu Sans, sans-serif" font-size="34" fill="${palette.accent}">No. ${slot}</text>
  </svg>`;
}

export async function seedDemoHome({
  sqlite,
  storage,
  now,
}: {
  sqlite: SQLite.Database;
  storage: FileStorage;
  now: Date;
}): Promise<{ ads: number }> {
  const { n } = sqlite.prepare("SELECT COUNT(*) AS n FROM ads WHERE f_image_url <> ''").get() as {
    n: number;
  };
  if (n > 0) return { ads: 0 };
  const sites = sqlite
    .prepare(
      `SELECT f_idx FROM sites WHERE f_status = 'N' AND f_site_type = 'O' AND f_hidden = 'N' AND f_complete = 'N'
        ORDER BY f_reg_time DESC, f_idx DESC LIMIT ?`,
    )
    .all(palettes.length) as Array<{ f_idx: number }>;
  const images: string[] = [];
  for (let i = 0; i < sites.length; i++) {
    const palette = palettes[i % palettes.length] ?? palettes[0];
    const bytes = await sharp(Buffer.from(adSvg({ slot: i + 1, palette })))
      .webp({ quality: 70 })
      .toBuffer();
    images.push(await storage.put({ bytes: new Uint8Array(bytes), ext: 'webp' }));
  }
  const at = now.toISOString();
  const setAd = sqlite.prepare(
    `UPDATE ads SET f_image_url = ?, f_connect_type = 'S', f_connect_value = ?, f_period_day = ?, f_start_time = ?,
      f_update_time = ? WHERE f_idx = ?`,
  );
  sqlite.transaction(() => {
    sqlite.prepare("UPDATE app_settings SET value = ? WHERE key = 'home_title'").run(DEMO_TITLE);
    sites.forEach((site, i) => {
      const image = images[i];
      if (image) setAd.run(image, String(site.f_idx), AD_DAYS, at, at, i + 1);
    });
  })();
  return { ads: sites.length };
}
