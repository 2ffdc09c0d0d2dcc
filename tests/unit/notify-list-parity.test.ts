import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock.ts';
import { createRng, type Rng } from '../../server/seed/random.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { fold, insertSite, pullAll } from '../../server/testing/sync-fixtures.ts';
import { localDb } from '../../src/db/db.ts';
import { localNotifyPage, type NotifyListKind } from '../../src/features/notify/local-notify.ts';
import type { NotifyItem } from '../../sync/api/notify.api.ts';
import type { Page } from '../../sync/api/page.ts';
import { searchKey } from '../../sync/notify/list.ts';
import { type NotifySearchColumn, notifySearchColumns } from '../../sync/notify/rules.ts';
import type { InboxRow, NotificationRow } from '../../sync/protocol.ts';

/**
 * One member's notifications, two lists: the server's (over HTTP, in SQL) and the device's
 * (src/features/notify/local-notify.ts, over what the pull brought to IndexedDB). On generated
 * data (made+ pins inside and outside the last 24 hours, equal send times, titles and writers with
 * spaces, tabs, line breaks and ASCII in both cases), every list and every search must give the
 * same rows in the same order (sync/notify/list.ts holds the rules both follow).
 */

const NOW = '2026-03-10T03:00:00.000Z';
const HOUR = 3_600_000;

let t: TestApp;
let token: string;
let viewer: number;
let sites: number[];
const texts: string[] = [];

const words = [
  '잠실',
  '모델 하우스',
  'Alpha',
  'beta',
  'GAMMA Tower',
  '분양\n개시',
  '계약\t안내',
  '역삼 래미안',
];

/** A text of two or three words joined by white space of several kinds. */
function phrase(rng: Rng): string {
  const joins = [' ', '  ', '\n', '\t', '', '\u3000'];
  const parts = rng.subset(words, 2, 3);
  return parts.reduce((text, word) => `${text}${rng.pick(joins)}${word}`);
}

/** An instant in the last three days, on the hour or half hour, so that some coincide. */
function instant(rng: Rng): string {
  return new Date(new Date(NOW).getTime() - rng.int(0, 144) * (HOUR / 2)).toISOString();
}

async function seed(rng: Rng): Promise<void> {
  const writers = await Promise.all(
    ['김 Alpha', 'Beta 박', '최민아', 'gamma\t이'].map((name, i) =>
      insertUser(t, { f_name: name, f_phone: `0102000000${i}` }),
    ),
  );
  sites = [
    await insertSite(t, { userIdx: viewer, f_name: '잠실 Alpha 현장' }),
    await insertSite(t, { userIdx: writers[0] as number, f_name: '역삼\n래미안' }),
    await insertSite(t, { userIdx: writers[1] as number, f_name: 'GAMMA Tower' }),
  ];
  for (let n = 0; n < 70; n++) {
    const mine = rng.chance(0.3);
    const made = rng.chance(0.4) ? 'Y' : 'N';
    const auto = mine && rng.chance(0.4) ? 'Y' : 'N';
    const site = rng.pick(sites);
    const title = phrase(rng);
    const content = phrase(rng);
    texts.push(title, content);
    const regTime = instant(rng);
    const { f_idx: notifyIdx } = await t.deps.db
      .insertInto('notifications')
      .values({
        f_user_idx: mine ? viewer : rng.pick(writers),
        f_title: title,
        f_content: content,
        f_site_idx: site,
        f_site_name: (
          await t.deps.db
            .selectFrom('sites')
            .select('f_name')
            .where('f_idx', '=', site)
            .executeTakeFirstOrThrow()
        ).f_name,
        f_site_type: 'O',
        // made+ is paid once: made and made1 go together (notify.service.ts).
        f_made: made,
        f_made1: made,
        f_auto: auto,
        f_auto_enable: auto,
        f_reg_time: regTime,
        f_update_time: regTime,
        f_removed_time: null,
        f_auto_from: null,
      })
      .returning('f_idx')
      .executeTakeFirstOrThrow();
    if (mine) continue;
    // A received notification, sent once or (automatic) several times.
    for (let send = rng.int(1, 3); send > 0; send--) {
      await t.deps.db
        .insertInto('notify_inbox')
        .values({
          f_notify_idx: notifyIdx,
          f_user_idx: viewer,
          f_due: `due-${send}`,
          f_send_time: instant(rng),
          f_read: rng.chance(0.5) ? 'Y' : 'N',
          f_read_time: null,
        })
        .execute();
    }
  }
}

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  viewer = await insertUser(t, { f_name: '보는 사람' });
  token = await insertSession(t, { userIdx: viewer, deviceId: 'parity-device' });
  await seed(createRng(25));
  // The device holds what the pull brings.
  const pulled = fold((await pullAll(t, { token, clientId: 'client-parity-0001' })).changes);
  const inbox: InboxRow[] = [];
  const written: NotificationRow[] = [];
  for (const change of pulled.values()) {
    if (change.op === 'put' && change.t === 'inbox') inbox.push(change.row);
    if (change.op === 'put' && change.t === 'notification') written.push(change.row);
  }
  await localDb.inbox.clear();
  await localDb.notifications.clear();
  await localDb.inbox.bulkPut(inbox);
  await localDb.notifications.bulkPut(written);
}, 60_000);

