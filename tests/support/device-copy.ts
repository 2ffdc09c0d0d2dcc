import type { TestApp } from '../../server/testing/fixtures.ts';
import type { LocalDb, LocalSite } from '../../src/db/db.ts';

/**
 * Copies the server rows into a device store in the sync engine's shape (feature/sync): whole
 * site rows with their area types as `rooms`, buildings with their units inside (`dongs.hos`),
 * and the member's likes.
 */
export async function copyToDevice({ t, db, userIdx }: { t: TestApp; db: LocalDb; userIdx: number }) {
  const sqlite = t.handle.sqlite;
  const sites = sqlite.prepare('SELECT * FROM sites').all() as Array<
    Record<string, unknown> & { f_idx: number }
  >;
  const rooms = sqlite
    .prepare('SELECT f_site_idx, f_room, f_area, f_exclusive_pyong, f_real_pyong FROM site_rooms')
    .all() as Array<Record<string, unknown> & { f_site_idx: number }>;
  const dongs = sqlite.prepare('SELECT * FROM dongs').all() as Array<
    Record<string, unknown> & { f_idx: number; f_site_idx: number }
  >;
  const hos = sqlite.prepare('SELECT * FROM hos').all() as Array<
    Record<string, unknown> & { f_dong_idx: number }
  >;
  const likes = sqlite
    .prepare('SELECT f_site_idx, f_reg_time FROM site_likes WHERE f_user_idx = ?')
    .all(userIdx) as Array<{ f_site_idx: number; f_reg_time: string }>;
  const roomsBySite = new Map<number, Array<Record<string, unknown>>>();
  for (const r of rooms) roomsBySite.set(r.f_site_idx, [...(roomsBySite.get(r.f_site_idx) ?? []), r]);
  const unitsByDong = new Map<number, Array<Record<string, unknown>>>();
  for (const h of hos) unitsByDong.set(h.f_dong_idx, [...(unitsByDong.get(h.f_dong_idx) ?? []), h]);
  await db.sites.bulkPut(
    sites.map((s) => ({ ...s, rooms: roomsBySite.get(s.f_idx) ?? [] }) as unknown as LocalSite),
  );
  await db.dongs.bulkPut(dongs.map((d) => ({ ...d, hos: unitsByDong.get(d.f_idx) ?? [] })));
  await db.likes.bulkPut(likes.map((l) => ({ f_site_idx: l.f_site_idx, liked_at: l.f_reg_time })));
}
