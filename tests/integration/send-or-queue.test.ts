import { afterEach, describe, expect, it } from 'vitest';
import { member } from '../../server/community/community.fixtures.ts';
import { createTestApp, type TestApp } from '../../server/testing/fixtures.ts';
import { ApiError, NetworkError } from '../../src/api/client.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { type SendDeps, sendOrQueue } from '../../src/sync/send-or-queue.ts';
import { createTestEngine, dropDb, networkTransport } from '../../src/sync/testing.ts';
import { ImageKind } from '../../sync/api/uploads.api.ts';
import { addComment, addCommunity } from '../../sync/community/community.mutators.ts';
import { TINY_PNG } from '../support/tiny-png.ts';

/**
 * The one "send now, or queue when offline" path of the forms (src/sync/send-or-queue.ts), on a
 * device store against the real app: online the pictures are uploaded and the call made;
 * without a network the pictures stay on the device and the same arguments wait in the outbox.
 */

let t: TestApp;
const dbs: LocalDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await dropDb(db);
  await t?.close();
});

const picture = () => new File([TINY_PNG], 'site.png', { type: 'image/png' });

const post = {
  type: 'R',
  title: '잠실 현장 후기',
  content: '오늘 모델하우스 다녀왔습니다.',
  phone: '01020000001',
  agree: 'Y',
} as const;

async function device() {
  t = await createTestApp();
  const writer = await member(t);
  const deviceId = `device-${writer.userIdx}`;
  const fetchImpl = (url: string, init: RequestInit) => t.app.request(url, init);
  const made = createTestEngine({ fetchImpl, token: writer.token, deviceId });
  dbs.push(made.db);
  const { network, engine, db } = made;
  const transport = networkTransport({ fetchImpl, token: () => writer.token, deviceId, network });
  const deps: SendDeps = {
    engine,
    upload: transport.upload,
    call: async (call, input) => {
      if (!network.online) throw new NetworkError();
      const res = await t.call(call.path, { token: writer.token, body: input });
      if (res.code !== 0) throw new ApiError(res);
      return res.data as never;
    },
  };
  const posts = async () =>
    (await t.handle.all('SELECT f_title, f_image_url FROM community_posts')) as Array<{
      f_title: string;
      f_image_url: string;
    }>;
  return { engine, db, network, deps, posts };
}

describe('sending a form’s write', () => {
  it('publishes at once online, with its picture uploaded first, and leaves nothing in the outbox', async () => {
    const { db, deps, posts } = await device();
    const outcome = await sendOrQueue(
      {
        mutator: addCommunity,
        args: (images) => ({ ...post, image_url: images }),
        pictures: { files: [picture()], kind: ImageKind.photo },
      },
      deps,
    );
    expect(outcome).toMatchObject({ status: 'sent', data: { f_idx: expect.any(Number) } });
    const [stored] = await posts();
    expect(JSON.parse(stored?.f_image_url ?? '[]')).toEqual([expect.stringMatching(/^\/uploads\//)]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.files.count()).toBe(0);
  });

  it('keeps the picture on the device and queues the same arguments without a network; the next sync publishes it once', async () => {
    const { engine, db, network, deps, posts } = await device();
    network.online = false;
    const outcome = await sendOrQueue(
      {
        mutator: addCommunity,
        args: (images) => ({ ...post, image_url: images }),
        pictures: { files: [picture()], kind: ImageKind.photo },
      },
      deps,
    );
    expect(outcome.status).toBe('queued');
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: 'addCommunity', status: 'pending', args: { title: post.title } });
    expect(entry?.args).toMatchObject({ image_url: [expect.stringMatching(/^local-file:/)] });
    expect(await db.files.count()).toBe(1);
    expect(await posts()).toEqual([]);

    network.online = true;
    await engine.sync();
    expect(await posts()).toHaveLength(1);
    expect(JSON.parse((await posts())[0]?.f_image_url ?? '[]')).toEqual([
      expect.stringMatching(/^\/uploads\//),
    ]);
  });

  it('throws the server’s refusal and queues nothing', async () => {
    const { db, deps } = await device();
    const comment = { community_idx: 999_999, comment: '좋은 정보 감사합니다', anony: 'N' } as const;
    const refused = sendOrQueue({ mutator: addComment, args: () => comment }, deps);
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    expect(await db.outbox.count()).toBe(0);
  });

  it('dismisses the refused entry it was written again from once the new one is sent or queued, not when refused', async () => {
    const { engine, db, network, deps, posts } = await device();
    await engine.mutate('addComment', { community_idx: 999_999, comment: '첫 댓글', anony: 'N' });
    await engine.sync();
    const [refusedEntry] = await db.outbox.toArray();
    expect(refusedEntry?.status).toBe('rejected');
    const retried = refusedEntry?.seq as number;

    const again = { community_idx: 999_999, comment: '다시 쓴 댓글', anony: 'N' } as const;
    await expect(sendOrQueue({ mutator: addComment, args: () => again, retried }, deps)).rejects.toThrow();
    expect(await db.outbox.get(retried)).toBeDefined();

    network.online = false;
    const queued = await sendOrQueue(
      { mutator: addCommunity, args: (images) => ({ ...post, image_url: images }), retried },
      deps,
    );
    expect(queued.status).toBe('queued');
    expect(await db.outbox.get(retried)).toBeUndefined();
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['addCommunity']);
    expect(await posts()).toEqual([]);
  });
});
