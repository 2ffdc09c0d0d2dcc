import { afterEach, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../testing/fixtures.ts';
import { insertSite } from '../testing/sync-fixtures.ts';
import { findSitesByName } from './map.repository.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

it('searches a keyword holding a NUL or quotes without an SQL error', async () => {
  t = await createTestApp();
  const userIdx = await insertUser(t);
  await insertSite(t, { userIdx, f_name: '보이는 현장' });
  const search = (needle: string) =>
    findSitesByName({
      db: t.deps.db,
      needle,
      siteType: null,
      order: 'R',
      onlyUpdatable: false,
      userIdx,
      page: 1,
    });
  expect((await search('보이는\u0000현장')).total).toBe(1);
  expect((await search('"보이는"')).total).toBe(0);
  expect((await search('보이는현장')).total).toBe(1);
});
