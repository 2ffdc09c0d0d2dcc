import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { defineJob } from '../jobs/job.ts';
import { startScheduler } from '../jobs/scheduler.ts';
import { listen } from '../listen.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { createLifecycle, type Lifecycle } from './lifecycle.ts';
import { shutDown } from './shutdown.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function appIn(state: 'starting' | 'ready' | 'draining') {
  t = await createTestApp();
  const lifecycle: Lifecycle = createLifecycle(state);
  const app = createApp({ deps: { ...t.deps, lifecycle } });
  const get = (path: string) => app.request(`/api/v1${path}`);
  const post = (path: string) =>
    app.request(`/api/v1${path}`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
  return { app, lifecycle, get, post };
}

describe('health and readiness', () => {
  it('while starting, say so with 503 and answer every other request 503 with Retry-After', async () => {
    const { get, post, lifecycle } = await appIn('starting');
    for (const path of ['/health', '/health/ready']) {
      const res = await get(path);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: -1, data: { reason: 'starting' } });
    }
    const other = await post('/auth/getAppInfo');
    expect(other.status).toBe(503);
    expect(other.headers.get('retry-after')).toBe('5');
    expect(await other.json()).toMatchObject({ code: -1, data: { reason: 'starting' } });

    lifecycle.ready();
    expect(await (await get('/health')).json()).toMatchObject({
      code: 0,
      data: { db: 'ok', state: 'ready' },
    });
    expect(await (await get('/health/ready')).json()).toMatchObject({ code: 0, data: { state: 'ready' } });
    expect((await post('/auth/getAppInfo')).status).toBe(200);
  });

  it('while draining, readiness is 503 but health still 200, and new requests are turned away with their connection closed', async () => {
    const { get, post } = await appIn('draining');
    const ready = await get('/health/ready');
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ data: { reason: 'draining' } });
    expect(await (await get('/health')).json()).toMatchObject({ code: 0, data: { state: 'draining' } });
    const other = await post('/auth/getAppInfo');
    expect(other.status).toBe(503);
    expect(other.headers.get('connection')).toBe('close');
  });

  it('answer 503 when the database does not answer', async () => {
    const { get } = await appIn('ready');
    await t.handle.close();
    for (const path of ['/health', '/health/ready']) {
      const res = await get(path);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: -1, data: { reason: 'database' } });
    }
    t = { ...t, close: async () => {} };
  });
});

/** A promise and the function that settles it. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('shutting down', () => {
  async function running({ job }: { job: () => Promise<unknown> }) {
    const { app, lifecycle } = await appIn('ready');
    const listening = await listen({ app, port: 0, hostname: '127.0.0.1' });
    const jobStarted = gate();
    const scheduler = startScheduler({
      deps: t.deps,
      jobs: [
        defineJob({
          name: 'slow_job',
          cadence: { everySeconds: 3600 },
          run: async () => {
            jobStarted.open();
            return job();
          },
        }),
      ],
      everyMs: 3_600_000,
    });
    await jobStarted.opened;
    let closed = false;
    const stop = (timeoutMs: number) =>
      shutDown({
        signal: 'SIGTERM',
        lifecycle,
        listening,
        scheduler,
        closeDatabase: async () => {
          closed = true;
        },
        timeoutMs,
        logger: pino({ level: 'silent' }),
      });
    return { lifecycle, listening, stop, closed: () => closed };
  }

  it('waits for the running job, then closes the database and stops listening', async () => {
    const job = gate();
    const server = await running({ job: () => job.opened });
    const stopping = server.stop(60_000);
    expect(server.lifecycle.state()).toBe('draining');
    await expect(fetch(`http://127.0.0.1:${server.listening.port}/api/v1/health`)).rejects.toThrow();
    expect(server.closed()).toBe(false);
    job.open();
    expect(await stopping).toEqual({ clean: true });
    expect(server.closed()).toBe(true);
    const recorded = await t.handle.value(
      "SELECT f_last_outcome FROM job_schedule WHERE f_name = 'slow_job'",
    );
    expect(recorded).toBe('ok');
  });

  it('past its bound, closes the database anyway and says it was not clean', async () => {
    const server = await running({ job: () => new Promise(() => {}) });
    expect(await server.stop(200)).toEqual({ clean: false });
    expect(server.closed()).toBe(true);
  });
});
