import { afterEach, describe, expect, it } from 'vitest';
import { defineOperation } from '../../server/http/operation.ts';
import { operations } from '../../server/operations.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { insertSite } from '../../server/testing/sync-fixtures.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { keepFile } from '../../src/sync/files.ts';
import { createTestEngine, dropDb } from '../../src/sync/testing.ts';
import { ImageKind, uploadImageCall } from '../../sync/api/uploads.api.ts';
import { TINY_PNG } from '../support/tiny-png.ts';

let t: TestApp;
const dbs: LocalDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await dropDb(db);
  await t?.close();
});

/** The upload endpoint; a local stand-in until the uploads feature is merged in. */
const uploadOperations = operations.some((o) => o.call.operationId === uploadImageCall.operationId)
  ? operations
  : [
      ...operations,
      defineOperation(uploadImageCall, {
        access: { kind: 'member' },
        handler: async ({ input, ctx }) => ({
          url: await ctx.adapters.storage.put({
            bytes: new Uint8Array(await input.file.arrayBuffer()),
            ext: 'png',
          }),
        }),
      }),
    ];

async function setup() {
  t = await createTestApp({ operations: uploadOperations });
  const userIdx = await insertUser(t);
  const site = await insertSite(t, { userIdx });
  const made = createTestEngine({
    fetchImpl: (url, init) => t.app.request(url, init),
    token: await insertSession(t, { userIdx }),
  });
  dbs.push(made.db);
  return { ...made, site };
}

describe('images picked offline', () => {
  it('are kept on the device and uploaded before the mutation that uses them is pushed', async () => {
    const { engine, db, network, site } = await setup();
    network.online = false;
    const ref = await keepFile({
      db,
      file: new Blob([TINY_PNG], { type: 'image/png' }),
      name: 'a.png',
      kind: ImageKind.memo,
    });
    await engine.mutate('addSiteMemo', { site_idx: site, memo: '현장 사진', memo_images: [ref] });
    expect((await db.memos.get(site))?.memo_images).toEqual([ref]);
    await expect(engine.sync()).rejects.toThrow();

    network.online = true;
    network.requests.length = 0;
    await engine.sync();
    const upload = network.requests.findIndex((r) => r.endsWith('/upload/image'));
    const push = network.requests.findIndex((r) => r.endsWith('/sync/push'));
    expect(upload).toBeGreaterThanOrEqual(0);
    expect(upload).toBeLessThan(push);
    const stored = (await t.handle.value('SELECT f_memo_images FROM site_memos')) as string;
    const [url] = JSON.parse(stored) as string[];
    expect(url).toMatch(/^\/uploads\//);
    expect((await db.memos.get(site))?.memo_images).toEqual([url]);
    expect(await db.files.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses on the device a mutation whose image is gone, without holding up the next one', async () => {
    const { engine, db, site } = await setup();
    const ref = await keepFile({ db, file: new Blob([TINY_PNG]), name: 'b.png', kind: ImageKind.memo });
    await engine.mutate('addSiteMemo', { site_idx: site, memo: 'x', memo_images: [ref] });
    await db.files.clear();
    await engine.mutate('setLikeSite', { site_idx: site, like_status: 'Y' });
    await engine.sync();
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      name: 'addSiteMemo',
      status: 'rejected',
      error_msg: expect.any(String),
    });
    expect(await t.handle.value('SELECT COUNT(*) FROM site_likes')).toBe(1);
    expect(await db.memos.get(site)).toBeUndefined();
  });
});
