import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../clock.ts';
import { createTestApp, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';
import { jobs } from './jobs.ts';
import { startScheduler } from './scheduler.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

describe("the server's jobs", () => {
  it("count general sites' days when the server starts and again at midnight in Seoul", async () => {
    const clock = fixedClock('2026-03-01T10:00:00+09:00');
    t = await createTestApp({ clock });
    const owner = await insertUser(t);
    const site = await insertSite(t, { userIdx: owner, f_site_type: 'G', f_remain_days_till_hide: 7 });
    const days = async () =>
      (await t.handle.all('SELECT f_remain_days_till_hide FROM sites WHERE f_idx = ?', site))[0]
        ?.f_remain_days_till_hide;
    const scheduler = startScheduler({ deps: t.deps, jobs, everyMs: 60_000 });
    await scheduler.tick();
    expect(await t.handle.all('SELECT f_last_date FROM job_runs')).toEqual([{ f_last_date: '2026-03-01' }]);
    clock.set('2026-03-02T00:00:00+09:00');
    await scheduler.tick();
    expect(await days()).toBe(6);
    await scheduler.stop();
  });
});
