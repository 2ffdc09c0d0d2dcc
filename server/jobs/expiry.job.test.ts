import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { Expiry, nearExpiry } from '../../sync/sites/expiry.ts';
import { fixedClock } from '../clock.ts';
import type { NewSite } from '../sites/sites.tables.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';
import { runExpiryJob } from './expiry.job.ts';
import { startJobs } from './scheduler.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** 10:00 in Seoul on 1 March 2026. */
const start = '2026-03-01T10:00:00+09:00';

async function setup() {
  const clock = fixedClock(start);
  t = await createTestApp({ clock });
  const owner = await insertUser(t);
  const token = await insertSession(t, { userIdx: owner });
  const general = ({ days, extra = {} }: { days: number | null; extra?: Partial<NewSite> }) =>
    insertSite(t, { userIdx: owner, f_site_type: 'G', f_remain_days_till_hide: days, ...extra });
  const sites = {
    seven: await general({ days: 7 }),
    six: await general({ days: 6 }),
    uncounted: await general({ days: null }),
    hidden: await general({ days: 15, extra: { f_hidden: 'Y' } }),
    deleted: await general({ days: 2, extra: { f_status: 'D' } }),
    newOpen: await insertSite(t, { userIdx: owner, f_site_type: 'O' }),
  };
  const run = () => runExpiryJob({ db: t.deps.db, now: clock.now() });
  const state = async (site: number) =>
    (await t.handle.row(
      'SELECT f_hidden, f_remain_days_till_hide AS days FROM sites WHERE f_idx = ?',
      site,
    )) as { f_hidden: 'Y' | 'N'; days: number | null };
  const days = async (site: number) => (await state(site)).days;
  return { clock, owner, token, sites, run, state, days };
}

