import { sql } from 'kysely';
import { provinces } from '../areas/regions.ts';
import type { DbOrTx } from '../db/database.ts';

/**
 * Who is told of a notification (decided here, once, for the written send and every automatic
 * send alike): approved members, not blocked or withdrawn, whose regional interest (area_likes)
 * includes the site's 시/군/구, or who chose no area at all; minus those who stopped seeing the
 * writer's named posts (community_blocks 'N': a notification carries its writer's name, so a block
 * made from an anonymous post must not silence it), and minus the writer, who keeps it in the
 * sent lists instead. A site whose district cannot be told reaches only those who chose no area.
 */

/** The site's 시/군/구 (areas.f_idx): by its legal-dong code when it has one, else by its address text. */
export async function districtOfSite({
  db,
  site,
}: {
  db: DbOrTx;
  site: { f_bjd_code: string | null; f_address1: string };
}): Promise<number | null> {
  if (site.f_bjd_code && site.f_bjd_code.length >= 5) {
    const byCode = await db
      .selectFrom('areas')
      .select('f_idx')
      .where('f_code', '=', site.f_bjd_code.slice(0, 5))
      .executeTakeFirst();
    if (byCode) return byCode.f_idx;
  }
  const words = site.f_address1.trim().split(/\s+/);
  const first = words[0] ?? '';
  // Addresses name the 시/도 in full (서울특별시) or short (서울), as the address services write it.
  const province = provinces.find((p) => p.name === first || p.short === first);
  if (!province) return null;
  const rest = words.slice(1).join(' ');
  const areas = await db
    .selectFrom('areas')
    .select(['f_idx', 'f_district'])
    .where('f_area', '=', province.name)
    .execute();
  // The longest district the address starts with (수원시 영통구 before 수원시).
  const match = areas
    .filter((a) => rest === a.f_district || rest.startsWith(`${a.f_district} `))
    .sort((a, b) => b.f_district.length - a.f_district.length)[0];
  return match?.f_idx ?? null;
}

/** Gives each recipient one unread delivery of the send `due`; answers who got one now. */
export async function deliver({
  db,
  notifyIdx,
  writerIdx,
  areaIdx,
  due,
  now,
}: {
  db: DbOrTx;
  notifyIdx: number;
  writerIdx: number;
  areaIdx: number | null;
  due: string;
  now: Date;
}): Promise<number[]> {
  const result = await sql<{ f_user_idx: number }>`
    INSERT INTO notify_inbox (f_notify_idx, f_user_idx, f_due, f_send_time)
    SELECT ${notifyIdx}, u.f_idx, ${due}, ${now.toISOString()} FROM users u
    WHERE u.f_approval = 'A' AND u.f_status <> 'B' AND u.f_withdrawn_time IS NULL AND u.f_idx <> ${writerIdx}
      AND (NOT EXISTS (SELECT 1 FROM area_likes al WHERE al.f_user_idx = u.f_idx)
        OR EXISTS (SELECT 1 FROM area_likes al WHERE al.f_user_idx = u.f_idx AND al.f_area_idx = ${areaIdx ?? -1}))
      AND NOT EXISTS (SELECT 1 FROM community_blocks b
        WHERE b.f_user_idx = u.f_idx AND b.f_blocked_user_idx = ${writerIdx} AND b.f_anony = 'N')
    ON CONFLICT DO NOTHING
    RETURNING f_user_idx`.execute(db);
  return result.rows.map((r) => r.f_user_idx);
}
