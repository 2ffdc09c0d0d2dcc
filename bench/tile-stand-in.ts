/**
 * The base map's tile host for a benchmark browser on a machine without internet access.
 *
 * The map draws OpenStreetMap tiles straight from tile.openstreetmap.org (design guide: the
 * local default is the OSM URL). On a machine that cannot reach it every tile request fails and
 * Chromium logs each failure, which is the machine's network and not the page. So when the host
 * is unreachable the benchmark's Chromium resolves it to this local HTTPS server instead
 * (`chromiumArgs`): the app still asks the real URL, through its service worker and with CORS, and
 * gets a plain tile the way a connected phone gets a map tile.
 */
import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import path from 'node:path';
import sharp from 'sharp';

export const TILE_HOST = 'tile.openstreetmap.org';

/** Whether this machine reaches the real tile host (one small tile, a few seconds at most). */
export async function tileHostReachable(): Promise<boolean> {
  try {
    const res = await fetch(`https://${TILE_HOST}/0/0/0.png`, { signal: AbortSignal.timeout(4000) });
    return res.ok;
  } catch {
    return false;
  }
}

export interface TileStandIn {
  /** Chromium flags that send the tile host to this server and trust its certificate alone. */
  chromiumArgs: string[];
  requests: () => number;
  close: () => Promise<void>;
}

/** Starts the stand-in on a free port, with a certificate made for the tile host in `dir`. */
export async function startTileStandIn({ dir }: { dir: string }): Promise<TileStandIn> {
  const key = path.join(dir, 'tiles.key');
  const cert = path.join(dir, 'tiles.crt');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1'],
      ...['-keyout', key, '-out', cert, '-subj', `/CN=${TILE_HOST}`],
      ...['-addext', `subjectAltName=DNS:${TILE_HOST}`],
    ],
    { stdio: 'ignore' },
  );
  // OpenStreetMap's land colour: the map looks like a map with nothing drawn on it.
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#f2efe9' } })
    .png()
    .toBuffer();
  let served = 0;
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    served++;
    res
      .writeHead(200, {
        'content-type': 'image/png',
        'access-control-allow-origin': '*',
        'cache-control': 'max-age=86400',
      })
      .end(tile);
  });
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
  const spki = createHash('sha256')
    .update(new X509Certificate(readFileSync(cert)).publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64');
  return {
    chromiumArgs: [
      `--host-resolver-rules=MAP ${TILE_HOST} 127.0.0.1:${port}`,
      `--ignore-certificate-errors-spki-list=${spki}`,
    ],
    requests: () => served,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