describe('the general-site expiry job', () => {
  it('only records the day on its first run, and starts sites without a count at the full days', async () => {
    const { run, days, sites } = await setup();
    expect(await run()).toMatchObject({ date: '2026-03-01', days: 0, started: 1, hidden: 0, skipped: false });
    expect(await days(sites.seven)).toBe(7);
    expect(await days(sites.six)).toBe(6);
    expect(await days(sites.uncounted)).toBe(Expiry.generalSiteDays);
  });

  it('counts down one day per Seoul calendar day, turning at midnight in Seoul, not in UTC', async () => {
    const { clock, run, days, sites } = await setup();
    await run();
    // 23:59 in Seoul is still 1 March there (14:59 UTC).
    clock.set('2026-03-01T23:59:00+09:00');
    expect((await run()).skipped).toBe(true);
    expect(await days(sites.seven)).toBe(7);
    // One minute later it is 2 March in Seoul although UTC is still on 1 March.
    clock.set('2026-03-02T00:00:00+09:00');
    expect(await run()).toMatchObject({ date: '2026-03-02', days: 1, skipped: false });
    expect(await days(sites.seven)).toBe(6);
    expect(await days(sites.six)).toBe(5);
    expect(await days(sites.uncounted)).toBe(Expiry.generalSiteDays - 1);
  });

  it('changes nothing when it runs twice the same day', async () => {
    const { clock, run } = await setup();
    await run();
    clock.set('2026-03-02T00:10:00+09:00');
    await run();
    const written = t.changes();
    clock.set('2026-03-02T18:00:00+09:00');
    expect(await run()).toMatchObject({ days: 0, skipped: true });
    expect(t.changes()).toBe(written);
  });

  it('counts every missed day after the server was down', async () => {
    const { clock, run, days, sites } = await setup();
    await run();
    clock.set('2026-03-04T09:00:00+09:00');
    expect((await run()).days).toBe(3);
    expect(await days(sites.seven)).toBe(4);
  });

  it('warns from 5 days left, the day the count reaches 5', async () => {
    const { clock, run, days, sites, token } = await setup();
    await run();
    const nearCount = async () =>
      (
        await t.call<{ near_expire_count: number }>('/site/getMySiteList', {
          token,
          body: { only_near_expire_sales_count: 'Y' },
        })
      ).data.near_expire_count;
    expect(nearExpiry(await days(sites.six))).toBe(false);
    expect(await nearCount()).toBe(0);
    clock.set('2026-03-02T08:00:00+09:00');
    await run();
    expect(await days(sites.six)).toBe(5);
    expect(nearExpiry(await days(sites.six))).toBe(true);
    expect(await nearCount()).toBe(1);
  });

  it('hides a site whose count reaches 0, shows 15 days on it, and notes the job hid it', async () => {
    const { clock, run, state, sites } = await setup();
    await run();
    clock.set('2026-03-07T00:30:00+09:00');
    expect((await run()).hidden).toBe(1);
    expect(await state(sites.six)).toEqual({ f_hidden: 'Y', days: Expiry.hiddenRemainDays });
    expect(await state(sites.seven)).toEqual({ f_hidden: 'N', days: 1 });
    const stamp = await t.handle.row(
      'SELECT f_hidden_time, f_hidden_by FROM site_states WHERE f_site_idx = ?',
      sites.six,
    );
    expect(stamp).toEqual({
      f_hidden_time: new Date('2026-03-07T00:30:00+09:00').toISOString(),
      f_hidden_by: 'E',
    });
    // Hidden, the count stands still at 15.
    clock.set('2026-03-09T00:30:00+09:00');
    await run();
    expect(await state(sites.six)).toEqual({ f_hidden: 'Y', days: Expiry.hiddenRemainDays });
  });

  it('leaves hidden, deleted and new-open sites alone', async () => {
    const { clock, run, state, sites } = await setup();
    await run();
    clock.set('2026-03-20T00:30:00+09:00');
    await run();
    expect(await state(sites.hidden)).toEqual({ f_hidden: 'Y', days: 15 });
    expect(await state(sites.deleted)).toEqual({ f_hidden: 'N', days: 2 });
    expect(await state(sites.newOpen)).toEqual({ f_hidden: 'N', days: null });
  });

  it('lets the owner extend a site about to hide: its days start again at 30 and count down from there', async () => {
    const { clock, run, days, sites, token } = await setup();
    await run();
    clock.set('2026-03-07T00:30:00+09:00');
    await run();
    expect(await days(sites.seven)).toBe(1);
    const res = await t.call('/site/expandGeneralSiteExpireDays', { token, body: { site_idx: sites.seven } });
    expect(res).toMatchObject({ code: 0, data: { f_remain_days_till_hide: 30 } });
    clock.set('2026-03-08T00:30:00+09:00');
    await run();
    expect(await days(sites.seven)).toBe(29);
  });

  it('gives a site shown again after hiding its 15 days, counted down from the next day', async () => {
    const { clock, run, state, sites, token } = await setup();
    await run();
    clock.set('2026-03-07T00:30:00+09:00');
    await run();
    const shown = await t.call('/site/setHideSite', {
      token,
      body: { site_idx: sites.six, hidden_status: 'N' },
    });
    expect(shown.code).toBe(0);
    expect(await state(sites.six)).toEqual({ f_hidden: 'N', days: 15 });
    clock.set('2026-03-08T00:30:00+09:00');
    await run();
    expect(await state(sites.six)).toEqual({ f_hidden: 'N', days: 14 });
  });

  it('refuses to extend a hidden site until it is shown again', async () => {
    const { token, sites, days } = await setup();
    const res = await t.call('/site/expandGeneralSiteExpireDays', {
      token,
      body: { site_idx: sites.hidden },
    });
    expect(res.code).toBe(-1);
    expect(await days(sites.hidden)).toBe(15);
  });

  it('runs once when the server starts and again on each timer tick', async () => {
    const { clock, days, sites } = await setup();
    const jobs = startJobs({ db: t.deps.db, clock, logger: pino({ level: 'silent' }), everyMs: 60_000 });
    await jobs.tick();
    expect(await t.handle.value('SELECT f_last_date FROM job_runs')).toBe('2026-03-01');
    clock.set('2026-03-02T01:00:00+09:00');
    await jobs.tick();
    jobs.stop();
    expect(await days(sites.seven)).toBe(6);
  });
});
