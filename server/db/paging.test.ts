import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, insertUser, type TestApp } from '../testing/fixtures.ts';
import { selectPage, sqlPage, statementPage } from './paging.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

/** Seven members named 회원1..회원7, and what the three forms are asked: newest first. */
async function sevenMembers() {
  t = await createTestApp();
  for (let i = 1; i <= 7; i++) await insertUser(t, { f_phone: `0109999000${i}`, f_name: `회원${i}` });
  return {
    query: t.deps.db
      .selectFrom('users')
      .where('f_phone', 'like', '0109999%')
      .select(['f_idx', 'f_name'])
      .orderBy('f_idx', 'desc'),
  };
}

const names = (list: Array<{ f_name: string }>) => list.map((r) => r.f_name);

describe('a page of a list, counted and cut on the server', () => {
  it('counts every matching row and returns the rows of the page asked for', async () => {
    const { query } = await sevenMembers();
    const second = await selectPage({ query, page: 2, limit: 3 });
    expect(second).toMatchObject({ total: 7, page_count: 3, limit: 3 });
    expect(names(second.list)).toEqual(['회원4', '회원3', '회원2']);
    expect(names((await selectPage({ query, page: 3, limit: 3 })).list)).toEqual(['회원1']);
  });

  it('answers an empty list past the last page, still with the total', async () => {
    const { query } = await sevenMembers();
    expect(await selectPage({ query, page: 9, limit: 3 })).toEqual({
      total: 7,
      page_count: 3,
      limit: 3,
      list: [],
    });
  });

  it('reads the rows after an offset when a call pages by offset and limit', async () => {
    const { query } = await sevenMembers();
    const page = await selectPage({ query, offset: 5, limit: 3 });
    expect(names(page.list)).toEqual(['회원2', '회원1']);
    expect(page).toMatchObject({ total: 7, page_count: 3, limit: 3 });
  });

  it('gives the same page for a sql template and for a statement on the raw connection', async () => {
    const { query } = await sevenMembers();
    const expected = await selectPage({ query, page: 2, limit: 3 });
    const fromTemplate = await sqlPage({
      db: t.deps.db,
      select: sql`f_idx, f_name`,
      from: sql`FROM users WHERE f_phone LIKE ${'0109999%'}`,
      orderBy: sql`f_idx DESC`,
      page: 2,
      limit: 3,
    });
    const fromStatement = statementPage({
      prepare: (text) => t.handle.sqlite.prepare(text),
      select: 'f_idx, f_name',
      from: 'users WHERE f_phone LIKE ?',
      orderBy: 'f_idx DESC',
      params: ['0109999%'],
      page: 2,
      limit: 3,
    });
    expect(fromTemplate).toEqual(expected);
    expect(fromStatement).toEqual(expected);
  });

  it("runs in the caller's transaction: the count and the page see the rows it wrote", async () => {
    const { query } = await sevenMembers();
    const inside = await t.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ f_phone: '01088880001' }).where('f_name', '=', '회원7').execute();
      return selectPage({
        query: trx
          .selectFrom('users')
          .where('f_phone', 'like', '0109999%')
          .select(['f_idx', 'f_name'])
          .orderBy('f_idx', 'desc'),
        page: 1,
        limit: 3,
      });
    });
    expect(inside.total).toBe(6);
    expect(names(inside.list)).toEqual(['회원6', '회원5', '회원4']);
    expect((await selectPage({ query, page: 1, limit: 3 })).total).toBe(6);
  });

  it('refuses a grouped or distinct query, whose rows its count would get wrong', async () => {
    const { query } = await sevenMembers();
    await expect(selectPage({ query: query.groupBy('f_name'), page: 1, limit: 3 })).rejects.toThrow(
      /plain select/,
    );
    await expect(selectPage({ query: query.distinct(), page: 1, limit: 3 })).rejects.toThrow(/distinct/);
  });
});
