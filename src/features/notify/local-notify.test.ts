import { afterEach, describe, expect, it } from 'vitest';
import type { InboxRow, NotificationRow } from '../../../sync/protocol.ts';
import { localDb } from '../../db/db.ts';
import { localNotification, localNotifyPage, type NotifyQuery } from './local-notify.ts';

const now = new Date('2026-03-10T03:00:00Z'); // 12:00 in Seoul

function delivery(over: Partial<InboxRow> & { f_idx: number; f_notify_idx: number }): InboxRow {
  return {
    f_send_time: '2026-03-10T01:00:00Z',
    f_read: 'N',
    f_title: '현장 안내',
    f_content: '내용',
    f_site_idx: 7,
    f_site_name: '잠실 현장',
    f_site_type: 'O',
    f_address: '',
    f_push: 'N',
    f_made: 'N',
    f_auto: 'N',
    f_image_url: '',
    f_reg_time: '2026-03-10T01:00:00Z',
    f_writer_idx: 2,
    f_writer_name: '박정호',
    f_writer_phone: '01020000002',
    f_writer_affiliation: '',
    contacts_list: [],
    ...over,
  };
}

function own(over: Partial<NotificationRow> & { f_idx: number }): NotificationRow {
  return {
    f_user_idx: 1,
    f_title: '내 알림',
    f_content: '',
    f_site_idx: 7,
    f_site_name: '잠실 현장',
    f_site_type: 'O',
    f_address: '',
    f_longitude: null,
    f_latitude: null,
    f_push: 'N',
    f_made: 'N',
    f_made1: 'N',
    f_auto: 'N',
    f_auto_enable: 'N',
    f_auto_time: '00:00',
    f_auto_interval: 'E',
    f_read: 'Y',
    f_image_url: '',
    f_reg_time: '2026-03-09T01:00:00Z',
    f_update_time: '2026-03-09T01:00:00Z',
    f_version: 1,
    contacts_list: [],
    ...over,
  };
}

afterEach(async () => {
  await localDb.inbox.clear();
  await localDb.notifications.clear();
});

const query: NotifyQuery = { column: 'title', keyword: '' };
const titles = async (list: Parameters<typeof localNotifyPage>[0]['list'], q = query) =>
  (await localNotifyPage({ list, query: q, page: 1, now })).list.map((i) => i.f_title);

describe('the notification lists on the device', () => {
  it('show received ones made+ of the last day first, then newest; today keeps the Seoul day only', async () => {
    await localDb.inbox.bulkPut([
      delivery({ f_idx: 1, f_notify_idx: 11, f_title: 'old', f_send_time: '2026-03-08T01:00:00Z' }),
      delivery({
        f_idx: 2,
        f_notify_idx: 12,
        f_title: 'made',
        f_made: 'Y',
        f_send_time: '2026-03-09T20:00:00Z',
      }),
      delivery({ f_idx: 3, f_notify_idx: 13, f_title: 'new', f_send_time: '2026-03-10T02:00:00Z' }),
      delivery({
        f_idx: 4,
        f_notify_idx: 14,
        f_title: 'stale made',
        f_made: 'Y',
        f_send_time: '2026-03-01T02:00:00Z',
      }),
    ] as never[]);
    expect(await titles({ kind: 'received', today: false })).toEqual(['made', 'new', 'old', 'stale made']);
    // 2026-03-09T20:00Z is 05:00 on the 10th in Seoul.
    expect(await titles({ kind: 'received', today: true })).toEqual(['made', 'new']);
  });

  it('split the member’s own into manual and automatic, and a site’s list holds both sides', async () => {
    await localDb.notifications.bulkPut([
      own({ f_idx: 21, f_title: 'manual' }),
      own({ f_idx: 22, f_title: 'auto', f_auto: 'Y', f_site_idx: 8 }),
    ] as never[]);
    await localDb.inbox.put(delivery({ f_idx: 5, f_notify_idx: 15, f_title: 'received' }) as never);
    expect(await titles({ kind: 'written', auto: false })).toEqual(['manual']);
    expect(await titles({ kind: 'written', auto: true })).toEqual(['auto']);
    expect(await titles({ kind: 'site', siteIdx: 7 })).toEqual(['received', 'manual']);
  });

  it('search a column with the keyword’s spaces ignored, and find one notification for a push', async () => {
    await localDb.inbox.bulkPut([
      delivery({ f_idx: 6, f_notify_idx: 16, f_title: '잠실 모델하우스 오픈' }),
      delivery({ f_idx: 7, f_notify_idx: 17, f_title: '계약 조건', f_writer_name: '최민아' }),
    ] as never[]);
    expect(
      await titles({ kind: 'received', today: false }, { column: 'title', keyword: '모델 하우스' }),
    ).toEqual(['잠실 모델하우스 오픈']);
    expect(await titles({ kind: 'received', today: false }, { column: 'writer', keyword: '최민아' })).toEqual(
      ['계약 조건'],
    );
    expect((await localNotification(17))?.inbox_idx).toBe(7);
    expect(await localNotification(99)).toBeNull();
  });
});
