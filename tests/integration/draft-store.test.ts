import sharp from 'sharp';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { generalSite, newOpenSite } from '../../server/sites/registration.fixtures.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { mutation, pushAs } from '../../server/testing/sync-fixtures.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { searchOffline } from '../../src/features/map/offline-search.ts';
import {
  editSession,
  finalSave,
  localSessionOfSite,
  newSession,
  sessionOfDraft,
  temporarySave,
} from '../../src/features/registration/draft-store.ts';
import { localSitePage } from '../../src/features/sites/common/local-sites.ts';
import { waitingSiteKeys } from '../../src/features/sites/common/waiting-sites.tsx';
import { keepFile } from '../../src/sync/files.ts';
import { createTestEngine, dropDb } from '../../src/sync/testing.ts';
import type { SaveSiteResult, SiteRegistration } from '../../sync/api/registration.api.ts';
import { mapQuerySchema } from '../../sync/map/query.ts';
import { localSiteIdx } from '../../sync/sites/local-site.ts';

/**
 * The registration's device side against the real server in the same process: temporary and
 * final saves queued while offline, sent in order once online, and edits of registered sites
 * merged three-way on the server.
 */

let t: TestApp;
const dbs: LocalDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await dropDb(db);
  await t?.close();
});

async function device(userIdx: number) {
  const token = await insertSession(t, { userIdx });
  const made = createTestEngine({ fetchImpl: (url, init) => t.app.request(url, init), token });
  dbs.push(made.db);
  return { ...made, token };
}

async function sites() {
  return (await t.handle.all('SELECT f_idx, f_name, f_status, f_image_urls, f_memo FROM sites')) as Array<{
    f_idx: number;
    f_name: string;
    f_status: string;
    f_image_urls: string;
    f_memo: string;
  }>;
}

