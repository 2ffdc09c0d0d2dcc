import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { systemClock } from '../../server/clock.ts';
import { member, postBody } from '../../server/community/community.fixtures.ts';
import type { TestApp } from '../../server/testing/fixtures.ts';
import { jpegWithGps } from '../../server/testing/fixtures.ts';
import { fakeDevice, startPushStub } from '../../server/testing/push-stub.ts';
import { stubTlsCert } from '../../server/testing/stub-tls.ts';
import { insertSite } from '../../server/testing/sync-fixtures.ts';
import { createTestEngine, dropDb } from '../../src/sync/testing.ts';
import { API_BASE, Headers } from '../../sync/codes.ts';
import { type Instance, startInstance } from '../support/instance-process.ts';
import { freshPostgresDatabase, type TestPostgres } from '../support/postgres-database.ts';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in.ts';

/**
 * Two server processes on one PostgreSQL database and one shared bucket, as a deployment runs
 * them behind a load balancer: whichever instance a request reaches, the member sees one server.
 */

let database: TestPostgres;
let s3: S3StandIn;
let pushStub: Awaited<ReturnType<typeof startPushStub>>;
let caFolder: string;
let a: Instance;
let b: Instance;
/** The fixtures' view of the shared database: they read only `deps.db` and `deps.clock`. */
let t: TestApp;

beforeAll(async () => {
  database = await freshPostgresDatabase({ poolSize: 2 });
  s3 = await startS3StandIn();
  pushStub = await startPushStub();
  // The instances reach the local push service over HTTPS: they trust its certificate.
  caFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'push-ca-'));
  fs.writeFileSync(path.join(caFolder, 'ca.pem'), stubTlsCert);
  const vapid = webpush.generateVAPIDKeys();
  const env = {
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '4',
    APP_SECRET: 'one-secret-for-every-instance',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    NODE_EXTRA_CA_CERTS: path.join(caFolder, 'ca.pem'),
    // Every job's run is logged (an idle one at debug), to count them.
    LOG_LEVEL: 'debug',
    ...s3.env,
  };
  // Started together, as a deploy or an autoscaler does: their schedulers race from the first look.
  [a, b] = await Promise.all([startInstance({ name: 'a', env }), startInstance({ name: 'b', env })]);
  t = { deps: { db: database.handle.db, clock: systemClock } } as unknown as TestApp;
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await pushStub?.close();
  await s3?.stop();
  await database?.drop();
  if (caFolder) fs.rmSync(caFolder, { recursive: true, force: true });
});

/** One API call to one instance, from a device. */
async function call<T = unknown>(
  instance: Instance,
  apiPath: string,
  { token, deviceId, body = {} }: { token?: string; deviceId: string; body?: unknown },
): Promise<{ code: number; data: T }> {
  const res = await fetch(`${instance.origin}${API_BASE}${apiPath}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [Headers.deviceId]: deviceId,
      ...(token ? { [Headers.accessToken]: token } : {}),
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: number; data: T };
}

/** What a load balancer does: each request to the next live instance; counts those in flight per instance. */
function balancer(live: () => Instance[]) {
  let next = 0;
  const inFlight = new Map<Instance, number>();
  const fetchImpl = async (input: string, init: RequestInit) => {
    const targets = live();
    const target = targets[next++ % targets.length] as Instance;
    inFlight.set(target, (inFlight.get(target) ?? 0) + 1);
    try {
      return await fetch(input.replace(/^https?:\/\/[^/]+/, target.origin), init);
    } finally {
      inFlight.set(target, (inFlight.get(target) ?? 1) - 1);
    }
  };
  return Object.assign(fetchImpl, { inFlight: (instance: Instance) => inFlight.get(instance) ?? 0 });
}

/** Runs `look` until it answers true, a tenth of a second apart: a state the other processes reach. */
async function until(look: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await look()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never: ${what}`);
}

/** Runs of a job by either instance, from their logs. */
function jobRuns(name: string): number {
  return [...a.lines, ...b.lines].filter(
    (line) => line.includes('"msg":"job ran"') && line.includes(`"job":"${name}"`),
  ).length;
}

