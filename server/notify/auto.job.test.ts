import { afterEach, describe, expect, it } from 'vitest';
import type { NotifyWrite } from '../../sync/api/notify.api.ts';
import { fixedClock } from '../clock.ts';
import { member } from '../community/community.fixtures.ts';
import { startScheduler } from '../jobs/scheduler.ts';
import { createTestApp, type TestApp } from '../testing/fixtures.ts';
import { autoNotifyJob, latestDue } from './auto.job.ts';
import { noteBody, notifyWorld } from './notify.fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const HALF_HOUR = 30 * 60_000;

async function sendDays(notifyIdx: number): Promise<string[]> {
  const rows = await t.handle.all<{ f_due: string }>(
    'SELECT f_due FROM notify_sends WHERE f_notify_idx = ? ORDER BY f_due',
    notifyIdx,
  );
  // The Seoul day (UTC+9) of each send.
  return rows.map((r) => new Date(Date.parse(r.f_due) + 9 * 3600_000).toISOString().slice(0, 10));
}

describe('automatic notifications', () => {
  it('every 3 days at 09:00 go out on the right days only, once each, also across a restart over 09:00', async () => {
    const clock = fixedClock('2026-03-01T08:00:00+09:00');
    t = await createTestApp({ clock });
    const { writer, siteIdx } = await notifyWorld(t);
    const reader = await member(t);
    const res = await t.call<NotifyWrite>('/notify/addNotify', {
      token: writer.token,
      body: { ...noteBody, site_idx: siteIdx, is_auto: 'Y', auto_time: '09:00', auto_interval: '3' },
    });
    expect(res.code).toBe(0);
    const notifyIdx = res.data.f_idx;
    // Written, not sent: an automatic one goes out at its time.
    expect(await sendDays(notifyIdx)).toEqual([]);

    let scheduler = startScheduler({ deps: t.deps, jobs: [autoNotifyJob], everyMs: 3_600_000 });
    while (clock.now() < new Date('2026-03-12T23:30:00+09:00')) {
      await scheduler.tick();
      clock.advance(HALF_HOUR);
      // A second tick inside the same half hour sends nothing more.
      if (clock.now().getUTCMinutes() === 0) await scheduler.tick();
    }
    await scheduler.stop();
    expect(await sendDays(notifyIdx)).toEqual(['2026-03-01', '2026-03-04', '2026-03-07', '2026-03-10']);

    // The server is down from before 09:00 on the 13th until after it, then starts again (twice).
    clock.set('2026-03-13T09:40:00+09:00');
    scheduler = startScheduler({ deps: t.deps, jobs: [autoNotifyJob], everyMs: 3_600_000 });
    await scheduler.tick();
    await scheduler.stop();
    scheduler = startScheduler({ deps: t.deps, jobs: [autoNotifyJob], everyMs: 3_600_000 });
    clock.advance(120_000);
    await scheduler.tick();
    await scheduler.stop();
    expect(await sendDays(notifyIdx)).toEqual([
      '2026-03-01',
      '2026-03-04',
      '2026-03-07',
      '2026-03-10',
      '2026-03-13',
    ]);
    const [delivered] = await t.handle.all<{ n: number }>(
      'SELECT COUNT(*) AS n FROM notify_inbox WHERE f_notify_idx = ? AND f_user_idx = ?',
      notifyIdx,
      reader.userIdx,
    );
    expect(delivered?.n).toBe(5);
  });

  it('stop when turned off and count their days again from a change of time or interval', async () => {
    const clock = fixedClock('2026-03-01T08:00:00+09:00');
    t = await createTestApp({ clock });
    const { writer, siteIdx } = await notifyWorld(t);
    const res = await t.call<NotifyWrite>('/notify/addNotify', {
      token: writer.token,
      body: { ...noteBody, site_idx: siteIdx, is_auto: 'Y', auto_time: '09:00', auto_interval: 'E' },
    });
    const notifyIdx = res.data.f_idx;
    const off = await t.call('/notify/updateAutoNotify', {
      token: writer.token,
      body: { notify_idx: notifyIdx, auto_enable: 'N', auto_interval: 'E', auto_time: '09:00' },
    });
    expect(off.code).toBe(0);
    clock.set('2026-03-01T09:30:00+09:00');
    await autoNotifyJob.run({ db: t.deps.db, now: clock.now(), logger: t.deps.logger });
    expect(await sendDays(notifyIdx)).toEqual([]);
    await t.call('/notify/updateAutoNotify', {
      token: writer.token,
      body: { notify_idx: notifyIdx, auto_enable: 'Y', auto_interval: '5', auto_time: '10:00' },
    });
    for (const at of [
      '2026-03-01T10:05:00+09:00',
      '2026-03-03T10:05:00+09:00',
      '2026-03-06T10:05:00+09:00',
    ]) {
      clock.set(at);
      await autoNotifyJob.run({ db: t.deps.db, now: clock.now(), logger: t.deps.logger });
    }
    expect(await sendDays(notifyIdx)).toEqual(['2026-03-01', '2026-03-06']);
  });

  it('a schedule written after its time of day first goes out an interval later', () => {
    const from = '2026-03-01T01:00:00Z'; // 10:00 in Seoul
    const at = (iso: string) => latestDue({ from, time: '09:00', interval: '3', now: new Date(iso) });
    expect(at('2026-03-02T01:00:00Z')).toBeNull();
    expect(at('2026-03-04T00:30:00Z')?.toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(at('2026-03-06T23:00:00Z')?.toISOString()).toBe('2026-03-04T00:00:00.000Z');
  });
});
