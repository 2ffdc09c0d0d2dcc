import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import sharp from 'sharp';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/precompress.ts';
import { API_BASE, Headers } from '../../sync/codes.ts';
import { PROTOCOL_VERSION } from '../../sync/protocol.ts';
import { createApp } from '../app.ts';
import { createTestApp, deviceOf, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';
import { compressAnswers, MIN_COMPRESS_BYTES, pickEncoding } from './compression.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** A built client in a temporary folder: an entry script, a picture and the shell, precompressed as the build does. */
const dist = mkdtempSync(path.join(os.tmpdir(), 'bunyang-dist-'));
const script = `export const sites = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ idx: i, name: `현장 ${i}` })))};\n`;
let picture: Buffer;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets/index-Abc123xy.js'), script);
  picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#1f5eff' } })
    .png()
    .toBuffer();
  writeFileSync(path.join(dist, 'assets/logo-Abc123xy.png'), picture);
  await precompress(dist);
  return () => rmSync(dist, { recursive: true, force: true });
});

async function clientApp() {
  t = await createTestApp({ config: { distDir: dist } });
  return createApp({ deps: t.deps, serveClient: true });
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe('static assets', () => {
  it('go out as the brotli copy the build wrote to a browser that accepts brotli', async () => {
    const app = await clientApp();
    const res = await app.request('/assets/index-Abc123xy.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.length).toBeLessThan(script.length / 4);
    expect(decode.br(body).toString()).toBe(script);
  });

  it('go out gzipped to a client that only accepts gzip, and plain to one that accepts nothing', async () => {
    const app = await clientApp();
    const gz = await app.request('/assets/index-Abc123xy.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(decode.gzip(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);

    const plain = await app.request('/assets/index-Abc123xy.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await plain.text()).toBe(script);
  });

  it('leave a picture as it is, whatever the browser accepts', async () => {
    const app = await clientApp();
    const res = await app.request('/assets/logo-Abc123xy.png', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await res.arrayBuffer()).equals(picture)).toBe(true);
  });

  it('send the app shell of a screen address compressed too', async () => {
    const app = await clientApp();
    const res = await app.request('/Home', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(decode.br(Buffer.from(await res.arrayBuffer())).toString()).toBe(
      readFileSync(path.join(dist, 'index.html'), 'utf8'),
    );
  });
});

describe('API answers', () => {
  async function pullPage({ acceptEncoding }: { acceptEncoding?: string }) {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const token = await insertSession(t, { userIdx, deviceId: 'device-a' });
    for (let i = 0; i < 30; i++) await insertSite(t, { userIdx, f_name: `압축 시험 현장 ${i}` });
    return t.app.request(`${API_BASE}/sync/pull`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [Headers.accessToken]: token,
        [Headers.deviceId]: deviceOf(token) ?? 'device-a',
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
      body: JSON.stringify({
        protocol_version: PROTOCOL_VERSION,
        client_id: 'client-a-0000',
        cursor: null,
        limit: 500,
      }),
    });
  }

  it('a pull page asked with gzip comes gzipped and decodes to the same page', async () => {
    const res = await pullPage({ acceptEncoding: 'gzip' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    const compressed = Buffer.from(await res.arrayBuffer());
    const page = JSON.parse(decode.gzip(compressed).toString()) as {
      code: number;
      data: { changes: unknown[] };
    };
    expect(page.code).toBe(0);
    expect(page.data.changes.length).toBeGreaterThanOrEqual(30);
    expect(Number(res.headers.get('content-length'))).toBe(compressed.length);
  });

  it('a pull page asked with brotli comes as brotli, smaller than plain', async () => {
    const br = await pullPage({ acceptEncoding: 'br, gzip' });
    expect(br.headers.get('content-encoding')).toBe('br');
    const compressed = Buffer.from(await br.arrayBuffer());
    const text = decode.br(compressed).toString();
    expect(compressed.length).toBeLessThan(text.length / 3);
    await t.close();

    const plain = await pullPage({});
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(((await plain.json()) as { code: number }).code).toBe(0);
  });

  it('an answer under a kilobyte goes as it is', async () => {
    t = await createTestApp();
    const res = await t.app.request(`${API_BASE}/health`, { headers: { 'accept-encoding': 'br, gzip' } });
    const text = await res.text();
    expect(text.length).toBeLessThan(MIN_COMPRESS_BYTES);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse(text)).toBeTruthy();
  });

  it('a Server-Sent Events stream is passed on event by event, never read whole', async () => {
    const app = new Hono();
    app.use('*', compressAnswers());
    let close = () => {};
    app.get('/events', (c) =>
      streamSSE(c, async (stream) => {
        await stream.writeSSE({ data: 'x'.repeat(4 * MIN_COMPRESS_BYTES) });
        // Open until the test has read the first event: a middleware that buffered would never answer.
        await new Promise<void>((resolve) => {
          close = resolve;
        });
      }),
    );
    const res = await app.request('/events', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toContain('xxxx');
    close();
    await reader?.cancel();
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
