import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/**
 * Compression of what the server sends: a building site's link carries a few hundred kilobits,
 * and JSON shrinks four to six times. Static assets are compressed once at build
 * (`precompress` in vite.config.ts writes `.br` and `.gz` beside each file, `serveStatic`
 * picks one); API answers are compressed as they leave (`compressAnswers`).
 */
export type Encoding = 'br' | 'gzip';

/** Below this an answer goes as it is: compression would save less than a packet. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Brotli quality for answers made per request. Measured on demo agent 010-2000-0001's first
 * pull: the units page (619 kB of JSON) is 11.9 kB at quality 5 in ~5 ms, against 14.3 kB at 4,
 * 15.4 kB with gzip (level 6, ~5 ms) and 8.9 kB at 11 (1.4 s); the sites page (46 kB) 9.2 kB
 * against gzip's 9.9 kB. Quality 5 is where brotli's context modelling starts; above it the
 * time grows much faster than the savings.
 */
export const DYNAMIC_BROTLI_QUALITY = 5;

/** Text formats worth compressing; images, fonts, archives and workbooks are compressed already. */
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)[^;\s]+|application\/(?:json|javascript|manifest\+json|xml|[^;\s]+\+json)|image\/(?:svg\+xml|x-icon|vnd\.microsoft\.icon))\s*(?:;|$)/i;

export function compressibleType(contentType: string | null | undefined): boolean {
  return contentType != null && COMPRESSIBLE.test(contentType);
}

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli before gzip, each only
 * when the client lists it without `q=0` (or accepts `*`).
 */
export function pickEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((x) => x !== undefined);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wants = (name: Encoding) => {
    const q = accepted.get(name) ?? accepted.get('*');
    return q !== undefined && q > 0;
  };
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Compresses bytes made for one request: brotli at a low quality (cheap), gzip at its default. */
export function compressDynamic({
  bytes,
  encoding,
}: {
  bytes: Uint8Array;
  encoding: Encoding;
}): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(bytes);
  return brotli(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
    },
  });
}

/**
 * Compresses API answers of `MIN_COMPRESS_BYTES` or more in the encoding the client accepts.
 * Streams stay streams: a Server-Sent Events answer (`text/event-stream`) and a file download
 * (its own content type, compressed already) are never read here, so nothing buffers them.
 * `Vary: Accept-Encoding` is set before the handler runs, on every answer, so a cache keeps
 * compressed and plain copies apart (and no header is added to a finished response).
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    c.header('Vary', 'Accept-Encoding');
    await next();
    if (c.req.method === 'HEAD') return;
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    if (!encoding) return;
    const res = c.res;
    if (res.headers.has('content-encoding') || !compressibleType(res.headers.get('content-type'))) return;
    if (res.body === null) return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    let body: Uint8Array<ArrayBuffer> = bytes;
    if (bytes.byteLength >= MIN_COMPRESS_BYTES) {
      body = new Uint8Array(await compressDynamic({ bytes, encoding }));
      headers.set('content-encoding', encoding);
    }
    headers.set('content-length', String(body.byteLength));
    // Replaces the answer whole: Hono's setter would copy the old headers back over these.
    c.res = undefined;
    c.res = new Response(body, { status: res.status, headers });
  };
}
