import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { API_BASE } from '../../sync/codes.ts';
import { UPLOADS_URL_PREFIX } from '../adapters/storage.ts';
import { guardUploads } from '../uploads/private-files.ts';
import type { AppDeps } from './context.ts';

/**
 * Serves the built PWA from dist/: hashed assets are immutable, the shell and the
 * service worker are always revalidated (so a new deploy is picked up), and any other
 * path falls back to index.html for the client router.
 */
export function mountStatic({ app, deps }: { app: Hono; deps: AppDeps }) {
  const { distDir, uploadsDir } = deps.config;
  app.use(`${UPLOADS_URL_PREFIX}*`, guardUploads(deps));
  app.use(
    `${UPLOADS_URL_PREFIX}*`,
    serveStatic({
      root: path.relative(process.cwd(), uploadsDir),
      rewriteRequestPath: (p) => p.slice(UPLOADS_URL_PREFIX.length - 1),
    }),
  );
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  const root = path.relative(process.cwd(), distDir) || '.';
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (p, c) => {
        if (p.includes('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable');
        else c.header('Cache-Control', 'no-cache');
        if (p.endsWith('.webmanifest')) c.header('Content-Type', 'application/manifest+json');
      },
    }),
  );
  const shell = fs.readFileSync(indexFile, 'utf8');
  app.get('*', (c) => {
    if (c.req.path.startsWith(API_BASE) || c.req.path.startsWith(UPLOADS_URL_PREFIX)) return c.notFound();
    // A missing hashed asset must 404, not return HTML the browser would try to run.
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.notFound();
    c.header('Cache-Control', 'no-cache');
    return c.html(shell);
  });
}
