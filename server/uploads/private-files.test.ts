import { afterEach, describe, expect, it } from 'vitest';
import { API_BASE, Headers } from '../../sync/codes.ts';
import { createApp } from '../app.ts';
import { addGroupMember, createGroup, setSiteGroup } from '../groups/membership.ts';
import {
  createTestApp,
  insertSession,
  insertUser,
  jpegWithGps,
  superAdminToken,
  type TestApp,
} from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';
import { FILES_COOKIE } from './private-files.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

async function upload(t: TestApp, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([await jpegWithGps()]), 'inlay.jpg');
  form.append('kind', '2');
  const res = await t.call<{ url: string }>('/upload/image', { token, form });
  expect(res.code).toBe(0);
  return res.data.url;
}

describe('private inlay pictures under /uploads', () => {
  it('are served to the owner, the group and admins only; others get 404 like a missing file', async () => {
    t = await createTestApp();
    const files = createApp({ deps: t.deps, serveClient: true });
    const owner = await insertUser(t);
    const ownerToken = await insertSession(t, { userIdx: owner });
    const colleague = await insertUser(t);
    const stranger = await insertUser(t);
    const inlay = await upload(t, ownerToken);
    const photo = await upload(t, ownerToken);
    const site = await insertSite(t, {
      userIdx: owner,
      f_inlay_private: 'Y',
      f_inlay_image_url: JSON.stringify([inlay]),
      f_image_urls: JSON.stringify([photo]),
    });
    const group = await createGroup({ db: t.deps.db, name: '공동중개', ownerIdx: owner, now: new Date() });
    await addGroupMember({ db: t.deps.db, groupIdx: group, userIdx: colleague, now: new Date() });
    await setSiteGroup({ db: t.deps.db, siteIdx: site, groupIdx: group });

    const fetchAs = (url: string, token: string | null) =>
      files.request(url, token ? { headers: { cookie: `${FILES_COOKIE}=${token}` } } : {});
    const cookieOf = (userIdx: number) => insertSession(t, { userIdx, deviceId: `device-${userIdx}` });

    const byOwner = await fetchAs(inlay, ownerToken);
    expect(byOwner.status).toBe(200);
    expect(byOwner.headers.get('content-type')).toContain('image/webp');
    expect(byOwner.headers.get('cache-control')).toBe('private, no-cache');
    expect((await fetchAs(inlay, await cookieOf(colleague))).status).toBe(200);
    expect((await fetchAs(inlay, await superAdminToken(t))).status).toBe(200);
    expect((await fetchAs(inlay, await cookieOf(stranger))).status).toBe(404);
    expect((await fetchAs(inlay, null)).status).toBe(404);
    expect((await fetchAs(inlay, 'forged-token')).status).toBe(404);
    // The site's ordinary photos are for everyone.
    expect((await fetchAs(photo, null)).status).toBe(200);

    // Made public, the inlay picture is an ordinary file.
    await t.handle.all("UPDATE sites SET f_inlay_private = 'N' WHERE f_idx = ?", site);
    expect((await fetchAs(inlay, null)).status).toBe(200);
  });

  it('reach the browser with the session in a cookie only /uploads receives, which JavaScript cannot read', async () => {
    t = await createTestApp();
    const token = await insertSession(t, { userIdx: await insertUser(t) });
    const app = createApp({ deps: t.deps, serveClient: false });
    const res = await app.request(`${API_BASE}/user/getProfile`, {
      method: 'POST',
      headers: { [Headers.accessToken]: token, [Headers.deviceId]: 'test-device' },
    });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${FILES_COOKIE}=${token}`);
    expect(cookie).toContain('Path=/uploads');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
  });
});
