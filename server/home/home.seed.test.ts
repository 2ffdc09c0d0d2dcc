import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HomeData } from '../../sync/api/home.api.ts';
import type { FileStorage } from '../adapters/storage.ts';
import { seedDemo } from '../seed/demo.ts';
import { createTestApp, insertSession, type TestApp } from '../testing/fixtures.ts';
import { seedTestDb } from '../testing/seed-test-db.ts';
import { seedDemoHome } from './home.seed.ts';

let t: TestApp;
const stored = new Map<string, Uint8Array>();
const storage: FileStorage = {
  put: async ({ bytes, ext }) => {
    const url = `/uploads/demo/${stored.size + 1}.${ext}`;
    stored.set(url, bytes);
    return url;
  },
  read: async (url) => stored.get(url) ?? null,
  remove: async (url) => {
    stored.delete(url);
  },
};

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

it('gives the demo home a title and two ads that open demo sites, once', async () => {
  const { superAdminPhone } = t.deps.config;
  const now = t.deps.clock.now();
  // One seeding, as `npm start` does it (on PostgreSQL through a scratch SQLite database).
  const { first, again } = await seedTestDb({
    handle: t.handle,
    seed: async (sqlite) => {
      seedDemo({ sqlite, superAdminPhone, now: new Date(), siteCount: 40 });
      return {
        first: await seedDemoHome({ sqlite, storage, now }),
        again: await seedDemoHome({ sqlite, storage, now }),
      };
    },
  });
  expect(first.ads).toBe(2);
  expect(again.ads).toBe(0);
  expect(stored.size).toBe(2);
  // The pictures are small WebP files.
  for (const bytes of stored.values()) {
    expect(Buffer.from(bytes.subarray(8, 12)).toString()).toBe('WEBP');
    expect(bytes.length).toBeLessThan(40_000);
  }

  const agent = (await t.handle.row("SELECT f_idx FROM users WHERE f_phone = '01020000001'")) as {
    f_idx: number;
  };
  const token = await insertSession(t, { userIdx: agent.f_idx });
  const home = await t.call<HomeData>('/user/getHomeData', { token });
  expect(home.data.home_setting.f_home_title).toBe('분양톡 현장 소식');
  expect(home.data.ads.map((ad) => ad.f_connect_type)).toEqual(['S', 'S']);
  for (const ad of home.data.ads) {
    const site = await t.call(`/site/getSiteDetail`, {
      token,
      body: { site_idx: Number(ad.f_connect_value) },
    });
    expect(site.code).toBe(0);
  }
});
