import { afterEach, describe, expect, it } from 'vitest';
import { addGroupMember, createGroup } from '../../server/groups/membership.ts';
import { createTestApp, insertSession, insertUser, type TestApp } from '../../server/testing/fixtures.ts';
import { insertSite } from '../../server/testing/sync-fixtures.ts';
import type { LocalDb } from '../../src/db/db.ts';
import { type SiteSelectMode, tabLoaders, tabsOf } from '../../src/features/sites/select/site-select.ts';
import { createTestEngine, dropDb } from '../../src/sync/testing.ts';
import type { SitePage } from '../../sync/api/site-lists.api.ts';

/**
 * The site select popup's lists per mode: offline they come from the device and must list
 * what the server lists for the same mode (completion: new-open sites only; transfer: the
 * member's own sites only).
 */

let t: TestApp;
const dbs: LocalDb[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) await dropDb(db);
  await t?.close();
});

async function setup() {
  t = await createTestApp();
  const me = await insertUser(t);
  const mate = await insertUser(t);
  const token = await insertSession(t, { userIdx: me });
  const groupIdx = await createGroup({ db: t.deps.db, name: '팀', ownerIdx: mate, now: new Date() });
  await addGroupMember({ db: t.deps.db, groupIdx, userIdx: me, now: new Date() });
  const sites = {
    myOpen: await insertSite(t, { userIdx: me, f_site_type: 'O', f_name: '내 분양 현장' }),
    myGeneral: await insertSite(t, { userIdx: me, f_site_type: 'G', f_name: '내 일반 현장' }),
    groupOpen: await insertSite(t, {
      userIdx: mate,
      f_site_type: 'O',
      f_group_idx: groupIdx,
      f_name: '그룹 분양',
    }),
    groupGeneral: await insertSite(t, {
      userIdx: mate,
      f_site_type: 'G',
      f_group_idx: groupIdx,
      f_name: '그룹 일반',
    }),
  };
  const { engine, db } = createTestEngine({ fetchImpl: (url, init) => t.app.request(url, init), token });
  dbs.push(db);
  await engine.sync();
  const server = async (path: string, body: object) => {
    const res = await t.call<SitePage>(path, { token, body });
    if (res.code !== 0) throw new Error(res.msg);
    return res.data.list.map((s) => s.f_idx).sort();
  };
  return { me, db, sites, server };
}

const deviceIds = async (page: Promise<SitePage>) => (await page).list.map((s) => s.f_idx).sort();

describe('the site select popup’s lists', () => {
  it('offer a transfer only the member’s own sites, and completion only new-open sites', () => {
    expect(tabsOf('transfer')).toEqual(['mine']);
    expect(tabsOf('complete')).toEqual(['mine', 'group']);
    expect(tabsOf('picker')).toEqual(['mine', 'group']);
  });

  it.each([
    ['picker', 'mine', ['myOpen', 'myGeneral'], '/site/getMySiteList', { site_type: 'A' }],
    ['transfer', 'mine', ['myOpen', 'myGeneral'], '/site/getMySiteList', { site_type: 'A' }],
    ['complete', 'mine', ['myOpen'], '/site/getMySiteList', { site_type: 'O' }],
    [
      'picker',
      'group',
      ['groupOpen', 'groupGeneral'],
      '/site/getSiteOfGroup',
      { is_only_new_open_site: 'N' },
    ],
    ['complete', 'group', ['groupOpen'], '/site/getSiteOfGroup', { is_only_new_open_site: 'Y' }],
  ] as const)(
    'in %s mode, the %s tab lists the same sites from the device as from the server',
    async (mode, tab, expected, path, body) => {
      const { me, db, sites, server } = await setup();
      const want = expected.map((k) => sites[k]).sort();
      const loaders = tabLoaders({ tab, mode: mode as SiteSelectMode, keyword: '', uid: me, db });
      expect(await deviceIds(loaders.offline(1))).toEqual(want);
      expect(await server(path, body)).toEqual(want);
    },
  );

  it('searches by name on the device as the server does', async () => {
    const { me, db, sites } = await setup();
    const loaders = tabLoaders({ tab: 'mine', mode: 'transfer', keyword: '일반', uid: me, db });
    expect(await deviceIds(loaders.offline(1))).toEqual([sites.myGeneral]);
  });
});
