import { afterEach, describe, expect, it } from 'vitest';
import { pushTarget } from '../../sync/push/push-target.ts';
import {
  type PushStub,
  pushesReceived,
  pushTestApp,
  runPushJob,
  subscribedMember,
} from '../push/push.fixtures.ts';
import type { TestApp } from '../testing/fixtures.ts';
import type { fakeDevice } from '../testing/push-stub.ts';
import { mutation, pushAs } from '../testing/sync-fixtures.ts';
import { type Actor, member, publish } from './community.fixtures.ts';

/**
 * Spec §4 push type 7: the writer of a post hears of a comment on it by someone else, through the
 * same queue and delivery as a community post (type 6), and a click opens the post.
 */

let t: TestApp;
let stub: PushStub;
const subject = 'mailto:comment-push@example.com';

async function app(start = '2026-11-21T03:00:00Z') {
  const started = await pushTestApp({ start, subject });
  t = started.t;
  stub = started.stub;
  return started.clock;
}

afterEach(async () => {
  await stub?.close();
  await t?.close();
});

/** A member whose phone subscribed to pushes through the API, with their push settings. */
const subscribed = (settings: Record<string, string | null> = {}) =>
  subscribedMember({ t, stub, settings, name: '김작성' });

async function comment(who: Actor, postIdx: number, body: Record<string, unknown> = {}) {
  const res = await t.call('/community/addComment', {
    token: who.token,
    body: { community_idx: postIdx, comment: '저도 다녀왔어요', anony: 'N', ...body },
  });
  expect(res.code).toBe(0);
}

const runJob = () => runPushJob(t);
const receivedBy = ({ endpoint, device }: { endpoint: string; device: ReturnType<typeof fakeDevice> }) =>
  pushesReceived({ stub, endpoint, device });

const queuedOfType = (type: number) =>
  t.handle.all(
    `SELECT m.f_target_idx AS idx, s.f_user_idx AS "user" FROM push_deliveries d
       JOIN push_messages m ON m.f_idx = d.f_message_idx
       JOIN push_subscriptions s ON s.f_idx = d.f_subscription_idx WHERE m.f_type = ? ORDER BY d.f_idx`,
    type,
  );

describe('push type 7: a comment on your post', () => {
  it('queues one push for the writer’s device when another member comments, opening the post', async () => {
    await app();
    const writer = await subscribed();
    const post = await publish(t, writer, { title: '잠실 현장 후기' });
    const reader = await member(t, { f_name: '박댓글' });
    await comment(reader, post);
    expect(await queuedOfType(7)).toEqual([{ idx: post, user: writer.userIdx }]);
    expect(await runJob()).toMatchObject({ sent: 1 });
    const [payload] = receivedBy(writer);
    expect(payload).toMatchObject({
      type: 7,
      idx: post,
      title: '내 글에 댓글: 잠실 현장 후기',
      body: '박댓글: 저도 다녀왔어요',
      url: `/Community?open=${post}`,
    });
    expect(payload?.url).toBe(pushTarget({ type: 7, idx: post }));
  });

  it('queues nothing when the writer comments on their own post', async () => {
    await app();
    const writer = await subscribed();
    const post = await publish(t, writer);
    await comment(writer, post);
    expect(await queuedOfType(7)).toEqual([]);
  });

  it('names nobody in the push of an anonymous comment', async () => {
    await app();
    const writer = await subscribed();
    const post = await publish(t, writer);
    const reader = await member(t, { f_name: '박숨김' });
    await comment(reader, post, { anony: 'Y', comment: '익명으로 남깁니다' });
    await runJob();
    const [payload] = receivedBy(writer);
    expect(payload?.body).toBe('익명: 익명으로 남깁니다');
    expect(JSON.stringify(payload)).not.toContain('박숨김');
  });

  it('sends nothing to a writer who turned push off, and holds it through their quiet hours', async () => {
    // 23:30 in Seoul.
    const clock = await app('2026-11-21T14:30:00Z');
    const off = await subscribed({ push: 'N' });
    const sleeper = await subscribed({ push_off_start_time: '22:00', push_off_end_time: '08:00' });
    const reader = await member(t);
    await comment(reader, await publish(t, off));
    await comment(reader, await publish(t, sleeper));
    await runJob();
    expect(receivedBy(off)).toEqual([]);
    expect(receivedBy(sleeper)).toEqual([]);
    // 08:00 in Seoul: the quiet hours are over.
    clock.set('2026-11-21T23:00:00Z');
    await runJob();
    expect(receivedBy(sleeper).map((p) => p.type)).toEqual([7]);
    expect(receivedBy(off)).toEqual([]);
  });

  it('tells the writer of a comment written offline once, when it arrives, even if it is sent again', async () => {
    await app();
    const writer = await subscribed();
    const post = await publish(t, writer);
    const reader = await member(t);
    const queued = mutation({
      seq: 1,
      name: 'addComment',
      args: { community_idx: post, comment: '현장에서 씁니다', anony: 'N' },
    });
    await pushAs(t, { token: reader.token, clientId: 'client-comment-01', mutations: [queued] });
    await pushAs(t, { token: reader.token, clientId: 'client-comment-01', mutations: [queued] });
    expect(await queuedOfType(7)).toEqual([{ idx: post, user: writer.userIdx }]);
  });

  it('does not tell a writer about a member whose posts they stopped seeing', async () => {
    await app();
    const writer = await subscribed();
    const reader = await member(t);
    const theirs = await publish(t, reader);
    const hidden = await t.call('/community/reportOrPrevent', {
      token: writer.token,
      body: { community_idx: theirs, type: 'P' },
    });
    expect(hidden.code).toBe(0);
    await comment(reader, await publish(t, writer));
    expect(await queuedOfType(7)).toEqual([]);
  });

  it('still tells a writer of a named comment by a member whose anonymous post they hid', async () => {
    await app();
    const writer = await subscribed();
    const reader = await member(t);
    const anonymous = await publish(t, reader, { anony: 'Y' });
    const hidden = await t.call('/community/reportOrPrevent', {
      token: writer.token,
      body: { community_idx: anonymous, type: 'P' },
    });
    expect(hidden.code).toBe(0);
    const post = await publish(t, writer);
    await comment(reader, post);
    expect(await queuedOfType(7)).toEqual([{ idx: post, user: writer.userIdx }]);
  });
});
