import { Writable } from 'node:stream';
import pino from 'pino';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminTab } from '../sync/admin-tabs.ts';
import { defineCall } from '../sync/api/contract.ts';
import { ResultCode } from '../sync/codes.ts';
import { createApp } from './app.ts';
import { defineOperation, type Operation } from './http/operation.ts';
import { sharedJson } from './http/raw-json.ts';
import { operations } from './operations.ts';
import {
  createTestApp,
  insertSession,
  insertUser,
  superAdminToken,
  type TestApp,
} from './testing/fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const echoCall = defineCall<{ echoed: string }>()({
  operationId: 'testEcho',
  method: 'post',
  path: '/test/echo',
  summary: 'test',
  tag: 'test',
  input: v.object({ text: v.pipe(v.string(), v.minLength(1)) }),
});
const writeCall = defineCall<{ ok: true }>()({
  operationId: 'testWrite',
  method: 'post',
  path: '/test/write',
  summary: 'test',
  tag: 'test',
  input: v.object({ value: v.string() }),
});
const boomCall = defineCall<never>()({
  operationId: 'testBoom',
  method: 'post',
  path: '/test/boom',
  summary: 'test',
  tag: 'test',
  input: v.object({}),
});
const pointTabCall = defineCall<{ ok: true }>()({
  operationId: 'testPointTab',
  method: 'post',
  path: '/test/point',
  summary: 'test',
  tag: 'test',
  input: v.object({}),
});
const memberTabCall = defineCall<{ ok: true }>()({
  operationId: 'testMemberTab',
  method: 'post',
  path: '/test/member',
  summary: 'test',
  tag: 'test',
  input: v.object({}),
});

const sharedCall = defineCall<{ list: number[] }>()({
  operationId: 'testShared',
  method: 'post',
  path: '/test/shared',
  summary: 'test',
  tag: 'test',
  input: v.object({}),
});
const sharedResult = { list: [1, 2, 3] };

const ticketCall = defineCall<{ ok: true }>()({
  operationId: 'testTicket',
  method: 'post',
  path: '/test/ticket',
  summary: 'test',
  tag: 'test',
  input: v.object({}),
});

const testOperations: Operation[] = [
  defineOperation(ticketCall, {
    access: { kind: 'member', ticket: true },
    handler: () => ({ ok: true as const }),
  }),
  defineOperation(echoCall, { access: { kind: 'public' }, handler: ({ input }) => ({ echoed: input.text }) }),
  defineOperation(writeCall, {
    access: { kind: 'member', write: true },
    handler: async ({ input, ctx }) => {
      await ctx.db.insertInto('app_settings').values({ key: 'test', value: input.value }).execute();
      return { ok: true as const };
    },
  }),
  defineOperation(boomCall, {
    access: { kind: 'public' },
    handler: () => {
      throw new Error('secret internal detail');
    },
  }),
  defineOperation(pointTabCall, {
    access: { kind: 'admin', tab: AdminTab.point, lock: true },
    handler: () => ({ ok: true as const }),
  }),
  defineOperation(sharedCall, { access: { kind: 'public' }, handler: () => sharedJson(sharedResult) }),
  defineOperation(memberTabCall, {
    access: { kind: 'admin', tab: AdminTab.member },
    handler: () => ({ ok: true as const }),
  }),
];

