import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../sync/codes.ts';
import { MAX_QUERY_CHARS } from './http/read-input.ts';
import { type Listening, listen, MAX_HEADER_BYTES } from './listen.ts';
import { createTestApp, type TestApp } from './testing/fixtures.ts';

let t: TestApp;
let server: Listening | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await t?.close();
});

async function start(): Promise<string> {
  t = await createTestApp();
  server = await listen({ app: t.app, port: 0, hostname: '127.0.0.1' });
  return `http://127.0.0.1:${server.port}`;
}

/** Sends bytes as they are (no client would send them) and reads the whole answer. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the server process', () => {
  it('answers a request address over the head limit with the -4 envelope, not a bare 431', async () => {
    const base = await start();
    const res = await fetch(`${base}/api/v1/health?q=${'x'.repeat(MAX_HEADER_BYTES + 1000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await res.json()) as { code: number; msg: string; data: unknown };
    expect(body.code).toBe(ResultCode.badParameter);
    expect(body.msg).toBe('요청 주소나 헤더가 너무 깁니다.');
  });

  it('answers headers over the limit the same way', async () => {
    const base = await start();
    const res = await fetch(`${base}/api/v1/health`, {
      headers: { 'x-filler': 'x'.repeat(MAX_HEADER_BYTES) },
    });
    expect(res.status).toBe(431);
    expect(((await res.json()) as { code: number }).code).toBe(ResultCode.badParameter);
  });

  it('answers a request it cannot read with the envelope and 400', async () => {
    await start();
    const answer = await rawRequest(
      server?.port as number,
      'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { code: number };
    expect(body.code).toBe(ResultCode.badParameter);
  });

  it('refuses a query string over the API limit with a -4 that says so', async () => {
    const base = await start();
    const res = await fetch(`${base}/api/v1/health?q=${'x'.repeat(MAX_QUERY_CHARS)}`, {
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.code).toBe(ResultCode.badParameter);
    expect(body.msg).toBe(`Invalid input: query (query string over ${MAX_QUERY_CHARS} characters)`);
  });

  it('still answers ordinary requests', async () => {
    const base = await start();
    const res = await fetch(`${base}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: number }).code).toBe(ResultCode.ok);
  });
});
