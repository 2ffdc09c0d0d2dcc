import { readFileSync } from 'node:fs';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { subsetOfAsset, uiFontSubsets } from './scripts/font-subsets.ts';
import { precompress } from './scripts/precompress.ts';
import { manifestScreenshots, manifestShortcuts } from './scripts/pwa-manifest.ts';

export const reactWithLingui = () => [
  // The Lingui macro runs through Babel: through SWC its message ids did not match the catalog.
  react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
  lingui(),
];

/**
 * Added to the generated service worker (workbox importScripts): a page that asks is claimed.
 * A page whose navigation raced the worker's activation is otherwise left uncontrolled until
 * the next navigation, and the lazy screens it has not opened yet would not load offline.
 * src/app/service-worker-control.ts asks.
 */
const claimOnRequest = (): Plugin => ({
  name: 'bunyang:sw-claim-on-request',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'sw-claim.js',
      source: `self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'CLAIM_CLIENTS') event.waitUntil(self.clients.claim());
});
`,
    });
  },
});

/**
 * Web Push in the generated service worker (workbox importScripts): shows a push and opens the
 * screen its click targets. Written as a plain script in src/sw/sw-push.js.
 */
const pushHandlers = (): Plugin => ({
  name: 'bunyang:sw-push',
  apply: 'build',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'sw-push.js',
      source: readFileSync('src/sw/sw-push.js', 'utf8'),
    });
  },
});

/**
 * Brotli and gzip copies beside every text file of the build (scripts/precompress.ts), served by
 * server/http/static.ts. Last, after the service worker is written.
 */
const precompressed = (): Plugin => {
  let outDir = 'dist';
  return {
    name: 'bunyang:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const t = await precompress(outDir);
        const kb = (n: number) => `${Math.round(n / 1000)} kB`;
        this.info(`precompressed ${t.files} files: ${kb(t.bytes)} → ${kb(t.br)} brotli, ${kb(t.gzip)} gzip`);
      },
    },
  };
};

/**
 * A first visit's screens are lazy chunks the entry imports only once it has run, and the
 * Korean catalog (every first render waits for it) too: over a 400 ms round trip each such step
 * costs most of a second. The HTML names them up front (modulepreload), so they arrive beside
 * the entry: the catalog and the login screen with what it imports. Later visits take them from
 * the service worker.
 */
const FIRST_SCREEN_MODULES = ['src/i18n/locales/ko.po', 'src/features/auth/LoginScreen.tsx'];
const firstScreenPreloads = (): Plugin => ({
  name: 'bunyang:first-screen-preloads',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, ctx) {
      const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // What the entry imports statically Vite preloads itself.
      const entryDeps = new Set<string>();
      const addEntryDeps = (file: string) => {
        if (entryDeps.has(file)) return;
        entryDeps.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) addEntryDeps(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) addEntryDeps(chunk.fileName);
      const files = new Set<string>();
      const add = (file: string) => {
        const chunk = byFile.get(file);
        if (!chunk || entryDeps.has(file) || files.has(file)) return;
        files.add(file);
        for (const imported of chunk.imports) add(imported);
      };
      for (const id of FIRST_SCREEN_MODULES) {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(id));
        if (!chunk) throw new Error(`first-screen-preloads: no chunk for ${id}`);
        add(chunk.fileName);
      }
      return [...files].map((file) => ({
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
        injectTo: 'head' as const,
      }));
    },
  },
});

/**
 * The entry's stylesheet (the shell and the first screens: 17 kB, 4 kB brotli) goes into the HTML
 * as a <style>: no render-blocking request before the first paint, one round trip less on a thin
 * link. The CSP allows inline styles. The file stays, named by a disabled <link> the browser does
 * not fetch: lazy chunks whose CSS was merged into it list it among their dependencies, and Vite's
 * preload helper skips a stylesheet the page already links (loading it would fail the chunk, or
 * put the shell's rules after a screen's and undo the screen's overrides).
 */
const inlineEntryCss = (): Plugin => ({
  name: 'bunyang:inline-entry-css',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, ctx) {
      return html.replace(
        /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
        (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (!asset || asset.type !== 'asset') return tag;
          const css = String(asset.source);
          if (css.includes('</style')) return tag;
          return `<style>${css}</style>\n    <link rel="stylesheet" crossorigin href="/${file}" disabled>`;
        },
      );
    },
  },
});