describe('the response envelope', () => {
  it('answers the health check with code 0, the database state and the version', async () => {
    t = await createTestApp();
    const res = await t.call('/health', { method: 'GET' });
    expect(res).toMatchObject({ status: 200, code: 0, data: { db: 'ok', version: expect.any(String) } });
  });

  it('wraps success in {code, msg, data}', async () => {
    t = await createTestApp({ operations: testOperations });
    const res = await t.call('/test/echo', { body: { text: 'hi' } });
    expect(res).toEqual({ status: 200, code: 0, msg: '', data: { echoed: 'hi' } });
  });

  it('sends a result shared between callers in the same envelope, with the security headers', async () => {
    t = await createTestApp({ operations: testOperations });
    for (let i = 0; i < 2; i++) {
      const res = await t.app.request('/api/v1/test/shared', { method: 'POST' });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.json()).toEqual({ code: 0, msg: '', data: { list: [1, 2, 3] } });
    }
  });

  it('answers an unknown API path with the envelope and 404', async () => {
    t = await createTestApp();
    const res = await t.call('/nowhere', { method: 'GET' });
    expect(res.status).toBe(404);
    expect(res.code).toBe(ResultCode.apiError);
  });

  it('turns an unexpected error into code -1 without internals, logged with the request id', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await createTestApp({ operations: testOperations });
    const app = createApp({
      deps: { ...t.deps, logger: pino({ level: 'error' }, sink) },
      operations: testOperations,
    });
    const res = await app.request('/api/v1/test/boom', { method: 'POST' });
    const body = (await res.json()) as { code: number; msg: string; data: { request_id: string } };
    expect(res.status).toBe(500);
    expect(body.code).toBe(ResultCode.apiError);
    expect(JSON.stringify(body)).not.toContain('secret internal detail');
    expect(JSON.stringify(body)).not.toContain('at ');
    const logged = lines.map((l) => JSON.parse(l) as { reqId: string; err: { message: string } });
    expect(
      logged.some((l) => l.reqId === body.data.request_id && l.err.message === 'secret internal detail'),
    ).toBe(true);
  });

  it('speaks English when the client asks for it', async () => {
    t = await createTestApp({ operations: testOperations });
    const ko = await t.call('/test/write', { body: { value: 'x' } });
    const en = await t.call('/test/write', { body: { value: 'x' }, headers: { 'accept-language': 'en' } });
    expect(ko.msg).toBe('로그인이 필요합니다.');
    expect(en.msg).toBe('Please sign in.');
  });

  it('sends security headers and never caches API answers', async () => {
    t = await createTestApp();
    const res = await t.app.request('/api/v1/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const refused = await t.app.request('/api/v1/site/searchSiteForMap_app', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses a body over the size limit with -4', async () => {
    t = await createTestApp({ operations: testOperations });
    const res = await t.call('/test/echo', { raw: JSON.stringify({ text: 'x'.repeat(1_100_000) }) });
    expect(res.status).toBe(413);
    expect(res.code).toBe(ResultCode.badParameter);
  });

  it('refuses a streamed body without a declared length once it passes the limit', async () => {
    t = await createTestApp({ operations: testOperations });
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"text":"'));
      },
      pull(controller) {
        // 2 MB of a string value, more than the 1 MB limit.
        if (sent++ < 32) controller.enqueue(chunk);
        else {
          controller.enqueue(new TextEncoder().encode('"}'));
          controller.close();
        }
      },
    });
    const res = await t.app.request('/api/v1/test/echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: number }).code).toBe(ResultCode.badParameter);
  });
});

describe('bad input', () => {
  it('names the field and the reason and writes nothing', async () => {
    t = await createTestApp({ operations: testOperations });
    const userIdx = await insertUser(t);
    const token = await insertSession(t, { userIdx });
    const before = t.changes();
    const res = await t.call('/test/write', { token, body: { value: 42 } });
    expect(res.status).toBe(400);
    expect(res.code).toBe(ResultCode.badParameter);
    expect(res.data).toMatchObject({ field: 'value' });
    // Said to a Korean reader with the field's label.
    expect(res.msg).toContain('설정 값');
    expect(t.changes()).toBe(before);
  });

  it('gets -4 for a malformed or non-object body on every route, and nothing is written', async () => {
    t = await createTestApp();
    const token = await superAdminToken(t);
    for (const { call } of operations) {
      const before = t.changes();
      if (call.method === 'post') {
        for (const raw of ['{"broken":', '[1,2,3]', '"text"']) {
          const res = await t.call(call.path, { token, raw, method: 'POST' });
          expect(res.code, `${call.operationId} with ${raw}`).toBe(ResultCode.badParameter);
          expect(res.status).toBe(400);
        }
      } else {
        const required = Object.keys((call.input as { entries?: Record<string, unknown> }).entries ?? {});
        if (required.length === 0) continue;
        const res = await t.call(call.path, { token, method: 'GET', query: { [required[0] as string]: '' } });
        expect([ResultCode.badParameter, ResultCode.ok]).toContain(res.code);
      }
      expect(t.changes(), `${call.operationId} wrote on bad input`).toBe(before);
    }
  });
});

