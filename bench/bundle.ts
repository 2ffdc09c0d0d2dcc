// npm run bench:bundle — what the client costs to download. Runs after `vite build --manifest`
// and writes bench/results/bundle.json:
//   entry_js_gzip_kb            what a cold start fetches before the app runs: the entry chunk
//                               (the script of dist/index.html) and every chunk it imports statically
//   largest_lazy_chunk_gzip_kb  the largest chunk fetched only on use (a screen, a catalog, shared code)
//   total_js_gzip_kb            every JS chunk of the client
//   chunks                      each chunk: file, raw and gzip kB, entry or lazy, precached by sw.js
// gzip is node:zlib at its default level; kB are 1,000 bytes, as Vite prints them.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist';
const targets = { entry_js_gzip_kb: 120, largest_lazy_chunk_gzip_kb: 120 };

/** One chunk of Vite's manifest (https://vite.dev/guide/backend-integration). */
type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};

const round = (n: number) => Math.round(n * 100) / 100;
const kb = (bytes: number) => round(bytes / 1000);

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>;
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entryFile = html.match(/<script type="module"[^>]*\ssrc="\/([^"]+)"/)?.[1];
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.file === entryFile);
if (!entryFile || !entryKey) throw new Error('dist/index.html names no entry script that the manifest knows');

// The entry and everything it imports statically load before the app runs; the browser is told
// of them up front (modulepreload). Everything else is fetched on use.
const startup = new Set<string>();
const pending = [entryKey];
for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
  if (startup.has(key)) continue;
  startup.add(key);
  pending.push(...(manifest[key]?.imports ?? []));
}

// The service worker's precache list: every chunk must be in it, or that screen fails offline.
const precached = new Set(
  [...readFileSync(path.join(dist, 'sw.js'), 'utf8').matchAll(/url:"([^"]+)"/g)].map((m) => m[1]),
);

const chunks = Object.entries(manifest)
  .filter(([, chunk]) => chunk.file.endsWith('.js'))
  .map(([key, chunk]) => {
    const bytes = readFileSync(path.join(dist, chunk.file));
    return {
      file: chunk.file,
      raw_kb: kb(bytes.length),
      gzip_kb: kb(gzipSync(bytes).length),
      kind: startup.has(key) ? ('entry' as const) : ('lazy' as const),
      precached: precached.has(chunk.file),
      src: chunk.src ?? null,
    };
  })
  .sort((a, b) => (a.kind === b.kind ? b.gzip_kb - a.gzip_kb : a.kind === 'entry' ? -1 : 1));

const sum = (xs: { gzip_kb: number }[]) => round(xs.reduce((total, x) => total + x.gzip_kb, 0));
const entry = chunks.filter((c) => c.kind === 'entry');
const lazy = chunks.filter((c) => c.kind === 'lazy');
const largestLazy = lazy[0];
// The first render also waits for the active language's catalog (Korean unless English was chosen).
const catalog = (locale: string) =>
  chunks.find((c) => c.src === `src/i18n/locales/${locale}.po`)?.gzip_kb ?? null;
const notPrecached = chunks.filter((c) => !c.precached).map((c) => c.file);

const result = {
  entry_js_gzip_kb: sum(entry),
  largest_lazy_chunk_gzip_kb: largestLazy?.gzip_kb ?? 0,
  total_js_gzip_kb: sum(chunks),
  details: {
    entry_script: entryFile,
    // The script's own chunk; the rest of entry_js_gzip_kb is code it shares with lazy chunks.
    entry_script_gzip_kb: chunks.find((c) => c.file === entryFile)?.gzip_kb ?? null,
    entry_chunks: entry.length,
    lazy_chunks: lazy.length,
    largest_lazy_chunk: largestLazy?.file ?? null,
    catalog_gzip_kb: { ko: catalog('ko'), en: catalog('en') },
    first_render_js_gzip_kb_ko: round(sum(entry) + (catalog('ko') ?? 0)),
    all_chunks_precached: notPrecached.length === 0,
    not_precached: notPrecached,
  },
  targets,
  chunks: chunks.map(({ src: _src, ...chunk }) => chunk),
  vite: (JSON.parse(readFileSync('node_modules/vite/package.json', 'utf8')) as { version: string }).version,
  measured_at: new Date().toISOString(),
};

writeFileSync('bench/results/bundle.json', `${JSON.stringify(result, null, 2)}\n`);
console.log(
  `entry ${result.entry_js_gzip_kb} kB gzip in ${entry.length} chunks (target ≤ ${targets.entry_js_gzip_kb}); ` +
    `largest lazy ${result.largest_lazy_chunk_gzip_kb} kB (${largestLazy?.file}, target ≤ ${targets.largest_lazy_chunk_gzip_kb}); ` +
    `total ${result.total_js_gzip_kb} kB in ${chunks.length} chunks; ` +
    `first render (Korean) ${result.details.first_render_js_gzip_kb_ko} kB`,
);
if (notPrecached.length > 0) console.log(`NOT precached by sw.js: ${notPrecached.join(', ')}`);
console.log('wrote bench/results/bundle.json');
