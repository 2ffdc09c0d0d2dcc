/**
 * npm run bench:offline-area [-- --sites 100000 --seed 6 --keep]
 *
 * The device store of one dense 구 kept offline. Builds the benchmark database as
 * `npm run bench:map` does (same generator, seed and size), starts the real server process on
 * it and, as the app's offline-area download does, asks for the 시/군/구 list, picks the densest
 * 구 and downloads its sites page by page over HTTP. Reports the download time, the bytes on the
 * wire and the bytes the device stores (the chunks as `keepArea` writes and measures them), and
 * how many base tiles the area's box keeps. Writes bench/results/offline-area.json.
 */

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureAreas } from '../server/areas/areas.seed.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { demoUsers, seedDemo } from '../server/seed/demo.ts';
import { createRng } from '../server/seed/random.ts';
import { generateSites } from '../server/seed/sites.generator.ts';
import { areaTileUrls } from '../src/features/offline-areas/area-tiles.ts';
import {
  getOfflineAreaListCall,
  getOfflineAreaSitesCall,
  getOfflineViewEstimateCall,
  type OfflineAreaOption,
  type OfflineAreaPage,
} from '../sync/api/offline-areas.api.ts';
import { API_BASE, Headers } from '../sync/codes.ts';
import { AREA_SITE_BYTES, MAX_VIEW_SITES, type ViewBox } from '../sync/offline-areas/offline-areas.ts';
import { startServerProcess } from '../tests/support/server-process.ts';