describe('who may call', () => {
  it('gives -2 without a token and -3 for an unknown or expired one', async () => {
    t = await createTestApp({ operations: testOperations });
    expect((await t.call('/test/write', { body: { value: 'x' } })).code).toBe(ResultCode.tokenEmpty);
    expect((await t.call('/test/write', { body: { value: 'x' }, token: 'nope' })).code).toBe(
      ResultCode.tokenExpired,
    );
    const userIdx = await insertUser(t);
    const token = await insertSession(t, { userIdx });
    await t.deps.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect((await t.call('/test/write', { body: { value: 'x' }, token })).code).toBe(ResultCode.tokenExpired);
  });

  it('gives -7 to a session ended by another device and -9 to one ended by a status change', async () => {
    t = await createTestApp({ operations: testOperations });
    const userIdx = await insertUser(t);
    const first = await insertSession(t, { userIdx });
    await t.deps.db.updateTable('sessions').set({ ended_at: 'x', end_reason: 'other_device' }).execute();
    expect((await t.call('/test/write', { body: { value: 'x' }, token: first })).code).toBe(
      ResultCode.otherDeviceLogin,
    );
    const second = await insertSession(t, { userIdx });
    await t.deps.db
      .updateTable('sessions')
      .set({ ended_at: 'x', end_reason: 'status_changed' })
      .where('ended_at', 'is', null)
      .execute();
    expect((await t.call('/test/write', { body: { value: 'x' }, token: second })).code).toBe(
      ResultCode.statusChanged,
    );
  });

  it('refuses a member under review with the under-review message', async () => {
    t = await createTestApp({ operations: testOperations });
    const userIdx = await insertUser(t, { f_approval: 'P' });
    const token = await insertSession(t, { userIdx });
    const res = await t.call('/test/write', { token, body: { value: 'x' } });
    expect(res.code).toBe(ResultCode.apiError);
    expect(res.msg).toContain('심사');
  });

  it('refuses a write-limited member until the release date', async () => {
    t = await createTestApp({ operations: testOperations });
    const release = new Date(Date.now() + 86400000);
    const userIdx = await insertUser(t, { f_status: 'WL', f_release_date: release.toISOString() });
    const token = await insertSession(t, { userIdx });
    const before = t.changes();
    const res = await t.call('/test/write', { token, body: { value: 'x' } });
    expect(res.code).toBe(ResultCode.apiError);
    // The day in Seoul (the next UTC day from 15:00 UTC).
    expect(res.msg).toContain(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Seoul' }).format(release));
    expect(t.changes()).toBe(before);
  });

  it('lets an admin into a tab only with its authority, and locked tabs only with the lock open', async () => {
    t = await createTestApp({ operations: testOperations });
    const agent = await insertSession(t, { userIdx: await insertUser(t) });
    const memberAdminIdx = await insertUser(t, { f_type: 'A', f_admin_authority: '0' });
    const memberAdmin = await insertSession(t, { userIdx: memberAdminIdx });
    const pointAdminIdx = await insertUser(t, { f_type: 'A', f_admin_authority: '2' });
    const pointLocked = await insertSession(t, { userIdx: pointAdminIdx });
    const pointUnlocked = await insertSession(t, {
      userIdx: pointAdminIdx,
      deviceId: 'other',
      unlocked: true,
    });

    expect((await t.call('/test/member', { token: agent })).code).toBe(ResultCode.apiError);
    expect((await t.call('/test/member', { token: memberAdmin })).code).toBe(ResultCode.ok);
    expect((await t.call('/test/point', { token: memberAdmin })).code).toBe(ResultCode.apiError);
    const locked = await t.call('/test/point', { token: pointLocked });
    expect(locked.code).toBe(ResultCode.apiError);
    expect(locked.msg).toContain('잠금');
    expect((await t.call('/test/point', { token: pointUnlocked })).code).toBe(ResultCode.ok);
  });
});

describe('the usage ticket check', () => {
  it('refuses a member whose usage date has passed, and says why', async () => {
    t = await createTestApp({ operations: testOperations });
    const expired = await insertSession(t, {
      userIdx: await insertUser(t, { f_usage_date: new Date(Date.now() - 1000).toISOString() }),
    });
    const res = await t.call('/test/ticket', { token: expired });
    expect(res.status).toBe(402);
    expect(res.data).toEqual({ reason: 'ticket_expired', ticket: 'expired' });
    const never = await insertSession(t, { userIdx: await insertUser(t), deviceId: 'd2' });
    expect((await t.call('/test/ticket', { token: never })).code).toBe(ResultCode.apiError);
  });

  it('lets a member with a usage date in the future, an admin, or anyone when tickets are free', async () => {
    t = await createTestApp({ operations: testOperations });
    const valid = await insertSession(t, {
      userIdx: await insertUser(t, { f_usage_date: new Date(Date.now() + 86400000).toISOString() }),
    });
    expect((await t.call('/test/ticket', { token: valid })).code).toBe(ResultCode.ok);
    const admin = await insertSession(t, { userIdx: await insertUser(t, { f_type: 'A' }), deviceId: 'd3' });
    expect((await t.call('/test/ticket', { token: admin })).code).toBe(ResultCode.ok);
    const none = await insertSession(t, { userIdx: await insertUser(t), deviceId: 'd4' });
    await t.deps.db
      .updateTable('app_settings')
      .set({ value: 'F' })
      .where('key', '=', 'ticket_price')
      .execute();
    expect((await t.call('/test/ticket', { token: none })).code).toBe(ResultCode.ok);
  });
});

describe('OpenAPI', () => {
  it('lists every route with the spec call name as its operationId', async () => {
    t = await createTestApp();
    const doc = (await (await t.app.request('/api/v1/openapi.json')).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => `${method} ${path} ${op.operationId}`),
    );
    const expected = operations.map((o) => `${o.call.method} /api/v1${o.call.path} ${o.call.operationId}`);
    expect(listed.sort()).toEqual(expected.sort());
    expect(listed).toContain('post /api/v1/auth/getAppInfo getAppInfo');
  });

  it('describes a request body from the same valibot schema the server checks', async () => {
    t = await createTestApp({ operations: testOperations });
    const doc = (await (await t.app.request('/api/v1/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { requestBody: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    expect(
      doc.paths['/api/v1/test/echo']?.post?.requestBody.content['application/json']?.schema,
    ).toMatchObject({
      type: 'object',
      properties: { text: { type: 'string', minLength: 1 } },
      required: ['text'],
    });
  });
});
