import { afterEach, describe, expect, it } from 'vitest';
import { decodePull, PROTOCOL_VERSION, type PullWire } from '../../sync/protocol.ts';
import { fixedClock } from '../clock.ts';
import type { Config } from '../config.ts';
import { defineJob } from '../jobs/job.ts';
import { startScheduler } from '../jobs/scheduler.ts';
import { pushTestApp, runPushJob, subscribedMember } from '../push/push.fixtures.ts';
import { queuePush } from '../push/push.queue.ts';
import { agent } from '../reports/reports.fixtures.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite, mutation } from '../testing/sync-fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const TOKEN = 'a-metrics-token-of-32-characters';

/** GET /metrics as Prometheus asks, from the given socket address. */
function scrape({
  from = '127.0.0.1',
  headers = {},
}: {
  from?: string;
  headers?: Record<string, string>;
} = {}) {
  return t.app.request('/metrics', { headers }, { incoming: { socket: { remoteAddress: from } } });
}

/** The value of one series in a scrape, 0 when it is not there yet. */
async function value(series: string): Promise<number> {
  const text = await (await scrape({ headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function appWith(config: Partial<Config>) {
  t = await createTestApp({ clock: fixedClock('2026-03-02T01:00:00Z'), config });
}

describe('GET /metrics', () => {
  it('with METRICS_TOKEN set, answers Prometheus text with the request counts by operation only to the bearer of the token', async () => {
    await appWith({ metricsToken: TOKEN });
    const series = 'bunyang_http_requests_total{operation="health",code="0"}';
    const before = await value(series);
    await t.call('/health', { method: 'GET' });
    await t.call('/health', { method: 'GET' });

    const res = await scrape({ from: '203.0.113.9', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain; version=0.0.4');
    const text = await res.text();
    expect(text).toContain('# TYPE bunyang_http_requests_total counter');
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(await value(series)).toBe(before + 2);

    for (const authorization of [undefined, 'Bearer wrong-token-of-32-characters-x', TOKEN]) {
      const refused = await scrape({ headers: authorization ? { authorization } : {} });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toContain('Bearer');
      expect(await refused.text()).not.toContain('bunyang_');
    }
  });

  it('without a token, answers only a connection from this machine that no proxy passed on', async () => {
    await appWith({ metricsToken: null, trustedProxies: 1 });
    expect((await scrape({ from: '127.0.0.1' })).status).toBe(200);
    expect((await scrape({ from: '::1' })).status).toBe(200);
    expect((await scrape({ from: '::ffff:127.0.0.1' })).status).toBe(200);
    expect((await scrape({ from: '10.0.0.7' })).status).toBe(403);
    // A header never makes an outside caller local; through a proxy on this machine it refuses.
    expect((await scrape({ from: '10.0.0.7', headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(
      403,
    );
    expect((await scrape({ from: '127.0.0.1', headers: { 'x-forwarded-for': '198.51.100.4' } })).status).toBe(
      403,
    );
    expect((await scrape({ from: '127.0.0.1', headers: { forwarded: 'for=198.51.100.4' } })).status).toBe(
      403,
    );
  });

  it('labels requests by operationId, never by a path with ids, and an unknown path as unmatched', async () => {
    await appWith({ metricsToken: TOKEN });
    const { token } = await agent(t);
    const site = await insertSite(t, { userIdx: await insertUser(t) });
    await t.call('/site/getSiteDetail', { token, body: { site_idx: site } });
    await t.call(`/no/such/${site}`, { token });
    const text = await (await scrape({ headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(text).toMatch(/bunyang_http_requests_total\{operation="getSiteDetail",code="0"\} \d+/);
    expect(text).toMatch(
      /bunyang_http_request_duration_seconds_bucket\{le="0\.005",operation="getSiteDetail"\}/,
    );
    expect(text).toMatch(/bunyang_http_requests_total\{operation="unmatched",code="-1"\} \d+/);
    expect(text).not.toContain(`/${site}`);
  });

  it('counts sync pushes with their bytes and refusals by operation, and pulls with their rows and bytes', async () => {
    await appWith({ metricsToken: TOKEN });
    const userIdx = await insertUser(t);
    const token = await insertSession(t, { userIdx });
    const site = await insertSite(t, { userIdx });
    const refused = 'bunyang_sync_rejected_mutations_total{mutation="addSiteMemo",code="-4"}';
    const [pushes, applied, refusals, pushBytes, rows, pullBytes] = await Promise.all([
      value('bunyang_sync_pushes_total'),
      value('bunyang_sync_pushed_mutations_total{outcome="applied"}'),
      value(refused),
      value('bunyang_sync_push_bytes_total'),
      value('bunyang_sync_pulled_rows_total'),
      value('bunyang_sync_pull_bytes_total'),
    ]);
    const mutations = [
      mutation({ seq: 1, name: 'setLikeSite', args: { site_idx: site, like_status: 'Y' } }),
      mutation({ seq: 2, name: 'addSiteMemo', args: { site_idx: site, memo: 'x'.repeat(6000) } }),
    ];
    // As a browser sends it: with its length declared.
    const raw = JSON.stringify({
      protocol_version: PROTOCOL_VERSION,
      client_id: 'client-metrics-1',
      mutations,
    });
    const pushed = await t.call('/sync/push', {
      token,
      raw,
      headers: { 'content-length': String(Buffer.byteLength(raw)) },
    });
    expect(pushed.code).toBe(0);
    const res = await t.app.request('/api/v1/sync/pull', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': token, 'x-device-id': 'test-device' },
      body: JSON.stringify({
        protocol_version: PROTOCOL_VERSION,
        client_id: 'client-metrics-1',
        cursor: null,
      }),
    });
    const body = await res.text();
    // The pull's byte count is the answer's Content-Length, and that is its real length.
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(body));
    const page = decodePull((JSON.parse(body) as { data: PullWire }).data);

    expect(await value('bunyang_sync_pushes_total')).toBe(pushes + 1);
    expect(await value('bunyang_sync_pushed_mutations_total{outcome="applied"}')).toBe(applied + 1);
    expect(await value(refused)).toBe(refusals + 1);
    expect(await value('bunyang_sync_push_bytes_total')).toBe(pushBytes + Buffer.byteLength(raw));
    expect(await value('bunyang_sync_pulled_rows_total')).toBe(rows + page.changes.length);
    expect(await value('bunyang_sync_pull_bytes_total')).toBe(
      pullBytes + Buffer.byteLength(body) - '{"code":0,"msg":"","data":}'.length,
    );
  });

  it('counts job runs by job and outcome, with their durations', async () => {
    await appWith({ metricsToken: TOKEN });
    const jobs = [
      defineJob({ name: 'metrics_ok', cadence: { everySeconds: 60 }, run: async () => ({ done: 1 }) }),
      defineJob({
        name: 'metrics_failing',
        cadence: { everySeconds: 60 },
        run: async () => {
          throw new Error('it broke');
        },
      }),
    ];
    const scheduler = startScheduler({ deps: t.deps, jobs, everyMs: 60_000 });
    await scheduler.tick();
    await scheduler.stop();
    expect(await value('bunyang_job_runs_total{job="metrics_ok",outcome="ok"}')).toBe(1);
    expect(await value('bunyang_job_runs_total{job="metrics_failing",outcome="failed"}')).toBe(1);
    expect(await value('bunyang_job_duration_seconds_count{job="metrics_failing"}')).toBe(1);
  });

  it('counts public-data look-ups by provider and outcome: fetched, then answered from the cache', async () => {
    await appWith({ metricsToken: TOKEN });
    const { token } = await agent(t);
    const fetched = 'bunyang_public_data_calls_total{provider="sample",service="land",outcome="fetched"}';
    const cached = 'bunyang_public_data_calls_total{provider="sample",service="land",outcome="cached"}';
    const [f, c] = [await value(fetched), await value(cached)];
    for (let i = 0; i < 2; i++) {
      const res = await t.call('/public/landPrice', {
        token,
        method: 'GET',
        query: { pnu: '1168010100107370012' },
      });
      expect(res.code).toBe(0);
    }
    expect([await value(fetched), await value(cached)]).toEqual([f + 1, c + 1]);
  });

  it('counts push deliveries by outcome and the push service status', async () => {
    const made = await pushTestApp({
      subject: 'mailto:ops@example.com',
      answer: (push) => (push.path.endsWith('gone') ? 410 : push.path.endsWith('busy') ? 503 : 201),
    });
    t = made.t;
    const members = [];
    for (const name of ['fine', 'gone', 'busy']) {
      const who = await subscribedMember({ t, stub: made.stub });
      await t.handle.all(
        'UPDATE push_subscriptions SET f_endpoint = f_endpoint || ? WHERE f_user_idx = ?',
        `-${name}`,
        who.userIdx,
      );
      members.push(who.userIdx);
    }
    const series = (outcome: string, status: string) =>
      `bunyang_push_deliveries_total{outcome="${outcome}",status="${status}"}`;
    const before = await Promise.all([
      value(series('sent', '201')),
      value(series('gone', '410')),
      value(series('retrying', '503')),
    ]);
    await queuePush({
      db: t.deps.db,
      userIdxs: members,
      message: { type: 3, idx: 1, title: '알림', body: '내용' },
    });
    expect(await runPushJob(t)).toMatchObject({ sent: 1, gone: 1, retrying: 1 });
    expect(
      await Promise.all([
        value(series('sent', '201')),
        value(series('gone', '410')),
        value(series('retrying', '503')),
      ]),
    ).toEqual(before.map((n) => n + 1));
    await made.stub.close();
  });

  it('times every wait for the database connection', async () => {
    await appWith({ metricsToken: TOKEN });
    const before = await value('bunyang_db_connection_wait_seconds_count');
    await t.call('/health', { method: 'GET' });
    expect(await value('bunyang_db_connection_wait_seconds_count')).toBeGreaterThan(before);
  });
});