const { values } = parseArgs({
  options: {
    sites: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '6' },
    'units-scale': { type: 'string', default: '1' },
    dir: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const siteCount = Number(values.sites);
const seed = Number(values.seed);
const dir = path.resolve(values.dir ?? path.join(os.tmpdir(), `bench-offline-area-${siteCount}`));
const dbFile = path.join(dir, 'app.db');
const log = (...args: unknown[]) => console.error('[bench:offline-area]', ...args);
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

// 1. The database, built as bench/map.ts builds it.
let buildSeconds: number | null = null;
if (!(values.keep && fs.existsSync(dbFile))) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const handle = openDatabase({ file: dbFile });
  await migrateToLatest(handle.db);
  ensureAreas({ sqlite: handle.sqlite });
  const now = new Date('2026-11-21T00:00:00Z');
  seedDemo({ sqlite: handle.sqlite, superAdminPhone: '01000000000', now, siteCount: 0 });
  const owners = handle.sqlite
    .prepare("SELECT f_idx FROM users WHERE f_type = 'U' AND f_approval = 'A'")
    .pluck()
    .all() as number[];
  generateSites({
    sqlite: handle.sqlite,
    rng: createRng(seed),
    count: siteCount,
    ownerIds: owners,
    now,
    unitsScale: Number(values['units-scale']),
  });
  handle.sqlite.pragma('optimize');
  handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  await handle.close();
  buildSeconds = round((performance.now() - started) / 1000, 1);
  log('built', `${buildSeconds} s`);
}

// 2. A signed-in member with a ticket.
const handle = openDatabase({ file: dbFile });
const member = handle.sqlite
  .prepare('SELECT f_idx FROM users WHERE f_phone = ?')
  .pluck()
  .get(demoUsers.agents[0].phone) as number;
handle.sqlite
  .prepare("UPDATE users SET f_usage_date = '2099-01-01T00:00:00.000Z' WHERE f_idx = ?")
  .run(member);
const token = randomBytes(32).toString('base64url');
const nowIso = new Date().toISOString();
handle.sqlite
  .prepare(
    `INSERT INTO sessions (f_user_idx, token_hash, device_id, created_at, expires_at, last_seen_at)
     VALUES (?, ?, 'bench-device', ?, '2099-01-01T00:00:00.000Z', ?)`,
  )
  .run(member, createHash('sha256').update(token).digest('hex'), nowIso, nowIso);
handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
await handle.close();

// 3. The download over HTTP from the real server process.
const port = 20_000 + Math.floor(Math.random() * 2000);
const server = await startServerProcess({ dir, port, env: { SEED_DEMO: 'false' } });
const base = `http://127.0.0.1:${port}${API_BASE}`;
const headers = { [Headers.accessToken]: token, [Headers.deviceId]: 'bench-device' };
async function get<T>(p: string, query: Record<string, string>): Promise<{ data: T; wire: number }> {
  const res = await fetch(`${base}${p}?${new URLSearchParams(query)}`, { headers });
  const text = await res.text();
  const body = JSON.parse(text) as { code: number; msg: string; data: T };
  if (body.code !== 0) throw new Error(`${p}: ${body.msg}`);
  return { data: body.data, wire: Buffer.byteLength(text) };
}

try {
  const listStarted = performance.now();
  const { data: options } = await get<{ list: OfflineAreaOption[] }>(getOfflineAreaListCall.path, {});
  const listMs = performance.now() - listStarted;
  const area = [...options.list].sort((a, b) => b.site_count - a.site_count)[0];
  if (!area) throw new Error('no area');
  log('densest', area.f_area, area.f_district, area.site_count, 'sites');

  const utf8 = new TextEncoder();
  const started = performance.now();
  let after = 0;
  let pages = 0;
  let sites = 0;
  let wire = 0;
  let stored = 0;
  let largestPage = 0;
  let bounds: { south: number; north: number; west: number; east: number } | null = null;
  for (;;) {
    const { data: page, wire: bytes } = await get<OfflineAreaPage>(getOfflineAreaSitesCall.path, {
      area_idx: String(area.f_idx),
      after_idx: String(after),
    });
    // What keepArea writes for the page and counts as its size.
    const chunk = {
      key: `${area.f_idx}:1:${pages}`,
      area_idx: page.area_idx,
      generation: 1,
      columns: page.columns,
      rows: page.rows,
    };
    stored += utf8.encode(JSON.stringify(chunk)).length;
    wire += bytes;
    largestPage = Math.max(largestPage, bytes);
    pages++;
    sites += page.rows.length;
    const lat = page.columns.indexOf('f_latitude');
    const lng = page.columns.indexOf('f_longitude');
    for (const row of page.rows) {
      const y = row[lat] as number;
      const x = row[lng] as number;
      bounds = bounds
        ? {
            south: Math.min(bounds.south, y),
            north: Math.max(bounds.north, y),
            west: Math.min(bounds.west, x),
            east: Math.max(bounds.east, x),
          }
        : { south: y, north: y, west: x, east: x };
    }
    if (page.next_after === null) break;
    after = page.next_after;
  }
  const downloadMs = performance.now() - started;
  const tiles = bounds ? areaTileUrls({ bounds, vworldKey: null }) : [];

  // The map view case: a phone's map (390 × 700 px) on the middle of that 구, kept as a map view
  // (the estimate, then the same pages with the box), at zoom 13 and 14.
  const mid = bounds ?? { south: 37.56, north: 37.57, west: 126.97, east: 126.98 };
  const viewCase = async (zoom: number) => {
    const perPx = 360 / (256 * 2 ** zoom);
    const lat = (mid.south + mid.north) / 2;
    const lng = (mid.west + mid.east) / 2;
    const halfLat = (700 / 2) * perPx * Math.cos((lat * Math.PI) / 180);
    const halfLng = (390 / 2) * perPx;
    const box: ViewBox = {
      south: lat - halfLat,
      north: lat + halfLat,
      west: lng - halfLng,
      east: lng + halfLng,
    };
    const asText = Object.fromEntries(Object.entries(box).map(([k, x]) => [k, String(x)]));
    const viewStarted = performance.now();
    const { data: estimate } = await get<{ site_count: number }>(getOfflineViewEstimateCall.path, asText);
    const estimateMs = performance.now() - viewStarted;
    const base = {
      zoom,
      box,
      estimate_sites: estimate.site_count,
      estimate_call_ms: round(estimateMs, 0),
      tiles_for_box: areaTileUrls({ bounds: box, vworldKey: null }).length,
    };
    if (estimate.site_count > MAX_VIEW_SITES)
      return { ...base, refused: `more than ${MAX_VIEW_SITES} sites` };
    let viewAfter = 0;
    let viewSites = 0;
    let viewStored = 0;
    for (let seq = 0; ; seq++) {
      const { data: page } = await get<OfflineAreaPage>(getOfflineAreaSitesCall.path, {
        ...asText,
        after_idx: String(viewAfter),
      });
      const chunk = {
        key: `-1:1:${seq}`,
        area_idx: -1,
        generation: 1,
        columns: page.columns,
        rows: page.rows,
      };
      viewStored += utf8.encode(JSON.stringify(chunk)).length;
      viewSites += page.rows.length;
      if (page.next_after === null) break;
      viewAfter = page.next_after;
    }
    return {
      ...base,
      sites: viewSites,
      download_ms: round(performance.now() - viewStarted - estimateMs, 0),
      device_store_bytes: viewStored,
    };
  };
  const mapViews = [await viewCase(13), await viewCase(14)];

  const out = {
    area: `${area.f_area} ${area.f_district}`,
    area_code: area.f_code,
    sites,
    pages,
    download_ms: round(downloadMs, 0),
    list_call_ms: round(listMs, 0),
    wire_bytes: wire,
    largest_page_bytes: largestPage,
    device_store_bytes: stored,
    device_store_mb: round(stored / 1_000_000, 2),
    bytes_per_site: round(stored / Math.max(1, sites), 0),
    estimate_bytes_shown_before: area.estimate_bytes,
    estimate_bytes_per_site: AREA_SITE_BYTES,
    tiles_for_box: tiles.length,
    bounds,
    map_views_phone: mapViews,
    conditions: {
      sites_in_database: siteCount,
      seed,
      database_build_s: buildSeconds,
      cpus: os.cpus().length,
      loadavg_at_end: os.loadavg().map((l) => round(l)),
      node: process.version,
      date: new Date().toISOString(),
    },
  };
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/offline-area.json', `${JSON.stringify(out, null, 2)}\n`);
  console.log(JSON.stringify(out, null, 2));
} finally {
  server.kill('SIGTERM');
}
