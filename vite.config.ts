import { readFileSync } from 'node:fs';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { subsetOfAsset, uiFontSubsets } from './scripts/font-subsets.ts';
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

export default defineConfig({
  plugins: [
    ...reactWithLingui(),
    claimOnRequest(),
    pushHandlers(),
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
    // No list of every lazy chunk's JS dependencies in the entry (2 kB gzip with 120 chunks): a
    // lazy screen fetches its shared chunks as it imports them, from the service worker's precache
    // after the first visit, so the short waterfall costs milliseconds. Its CSS is still loaded first.
    modulePreload: false,
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