export default defineConfig({
  plugins: [
    ...reactWithLingui(),
    claimOnRequest(),
    pushHandlers(),
    precompressed(),
    firstScreenPreloads(),
    inlineEntryCss(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'favicon.ico', 'icons/*.png', 'offline-admin.html'],
      manifest: {
        id: '/',
        name: '분양톡 - 분양·중개 현장 관리',
        short_name: '분양톡',
        description: '분양 상담사와 공인중개사를 위한 현장 검색·등록·공유 앱',
        lang: 'ko',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#1f5eff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // A long press on the home-screen icon, and the richer install sheet (issue 32).
        shortcuts: manifestShortcuts,
        screenshots: manifestScreenshots,
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,ico,webmanifest}'],
        // The manifest's screenshots are for the install sheet only: never downloaded for offline use.
        globIgnores: ['screenshots/**'],
        navigateFallback: '/index.html',
        // The API is never precached, and the admin area is online-only (design guide).
        // /pay/ is the server's own test checkout page: online only, never the app shell. /s/ is a
        // site shared with a customer: the server's own page, also for an agent who has the app.
        navigateFallbackDenylist: [/^\/api\//, /^\/admin/, /^\/uploads\//, /^\/pay\//, /^\/s\//],
        cleanupOutdatedCaches: true,
        // The first install takes control at once, so the visit that installed it already works offline.
        // Updates still wait for the user (registerType 'prompt' keeps skipWaiting off).
        clientsClaim: true,
        importScripts: ['sw-claim.js', 'sw-push.js'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // Of the web font's subsets, only those the interface text needs are precached (about 0.4 of
        // 3 MB); the others are cached when a page first shows one (the 'font-subsets' cache below).
        manifestTransforms: [
          async (entries) => {
            const needed = new Set(uiFontSubsets());
            const kept = entries.filter((e) => {
              const subset = subsetOfAsset(e.url);
              return subset === null || needed.has(subset);
            });
            return { manifest: kept, warnings: [] };
          },
        ],
        runtimeCaching: [
          {
            // Written out here: workbox copies this function into the service worker on its own.
            urlPattern: ({ url }) => /\/PretendardVariable\.subset\.\d+-[^/]*\.woff2$/.test(url.pathname),
            handler: 'CacheFirst',
            options: {
              cacheName: 'font-subsets',
              expiration: { maxEntries: 100 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' && url.pathname.startsWith('/admin'),
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline-admin.html' } },
          },
          {
            // Map tiles of areas seen online are drawn offline too (VWorld or OpenStreetMap, requested
            // with CORS so the responses are not opaque); bounded so the cache cannot grow without end.
            urlPattern: ({ url }) =>
              (url.hostname === 'api.vworld.kr' && url.pathname.startsWith('/req/wmts/')) ||
              url.hostname.endsWith('tile.openstreetmap.org'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'map-tiles',
              expiration: { maxEntries: 3000, maxAgeSeconds: 60 * 60 * 24 * 30, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Uploaded photos of sites the agent has seen stay viewable offline. Online the server is
            // asked first: ordinary photos come from the browser's own cache (immutable), and a
            // private inlay picture the member may no longer see is not shown from this cache.
            urlPattern: ({ url }) => url.pathname.startsWith('/uploads/'),
            handler: 'NetworkFirst',
            options: {
              cacheName: 'uploads',
              networkTimeoutSeconds: 4,
              expiration: { maxEntries: 800, maxAgeSeconds: 60 * 60 * 24 * 90 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
    }),
  ],
  build: {
    // A lazy screen's shared chunks are fetched beside it, not one after another as each is
    // parsed: over a 400 ms round trip every step of such a chain costs most of a second, and
    // from the offline cache a few ms each on a slow phone. The list of every lazy chunk's
    // dependencies costs the entry about 2 kB gzip (bench:bundle). Only JS: the entry's own
    // preloads are in the HTML (firstScreenPreloads).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app draws lucide icons from their data (src/ui/Icon.tsx): each icon module's component,
      // made at its top level, is dropped unless used, with lucide's runtime.
      treeshake: { manualPureFunctions: ['createLucideIcon'] },
      output: {
        // Everything the first screen needs in one chunk: gzip compresses it as a whole, where
        // several small shared chunks each start from nothing (bench:bundle).
        codeSplitting: { groups: [{ name: 'shell', tags: ['$initial'] }] },
      },
    },
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      '/uploads': 'http://localhost:8080',
      '/pay': 'http://localhost:8080',
    },
  },
});