describe('two server instances on one PostgreSQL database', () => {
  it('run each due job once between them: the daily jobs ran once at their first look, by one of the two', async () => {
    // Both schedulers looked at start (before saying ready); a daily job never seen is due once.
    await until(
      async () => jobRuns('general_site_expiry') > 0 && jobRuns('public_data_cache_prune') > 0,
      'the daily jobs ran',
    );
    const schedule = await database.handle.db
      .selectFrom('job_schedule')
      .select(['f_name', 'f_due_time'])
      .execute();
    expect(schedule.map((row) => row.f_name)).toEqual(
      expect.arrayContaining(['general_site_expiry', 'public_data_cache_prune', 'push_delivery']),
    );
    expect(jobRuns('general_site_expiry')).toBe(1);
    expect(jobRuns('public_data_cache_prune')).toBe(1);
  });

  it('show a write through one to a device pulling through the other, and serve an upload stored by one from the other', async () => {
    const owner = await member(t);
    const site = await insertSite(t, { userIdx: owner.userIdx });
    const other = await t.deps.db
      .insertInto('sessions')
      .values({
        f_user_idx: owner.userIdx,
        token_hash: (await import('../../server/auth/session.ts')).hashToken('second-device-token'),
        device_id: 'second-device',
        created_at: new Date().toISOString(),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        last_seen_at: new Date().toISOString(),
        admin_unlocked_until: null,
        ended_at: null,
        end_reason: null,
      })
      .execute();
    expect(other).toHaveLength(1);
    const writer = createTestEngine({
      fetchImpl: balancer(() => [a]),
      baseUrl: 'http://balancer',
      token: owner.token,
      deviceId: `device-${owner.userIdx}`,
    });
    const reader = createTestEngine({
      fetchImpl: balancer(() => [b]),
      baseUrl: 'http://balancer',
      token: 'second-device-token',
      deviceId: 'second-device',
    });
    try {
      await reader.engine.sync();
      await writer.engine.mutate('addSiteMemo', { site_idx: site, memo: '1층 상가 문의 많음' });
      await writer.engine.sync();
      await reader.engine.sync();
      expect((await reader.db.memos.get(site))?.memo).toBe('1층 상가 문의 많음');
    } finally {
      await dropDb(writer.db);
      await dropDb(reader.db);
    }

    const form = new FormData();
    form.append('file', new Blob([await jpegWithGps()]), 'photo.jpg');
    form.append('kind', '1');
    const uploaded = await fetch(`${a.origin}${API_BASE}/upload/image`, {
      method: 'POST',
      headers: { [Headers.deviceId]: `device-${owner.userIdx}`, [Headers.accessToken]: owner.token },
      body: form,
    });
    const { code, data } = (await uploaded.json()) as { code: number; data: { url: string } };
    expect(code).toBe(0);
    const fromA = await fetch(`${a.origin}${data.url}`);
    const fromB = await fetch(`${b.origin}${data.url}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(new Uint8Array(await fromB.arrayBuffer())).toEqual(new Uint8Array(await fromA.arrayBuffer()));
  });

  it('answer -7 through one to a device whose member signed in on another device through the other', async () => {
    const agent = await member(t);
    const phone = (
      await t.deps.db
        .selectFrom('users')
        .select('f_phone')
        .where('f_idx', '=', agent.userIdx)
        .executeTakeFirstOrThrow()
    ).f_phone as string;
    const oldDevice = `device-${agent.userIdx}`;
    expect((await call(b, '/user/getProfile', { token: agent.token, deviceId: oldDevice })).code).toBe(0);

    expect(
      (
        await call(a, '/auth/authPhone', {
          deviceId: 'new-phone',
          body: { phone_number: phone, is_login: 'Y' },
        })
      ).code,
    ).toBe(0);
    const sms = await a.waitForLine(new RegExp(`\\[sms\\] to=${phone} code=`));
    const smsCode = /code=(\S+)/.exec(sms)?.[1];
    const login = await call<{ access_token: string }>(a, '/auth/login', {
      deviceId: 'new-phone',
      body: { phone_number: phone, code: smsCode, device_id: 'new-phone' },
    });
    expect(login.code).toBe(0);

    expect((await call(b, '/user/getProfile', { token: agent.token, deviceId: oldDevice })).code).toBe(-7);
    expect((await call(a, '/user/getProfile', { token: agent.token, deviceId: oldDevice })).code).toBe(-7);
    expect(
      (await call(b, '/user/getProfile', { token: login.data.access_token, deviceId: 'new-phone' })).code,
    ).toBe(0);
  });

  it('deliver a push queued through one instance once, whichever runs the push job', async () => {
    const author = await member(t);
    const authorDevice = `device-${author.userIdx}`;
    const phone = fakeDevice();
    const endpoint = `${pushStub.origin}/push/instances-${author.userIdx}`;
    const subscribed = await call(a, '/push/subscribe', {
      token: author.token,
      deviceId: authorDevice,
      body: { endpoint, p256dh: phone.p256dh, auth: phone.auth },
    });
    expect(subscribed.code).toBe(0);
    const post = await call<{ f_idx: number }>(a, '/community/addCommunity', {
      token: author.token,
      deviceId: authorDevice,
      body: postBody,
    });
    expect(post.code).toBe(0);
    const reader = await member(t);
    const comment = async (through: Instance, text: string) => {
      const commented = await call(through, '/community/addComment', {
        token: reader.token,
        deviceId: `device-${reader.userIdx}`,
        body: { community_idx: post.data.f_idx, comment: text },
      });
      expect(commented.code).toBe(0);
    };
    const received = () =>
      pushStub.received
        .filter((push) => `${pushStub.origin}${push.path}` === endpoint)
        .map((push) => (JSON.parse(phone.decrypt(push.body)) as { body: string }).body);
    const finished = async () => {
      const row = await database.handle.db
        .selectFrom('job_schedule')
        .select('f_claim')
        .where('f_name', '=', 'push_delivery')
        .executeTakeFirst();
      return row?.f_claim === null;
    };

    // Each comment wakes the push job of both instances when it commits: they race for it.
    await comment(b, '저도 다녀왔어요');
    await until(async () => received().length === 1 && (await finished()), 'the first push arrived');
    await comment(a, '주차는 어땠나요');
    await until(async () => received().length === 2 && (await finished()), 'the second push arrived');
    expect(received()).toEqual([
      expect.stringContaining('저도 다녀왔어요'),
      expect.stringContaining('주차는 어땠나요'),
    ]);
  });

  it('lose and double nothing when one is killed (-9) during a push storm from devices that retry on the other', async () => {
    const { db } = database.handle;
    await db
      .updateTable('app_settings')
      .set({ value: '1000' })
      .where('key', '=', 'community_daily_limit')
      .execute();
    const cost = Number(
      (
        await db
          .selectFrom('app_settings')
          .select('value')
          .where('key', '=', 'community_made_point')
          .executeTakeFirstOrThrow()
      ).value,
    );
    const POSTS = 12;
    const POINTS = 100_000;
    let live = [a, b];
    const lb = balancer(() => live);
    const devices = await Promise.all(
      Array.from({ length: 4 }, async (_, d) => {
        const who = await member(t, { f_point: POINTS });
        const device = createTestEngine({
          fetchImpl: lb,
          baseUrl: 'http://balancer',
          token: who.token,
          deviceId: `device-${who.userIdx}`,
          batchSize: 2,
        });
        // Written offline: each post pinned (made+), paid in points when the server applies it.
        for (let n = 0; n < POSTS; n++) {
          await device.engine.mutate('addCommunity', {
            ...postBody,
            title: `분양 소식 ${d}-${n}`,
            made: 'Y',
          });
        }
        return { who, ...device };
      }),
    );
    try {
      const applied = async () =>
        Number(
          (
            await db
              .selectFrom('sync_mutations')
              .select((eb) => eb.fn.countAll().as('n'))
              .where('name', '=', 'addCommunity')
              .executeTakeFirstOrThrow()
          ).n,
        );
      const storm = devices.map((device) => device.engine.sync().catch(() => undefined));
      // Killed once a few mutations are in and while a holds requests of the storm.
      await until(async () => (await applied()) >= 6 && lb.inFlight(a) > 0, 'the storm under way on a');
      const cutRequests = lb.inFlight(a);
      await a.kill();
      // The balancer notices: every later request goes to b.
      live = [b];
      const atKill = await applied();
      await Promise.all(storm);
      expect(cutRequests, 'the kill landed inside requests').toBeGreaterThan(0);
      expect(atKill, 'the kill landed inside the storm').toBeLessThan(devices.length * POSTS);

      // Each device tries again, as it does when the signal returns, until its outbox is empty.
      for (const device of devices) {
        for (let attempt = 0; attempt < 5 && (await device.db.outbox.count()) > 0; attempt++) {
          await device.engine.sync().catch(() => undefined);
        }
        expect(await device.db.outbox.count()).toBe(0);
      }
      for (const { who } of devices) {
        const posts = await db
          .selectFrom('community_posts')
          .select('f_title')
          .where('f_user_idx', '=', who.userIdx)
          .execute();
        expect(posts).toHaveLength(POSTS);
        expect(new Set(posts.map((post) => post.f_title)).size).toBe(POSTS);
        const user = await db
          .selectFrom('users')
          .select('f_point')
          .where('f_idx', '=', who.userIdx)
          .executeTakeFirstOrThrow();
        expect(user.f_point).toBe(POINTS - POSTS * cost);
        const paid = await db
          .selectFrom('point_logs')
          .select('f_point')
          .where('f_user_idx', '=', who.userIdx)
          .execute();
        expect(paid).toHaveLength(POSTS);
        const client = await db
          .selectFrom('sync_clients')
          .select('last_seq')
          .where('f_user_idx', '=', who.userIdx)
          .executeTakeFirstOrThrow();
        expect(client.last_seq).toBe(POSTS);
      }
      expect(await applied()).toBe(devices.length * POSTS);
    } finally {
      for (const device of devices) await dropDb(device.db);
    }
  });
});
