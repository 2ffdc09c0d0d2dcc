import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { API_BASE } from '../../sync/codes.ts';
import { contentTypeOf } from '../adapters/s3-storage.ts';
import { UPLOADS_URL_PREFIX } from '../adapters/storage.ts';
import { guardUploads } from '../uploads/private-files.ts';
import { compressibleType, pickEncoding } from './compression.ts';
import type { AppDeps } from './context.ts';

/**
 * Serves the built PWA from dist/: hashed assets are immutable, the shell and the
 * service worker are always revalidated (so a new deploy is picked up), and any other
 * path falls back to index.html for the client router. Text files go out as the `.br` or
 * `.gz` copy the build wrote beside them (vite.config.ts `precompress`) when the client
 * accepts it; pictures, fonts and uploads as they are.
 */
export function mountStatic({ app, deps }: { app: Hono; deps: AppDeps }) {
  const { distDir } = deps.config;
  const { storage } = deps.adapters;
  app.use(`${UPLOADS_URL_PREFIX}*`, guardUploads(deps));
  if (storage.localDir !== undefined) {
    app.use(
      `${UPLOADS_URL_PREFIX}*`,
      serveStatic({
        root: path.relative(process.cwd(), storage.localDir),
        rewriteRequestPath: (p) => p.slice(UPLOADS_URL_PREFIX.length - 1),
      }),
    );
  } else {
    // A shared bucket: read through the store (guarded above), the bucket itself stays private.
    app.get(`${UPLOADS_URL_PREFIX}*`, async (c, next) => {
      const bytes = await storage.read(c.req.path);
      if (bytes === null) return next();
      c.header('Content-Type', contentTypeOf(c.req.path));
      return c.body(new Uint8Array(bytes));
    });
  }
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const root = path.relative(process.cwd(), distDir) || '.';
  // Headers of a file found under dist/, set on the answer itself once serveStatic has made it.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status !== 200 && c.res.status !== 206) return;
    const p = c.req.path;
    c.res.headers.set(
      'Cache-Control',
      p.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    if (p.endsWith('.webmanifest')) c.res.headers.set('Content-Type', 'application/manifest+json');
    // Also when sent plain: a cache must not hand this copy to a client that accepts another.
    if (compressibleType(c.res.headers.get('content-type'))) c.res.headers.set('Vary', 'Accept-Encoding');
  });
  app.use('*', serveStatic({ root, precompressed: true }));
  const shell = fs.readFileSync(indexFile);
  const shellCopies = { br: brotliCompressSync(shell), gzip: gzipSync(shell), identity: shell };
  app.get('*', (c) => {
    if (c.req.path.startsWith(API_BASE) || c.req.path.startsWith(UPLOADS_URL_PREFIX)) return c.notFound();
    // A missing hashed asset must 404, not return HTML the browser would try to run.
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.notFound();
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Vary', 'Accept-Encoding');
    if (encoding) c.header('Content-Encoding', encoding);
    return c.body(new Uint8Array(shellCopies[encoding ?? 'identity']));
  });
}
