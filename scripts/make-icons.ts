// Renders the PWA icons from public/favicon.svg. Run once when the logo changes:
// node --import tsx scripts/make-icons.ts
import { mkdir, readFile } from 'node:fs/promises';
import sharp from 'sharp';

const svg = await readFile('public/favicon.svg');
await mkdir('public/icons', { recursive: true });
await sharp(svg).resize(192, 192).png().toFile('public/icons/icon-192.png');
await sharp(svg).resize(512, 512).png().toFile('public/icons/icon-512.png');
// Maskable: the logo inside the 80% safe zone on a full-bleed background.
const inner = await sharp(svg).resize(360, 360).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#1f5eff' } })
  .composite([{ input: inner, gravity: 'centre' }])
  .png()
  .toFile('public/icons/icon-maskable-512.png');
console.log('icons written to public/icons');