afterAll(async () => {
  await localDb.inbox.clear();
  await localDb.notifications.clear();
  await t?.close();
});

interface ListCase {
  name: string;
  device: NotifyListKind;
  path: string;
  body?: Record<string, unknown>;
}

function lists(): ListCase[] {
  return [
    { name: 'received', device: { kind: 'received', today: false }, path: '/notify/findNotifyList' },
    { name: 'received today', device: { kind: 'received', today: true }, path: '/notify/getTodayNotifyList' },
    { name: 'own manual', device: { kind: 'written', auto: false }, path: '/notify/getMyNotifyList' },
    { name: 'own automatic', device: { kind: 'written', auto: true }, path: '/notify/getAutoNotifyList' },
    ...sites.map((siteIdx) => ({
      name: `site ${siteIdx}`,
      device: { kind: 'site' as const, siteIdx },
      path: '/notify/getSiteNotifyList',
      body: { site_idx: siteIdx },
    })),
  ];
}

/** A row as both lists name it: the notification, and which delivery of it. */
const keyOf = (item: NotifyItem) => `${item.f_idx}/${item.inbox_idx ?? 'own'}`;

async function every(load: (page: number) => Promise<Page<NotifyItem>>): Promise<string[]> {
  const rows: string[] = [];
  for (let page = 1; ; page++) {
    const { list, page_count } = await load(page);
    rows.push(...list.map(keyOf));
    if (page >= page_count) return rows;
  }
}

/** Keywords: none, pieces of the texts with their spacing and ASCII case changed, and one found nowhere. */
function keywords(rng: Rng): string[] {
  const pieces = Array.from({ length: 8 }, () => {
    const key = searchKey(rng.pick(texts));
    const start = rng.int(0, Math.max(0, key.length - 2));
    const piece = key.slice(start, start + rng.int(1, 4));
    return [...piece].map((c) => (rng.chance(0.5) ? c.toUpperCase() : c)).join(rng.pick(['', ' ', '\t']));
  });
  return ['', ...pieces, '없는말', 'alpha', '김 a', '0102'];
}

describe('the notification lists of the device and of the server', () => {
  it('hold the same rows in the same order for every list and every search', async () => {
    const rng = createRng(2026);
    let compared = 0;
    let nonEmpty = 0;
    for (const list of lists()) {
      for (const column of notifySearchColumns as readonly NotifySearchColumn[]) {
        for (const keyword of keywords(rng)) {
          const label = `${list.name}, ${column} "${keyword}"`;
          const server = await every(async (page_num) => {
            const res = await t.call<Page<NotifyItem>>(list.path, {
              token,
              body: { ...list.body, page_num, column, keyword },
            });
            expect(res.code, label).toBe(0);
            return res.data;
          });
          const device = await every((page) =>
            localNotifyPage({ list: list.device, query: { column, keyword }, page, now: new Date(NOW) }),
          );
          expect(device, label).toEqual(server);
          compared++;
          if (server.length > 0) nonEmpty++;
        }
      }
    }
    expect(compared).toBeGreaterThan(200);
    // The generated data must exercise the lists, not compare empty ones.
    expect(nonEmpty).toBeGreaterThan(compared / 3);
  }, 120_000);

  it('put received made+ notifications of the last 24 hours first, in both', async () => {
    const device = await localNotifyPage({
      list: { kind: 'received', today: false },
      query: { column: 'title', keyword: '' },
      page: 1,
      now: new Date(NOW),
    });
    const since = new Date(new Date(NOW).getTime() - 24 * HOUR).toISOString();
    const pins = device.list.map((i) => i.f_made1 === 'Y' && i.f_send_time > since);
    // Some are pinned and some are not, and every pinned one comes before every other one.
    expect(pins.includes(true) && pins.includes(false)).toBe(true);
    expect(pins.indexOf(false)).toBeGreaterThan(pins.lastIndexOf(true));
  });
});
