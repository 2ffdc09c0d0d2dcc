import { afterEach, describe, expect, it } from 'vitest';
import { decodePull } from '../../sync/protocol.ts';
import type { SiteRow } from '../../sync/site-fields.ts';
import { type Db, openTestDatabase } from '../db/database.ts';
import { seedDemo } from '../seed/demo.ts';
import { loadSiteJson, loadSiteRows, loadUnits, loadUnitsJson, siteWire } from './site-rows.repository.ts';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** The row a viewer should receive: loadSiteRows' object, private inlay pictures kept from outsiders. */
function expectedRow({ row, viewer, groups }: { row: SiteRow; viewer: number; groups: Set<number> }) {
  const outsider =
    row.f_inlay_private === 'Y' &&
    row.f_user_idx !== viewer &&
    !(row.f_group_idx !== null && groups.has(row.f_group_idx));
  return outsider ? { ...row, f_inlay_image_url: [] } : row;
}

/** A migrated in-memory database with the demo data (about 200 sites of every kind) and its site ids. */
async function demoDatabase() {
  const handle = await openTestDatabase();
  close = handle.close;
  const { sqlite, db } = handle;
  seedDemo({ sqlite, superAdminPhone: '01000000000', now: new Date('2026-11-21T00:00:00Z') });
  const ids = sqlite.prepare('SELECT f_idx FROM sites ORDER BY f_idx').pluck().all() as number[];
  return { sqlite, db, ids };
}

/** The row a device makes of a site's values, through the pull decoder. */
async function decoded({ db, siteIdx, json }: { db: Db; siteIdx: number; json: string | undefined }) {
  if (json === undefined) return undefined;
  const page = decodePull({
    cursor: null,
    more: false,
    reset: false,
    last_seq: 0,
    site_columns: [...(await siteWire({ db })).columns],
    changes: [{ t: 'site', op: 'put', key: siteIdx, values: JSON.parse(json) as unknown[] }],
  });
  const change = page.changes[0];
  return change?.t === 'site' && change.op === 'put' ? change.row : undefined;
}

describe('site rows written by SQLite as their values', () => {
  it('decode on the device to the very rows built in JavaScript, for every kind of site and viewer', async () => {
    const { sqlite, db, ids } = await demoDatabase();
    const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
    const agents = sqlite
      .prepare("SELECT f_idx FROM users WHERE f_type = 'U' ORDER BY f_idx")
      .pluck()
      .all() as number[];
    const [owner, teammate, stranger] = agents as [number, number, number];
    const group = Number(
      sqlite.prepare("INSERT INTO groups (f_name, f_owner_idx, f_reg_time) VALUES ('팀', ?, 'x')").run(owner)
        .lastInsertRowid,
    );
    sqlite
      .prepare("INSERT INTO group_members (f_group_idx, f_user_idx, f_reg_time) VALUES (?, ?, 'x')")
      .run(group, teammate);
    const set = (siteIdx: number, sql: string, ...params: unknown[]) =>
      sqlite.prepare(`UPDATE sites SET ${sql} WHERE f_idx = ?`).run(...params, siteIdx);
    // Text JSON must escape, numbers that need 17 digits, lists that are not lists, nulls.
    set(a, 'f_name = ?, f_memo = ?', '따옴표 " 역슬래시 \\ 줄바꿈\n탭\t 이모지 🏢 제어\u0001', '</script>');
    set(b, 'f_latitude = ?, f_longitude = ?, f_fee_t = ?', 0.1 + 0.2, 1 / 3, 1e21);
    set(c, "f_image_urls = 'not json', f_inlay_image_url = '{\"a\":1}'");
    set(d, "f_image_urls = '', f_inlay_image_url = ?", '[1, null]');
    // Private inlay pictures, seen by the owner, the group and an outsider.
    for (const siteIdx of [e, f]) {
      set(
        siteIdx,
        'f_inlay_private = \'Y\', f_inlay_image_url = \'["/uploads/a.webp","/uploads/b.webp"]\', f_user_idx = ?, f_group_idx = ?',
        owner,
        siteIdx === e ? group : null,
      );
    }
    // A draft carries its units inside.
    set(f, "f_status = 'P'");
    sqlite.prepare("UPDATE sites SET f_status = 'D' WHERE f_idx = ?").run(ids[7]);

    const rows = await loadSiteRows({ db, ids });
    expect(rows.length).toBe(ids.length);
    expect(rows.some((row) => row.f_status === 'P' && row.dongs.length > 0)).toBe(true);
    for (const viewer of [owner, teammate, stranger]) {
      const groups = new Set(
        sqlite
          .prepare('SELECT f_group_idx FROM group_members WHERE f_user_idx = ?')
          .pluck()
          .all(viewer) as number[],
      );
      const json = await loadSiteJson({ db, ids, viewer });
      expect([...json.keys()].sort((x, y) => x - y)).toEqual(ids);
      for (const row of rows) {
        const site = json.get(row.f_idx);
        expect(site?.status).toBe(row.f_status);
        expect(await decoded({ db, siteIdx: row.f_idx, json: site?.json })).toEqual(
          expectedRow({ row, viewer, groups }),
        );
      }
    }
    const inlayOf = async (viewer: number, siteIdx: number) =>
      (
        await decoded({
          db,
          siteIdx,
          json: (await loadSiteJson({ db, ids: [siteIdx], viewer })).get(siteIdx)?.json,
        })
      )?.f_inlay_image_url;
    expect(await inlayOf(teammate, e)).toEqual(['/uploads/a.webp', '/uploads/b.webp']);
    expect(await inlayOf(stranger, e)).toEqual([]);
    expect(await inlayOf(teammate, f)).toEqual([]);
    expect(await inlayOf(owner, f)).toEqual(['/uploads/a.webp', '/uploads/b.webp']);
  });
});

describe('units written as JSON by SQLite', () => {
  it('decode to the very buildings and units built in JavaScript, and [] for a site without any', async () => {
    const { sqlite, db, ids } = await demoDatabase();
    const withUnits = sqlite
      .prepare('SELECT DISTINCT f_site_idx FROM hos ORDER BY f_site_idx')
      .pluck()
      .all() as number[];
    const [first, second] = withUnits as [number, number];
    sqlite
      .prepare('UPDATE hos SET f_image_urls = \'["/uploads/u.webp", 3]\', f_memo = ? WHERE f_site_idx = ?')
      .run('메모 "따옴표" \\ 🏠', first);
    sqlite.prepare("UPDATE hos SET f_image_urls = 'broken' WHERE f_site_idx = ?").run(second);
    const missing = Math.max(...ids) + 1;

    const objects = await loadUnits({ db, ids: [...ids, missing] });
    const json = await loadUnitsJson({ db, ids: [...ids, missing] });
    expect(withUnits.length).toBeGreaterThan(10);
    for (const siteIdx of [...ids, missing]) {
      expect(JSON.parse(json.get(siteIdx) ?? 'null')).toEqual(objects.get(siteIdx));
    }
    expect(json.get(missing)).toBe('[]');
    const units = JSON.parse(json.get(first) ?? '[]') as Array<{ hos: Array<{ f_image_urls: string[] }> }>;
    expect(units[0]?.hos[0]?.f_image_urls).toEqual(['/uploads/u.webp']);
  });
});
