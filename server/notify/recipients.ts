import { provinces } from '../areas/regions.ts';
import type { DbOrTx } from '../db/database.ts';
import { areaByCode, districtsOfProvince, insertDeliveries } from './notify.repository.ts';

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
    const byCode = await areaByCode({ db, code: site.f_bjd_code.slice(0, 5) });
    if (byCode) return byCode.f_idx;
  }
  const words = site.f_address1.trim().split(/\s+/);
  const first = words[0] ?? '';
  // Addresses name the 시/도 in full (서울특별시) or short (서울), as the address services write it.
  const province = provinces.find((p) => p.name === first || p.short === first);
  if (!province) return null;
  const rest = words.slice(1).join(' ');
  const areas = await districtsOfProvince({ db, province: province.name });
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
  return insertDeliveries({ db, notifyIdx, writerIdx, areaIdx, due, time: now.toISOString() });
}