describe('registration on the device', () => {
  it('sends a registration saved temporarily and then finally while offline as one registered site, photo uploaded first', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const { engine, db, network } = await device(userIdx);
    await engine.sync();
    network.online = false;

    const session = newSession({ kind: 'O' });
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const ref = await keepFile({
      db,
      file: new Blob([photo], { type: 'image/png' }),
      name: 'a.png',
      kind: 1,
    });
    const typed = { ...newOpenSite(), f_image_urls: [ref] };
    await temporarySave({ engine, session, fields: typed, step: 2 });
    expect(await db.drafts.get(session.key)).toMatchObject({ step: 2, payload: { f_name: typed.f_name } });

    // Reopened from the device's drafts store (say, after a reload) and finished.
    const draft = await db.drafts.get(session.key);
    if (!draft) throw new Error('no draft on the device');
    const reopened = sessionOfDraft(draft);
    expect(reopened.fields.dongs).toEqual(typed.dongs);
    await finalSave({ engine, session: reopened, fields: { ...reopened.fields, f_memo: '입주 2027년' } });
    expect(await db.drafts.count()).toBe(0);
    expect(await db.outbox.count()).toBe(2);

    network.online = true;
    await engine.sync();
    const saved = await sites();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ f_name: typed.f_name, f_status: 'N', f_memo: '입주 2027년' });
    expect(JSON.parse(saved[0]?.f_image_urls ?? '[]')).toEqual([expect.stringMatching(/^\/uploads\//)]);
    expect(await t.handle.value('SELECT COUNT(*) FROM hos')).toBe(8);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.sites.get(saved[0]?.f_idx as number)).toMatchObject({
      f_status: 'N',
      f_memo: '입주 2027년',
    });
  });

  it('sends only the fields a later temporary save changed, with their earlier values as its base', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const { engine, db, network } = await device(userIdx);
    network.online = false;
    const session = newSession({ kind: 'G' });
    await temporarySave({ engine, session, fields: generalSite(), step: 1 });
    await temporarySave({ engine, session, fields: generalSite({ f_memo: '남향' }), step: 1 });
    const [, second] = await db.outbox.orderBy('seq').toArray();
    if (!second) throw new Error('the second save is not queued');
    expect(second.args).toMatchObject({ base: { f_memo: '' }, changes: { f_memo: '남향' } });
    expect(Object.keys((second.args as { changes: object }).changes)).toEqual(['f_memo']);
    network.online = true;
    await engine.sync();
    expect(await sites()).toEqual([expect.objectContaining({ f_status: 'P', f_memo: '남향' })]);
  });

  it('modifies a registered site it holds, keeping unit ids; a field changed on the server meanwhile comes back as a conflict', async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const serverToken = await insertSession(t, { userIdx });
    const added = await t.call<SaveSiteResult>('/site/addSite_app', {
      token: serverToken,
      body: { site_type: 'O', changes: newOpenSite() },
    });
    const siteIdx = added.data.site_idx;
    const { engine, db, network } = await device(userIdx);
    await engine.sync();
    const opened = await localSessionOfSite({ db, siteIdx });
    if (!opened) throw new Error('the site is not on the device');
    const unitIds = opened.session.fields.dongs.flatMap((d) => d.hos.map((h) => h.f_idx));
    expect(unitIds.every((id) => typeof id === 'number')).toBe(true);

    // Another device renames the site while this one is offline.
    const seen = await t.handle.value('SELECT version FROM sync_site_versions WHERE f_site_idx = ?', siteIdx);
    await pushAs(t, {
      token: serverToken,
      clientId: 'other-device-0001',
      mutations: [
        mutation({
          seq: 1,
          name: 'saveSite',
          args: {
            site_idx: siteIdx,
            site_type: 'O',
            base_version: seen as number,
            base: { f_name: '래미안 원베일리' },
            changes: { f_name: '래미안 원베일리 리버' },
          },
        }),
      ],
    });

    network.online = false;
    const edited = structuredClone(opened.session.fields);
    edited.f_name = '래미안 원베일리 파크';
    const unit = edited.dongs[0]?.hos[0];
    if (unit) unit.f_sale_price = 70000;
    await finalSave({ engine, session: opened.session, fields: edited });
    network.online = true;
    await engine.sync();

    expect((await sites())[0]).toMatchObject({ f_name: '래미안 원베일리 리버' });
    const ids = await t.handle.values('SELECT f_idx FROM hos ORDER BY f_idx');
    expect(ids).toEqual([...unitIds].sort((a, b) => (a as number) - (b as number)));
    expect(await t.handle.value('SELECT f_sale_price FROM hos WHERE f_idx = ?', unit?.f_idx)).toBe(70000);
    const conflicts = await db.conflicts.toArray();
    expect(conflicts).toEqual([
      expect.objectContaining({
        f_site_idx: siteIdx,
        fields: ['f_name'],
        mine: { f_name: '래미안 원베일리 파크' },
        theirs: { f_name: '래미안 원베일리 리버' },
      }),
    ]);
  });
  it('keeps no broken copy of a site the device does not hold when an admin saves an edit of it, and the server takes the edit', async () => {
    t = await createTestApp();
    const ownerIdx = await insertUser(t);
    const added = await t.call<SaveSiteResult>('/site/addSite_app', {
      token: await insertSession(t, { userIdx: ownerIdx }),
      body: { site_type: 'G', changes: generalSite() },
    });
    const siteIdx = added.data.site_idx;
    const adminIdx = await insertUser(t, { f_phone: t.deps.config.superAdminPhone, f_type: 'A' });
    const { engine, db, token } = await device(adminIdx);
    await engine.bindToMember(adminIdx);
    await engine.sync();
    // As the form does for a site the device does not hold: opened from the server.
    const remote = await t.call<SiteRegistration>('/site/getSiteRegistration', {
      token,
      query: { site_idx: String(siteIdx) },
    });
    const session = editSession({
      siteIdx,
      kind: 'G',
      fields: remote.data.fields,
      version: remote.data.version,
    });
    await finalSave({ engine, session, fields: { ...remote.data.fields, f_name: '관리자가 고친 이름' } });

    // Only the changed name travels: a device row of it alone would be a site without prices or owner.
    expect(await db.sites.get(siteIdx)).toBeUndefined();
    await engine.sync();
    expect((await sites()).find((s) => s.f_idx === siteIdx)?.f_name).toBe('관리자가 고친 이름');
    expect(await db.sites.get(siteIdx)).toBeUndefined();
  });

  it("shows a site registered offline in the member's list and map search at once, marked as waiting, and swaps it for the server's once synced", async () => {
    t = await createTestApp();
    const userIdx = await insertUser(t);
    const { engine, db, network } = await device(userIdx);
    // As at sign-in: the store is the member's.
    await engine.bindToMember(userIdx);
    await engine.sync();
    network.online = false;

    const session = newSession({ kind: 'G' });
    const typed = { ...generalSite(), f_name: '오프라인 일반 현장' };
    await finalSave({ engine, session, fields: typed });

    const local = localSiteIdx(session.draftId as string);
    const mine = await localSitePage({
      list: { kind: 'mine', siteType: 'A', keyword: '' },
      uid: userIdx,
      page: 1,
      db,
    });
    expect(mine.list.map((s) => [s.f_idx, s.f_name])).toEqual([[local, '오프라인 일반 현장']]);
    expect(await waitingSiteKeys(db)).toEqual(new Set([local]));
    const found = await searchOffline({
      query: v.parse(mapQuerySchema, { keyword: '오프라인일반', use_keyword: 'Y', zoom_level: 14 }),
      db,
    });
    expect(found.list.map((s) => s.f_idx)).toEqual([local]);

    network.online = true;
    await engine.sync();
    const [saved] = await sites();
    expect(saved?.f_name).toBe('오프라인 일반 현장');
    expect(await db.sites.get(local)).toBeUndefined();
    expect(await db.sites.get(saved?.f_idx as number)).toMatchObject({ f_name: '오프라인 일반 현장' });
    expect(await waitingSiteKeys(db)).toEqual(new Set());
  });
});
