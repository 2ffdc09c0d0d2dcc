import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE, Headers, ResultCode } from '../../../sync/codes.ts';
import { LIVE_EVENTS_PATH } from '../../../sync/live.ts';
import { fixedClock } from '../../clock.ts';
import { member } from '../../community/community.fixtures.ts';
import { noteBody, notifyWorld } from '../../notify/notify.fixtures.ts';
import {
  createTestApp,
  deviceOf,
  insertSession,
  insertUser,
  login,
  type TestApp,
} from '../../testing/fixtures.ts';
import { insertSite } from '../../testing/sync-fixtures.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** An open live stream, read event by event as a device reads it. */
async function openStream(token: string) {
  const res = await t.app.request(`${API_BASE}${LIVE_EVENTS_PATH}`, {
    headers: { [Headers.accessToken]: token, [Headers.deviceId]: deviceOf(token) ?? 'test-device' },
  });
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  /** The next event's name; null once the server closed the stream. */
  const next = async (): Promise<string | null> => {
    for (;;) {
      const end = buffered.indexOf('\n\n');
      if (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const event = block.split('\n').find((line) => line.startsWith('event: '));
        if (event) return event.slice('event: '.length);
        continue; // a comment (keep-alive)
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffered += decoder.decode(value, { stream: true });
    }
  };
  expect(await next()).toBe('ready');
  /** Every event left until the server closes the stream. */
  const rest = async () => {
    const events: string[] = [];
    for (let e = await next(); e !== null; e = await next()) events.push(e);
    return events;
  };
  return { next, rest };
}

async function setup() {
  t = await createTestApp({ clock: fixedClock('2026-03-01T00:00:00Z') });
  let n = 0;
  const agent = async (name: string) => {
    const phone = `0104444${String(++n).padStart(4, '0')}`;
    const userIdx = await insertUser(t, { f_phone: phone, f_name: name });
    const token = await insertSession(t, { userIdx, deviceId: `device-${userIdx}` });
    return {
      userIdx,
      phone,
      token,
      call: (path: string, body: object = {}) => t.call(path, { token, body }),
    };
  };
  return { agent };
}

describe('live pokes', () => {
  it('pokes the group members holding a changed site, and nobody whose scope it is not in', async () => {
    const { agent } = await setup();
    const owner = await agent('이수진');
    const member = await agent('박정호');
    const outsider = await agent('김민지');
    const group = await owner.call('/group/addGroup', { group_name: '강남팀' });
    const group_idx = (group.data as { group: { f_idx: number } }).group.f_idx;
    await owner.call('/group/addMemberToGroup', { group_idx, phone_number: member.phone });
    const site = await insertSite(t, { userIdx: owner.userIdx });
    expect((await owner.call('/group/shareSiteToGroup', { group_idx, site_idx: site })).code).toBe(
      ResultCode.ok,
    );

    const memberStream = await openStream(member.token);
    const outsiderStream = await openStream(outsider.token);
    // Any writer: the feed's triggers see the change, the hub reads what committed.
    await t.deps.db.updateTable('sites').set({ f_name: '새 이름' }).where('f_idx', '=', site).execute();
    await t.deps.live?.look();
    // Then a change in the outsider's own scope: their like.
    await outsider.call('/site/setLikeSite', {
      site_idx: await insertSite(t, { userIdx: owner.userIdx }),
      like_status: 'Y',
    });
    await t.deps.live?.look();
    t.deps.live?.close();
    // One poke each: the site's change reached the member only, the like the outsider only.
    expect(await memberStream.rest()).toEqual(['poke']);
    expect(await outsiderStream.rest()).toEqual(['poke']);
  });

  it('pokes a member whose inbox received a notification', async () => {
    t = await createTestApp({ clock: fixedClock('2026-03-01T00:00:00Z') });
    const { writer, siteIdx } = await notifyWorld(t);
    const reader = await member(t);
    const stream = await openStream(reader.token);
    const sent = await t.call('/notify/addNotify', {
      token: writer.token,
      body: { ...noteBody, site_idx: siteIdx },
    });
    expect(sent.code).toBe(ResultCode.ok);
    await t.deps.live?.look();
    t.deps.live?.close();
    expect(await stream.rest()).toEqual(['poke']);
  });

  it('ends the stream of a session signed out by another device, whose next call is refused with -7', async () => {
    const { agent } = await setup();
    const member = await agent('박정호');
    const first = await login(t, member.phone, 'device-first-1');
    const stream = await openStream(first);
    await login(t, member.phone, 'device-second-2');
    await t.deps.live?.look({ sessions: true });
    expect(await stream.rest()).toEqual(['ended']);
    expect(t.deps.live?.count()).toBe(0);
    const again = await t.app.request(`${API_BASE}${LIVE_EVENTS_PATH}`, {
      headers: { [Headers.accessToken]: first, [Headers.deviceId]: 'device-first-1' },
    });
    expect(((await again.json()) as { code: number }).code).toBe(ResultCode.otherDeviceLogin);
  });

  it('refuses a stream without a session in the usual envelope', async () => {
    await setup();
    const res = await t.app.request(`${API_BASE}${LIVE_EVENTS_PATH}`);
    const body = (await res.json()) as { code: number; msg: string };
    expect(body.code).toBe(ResultCode.tokenEmpty);
    expect(body.msg).toMatch(/[가-힣]/);
    expect(t.deps.live?.count()).toBe(0);
  });
});
