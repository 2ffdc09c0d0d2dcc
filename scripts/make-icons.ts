// Renders the PWA icons from public/favicon.svg, and the home-screen shortcuts' icons (the
// manifest's `shortcuts`, vite.config.ts) from lucide's drawings. Run once when the logo or a
// shortcut changes: node --import tsx scripts/make-icons.ts
import { mkdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { drawing, svgOf } from './shell-icons.ts';

const BRAND = '#1f5eff';

const svg = await readFile('public/favicon.svg');
await mkdir('public/icons', { recursive: true });
await sharp(svg).resize(192, 192).png().toFile('public/icons/icon-192.png');
await sharp(svg).resize(512, 512).png().toFile('public/icons/icon-512.png');
// Maskable: the logo inside the 80% safe zone on a full-bleed background.
const inner = await sharp(svg).resize(360, 360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: BRAND } })
  .composite([{ input: inner, gravity: 'centre' }])
  .png()
  .toFile('public/icons/icon-maskable-512.png');

/** Shortcut icons: the drawing in white inside the safe zone of a full-bleed brand square (Android masks it). */
export const shortcutIcons = { register: 'square-pen', map: 'map', notify: 'bell' } as const;
for (const [meaning, name] of Object.entries(shortcutIcons)) {
  const glyph = await sharp(Buffer.from(svgOf(await drawing(name), 'white')))
    .resize(52, 52)
    .png()
    .toBuffer();
  await sharp({ create: { width: 96, height: 96, channels: 4, background: BRAND } })
    .composite([{ input: glyph, gravity: 'centre' }])
    .png({ palette: true, compressionLevel: 9 })
    .toFile(`public/icons/shortcut-${meaning}.png`);
}
console.log('icons written to public/icons');
