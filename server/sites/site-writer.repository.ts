import { type Insertable, sql, type Updateable } from 'kysely';
import type { DraftFields } from '../../sync/site-fields.ts';
import { jsonArraySiteColumns, unitFields } from '../../sync/site-fields.ts';
import { Expiry } from '../../sync/sites/expiry.ts';
import type { FormDong, RegistrationFields, SaveFields } from '../../sync/sites/registration.ts';
import type { DbOrTx } from '../db/database.ts';
import type { HosTable, SitesTable } from './sites.tables.ts';

/**
 * The one writer of a site's fields, for every path that writes them: a temporary save
 * (draft), a final save (new site, draft made final, edit), an unregistered-site report.
 * Inside the caller's transaction `db`: the site, its contacts, area types, buildings and units
 * are written together, or nothing.
 */

/** Inserts the bare row of a new site; its fields follow with writeSiteFields. */
export async function insertSiteRow({
  db,
  userIdx,
  kind,
  status,
  clientId,
  now,
  step = 0,
  confirm = null,
}: {
  db: DbOrTx;
  userIdx: number;
  kind: 'O' | 'G' | 'U';
  status: 'N' | 'P';
  clientId: string | null;
  now: Date;
  /** A draft's registration step (spec §4 stored temporary step). */
  step?: number;
  confirm?: string | null;
}): Promise<number> {
  const iso = now.toISOString();
  // Every other column takes its default until writeSiteFields.
  const row = await sql<{ f_idx: number }>`INSERT INTO sites (f_name, f_site_type, f_user_idx, f_status,
      f_temp_step, f_client_id, f_confirm, f_reg_time, f_update_time)
    VALUES ('', ${kind}, ${userIdx}, ${status}, ${step}, ${clientId}, ${confirm}, ${iso}, ${iso})
    RETURNING f_idx`.execute(db);
  return Number(row.rows[0]?.f_idx);
}

export async function setSiteStatus({
  db,
  siteIdx,
  status,
  step,
  now,
  registered,
}: {
  db: DbOrTx;
  siteIdx: number;
  status: 'N' | 'P';
  step: number;
  now: Date;
  /** A draft becoming a site: its registration time is now. */
  registered: boolean;
}): Promise<void> {
  const iso = now.toISOString();
  await db
    .updateTable('sites')
    .set((eb) => ({
      f_status: status,
      f_temp_step: step,
      f_update_time: iso,
      ...(registered
        ? {
            f_reg_time: iso,
            // A general site's visibility count (spec §4) starts at registration, not at the next
            // run of the expiry job, so the owner sees its remaining days at once.
            f_remain_days_till_hide: eb
              .case()
              .when('f_site_type', '=', 'G')
              .then(Expiry.generalSiteDays)
              .else(eb.ref('f_remain_days_till_hide'))
              .end(),
          }
        : {}),
    }))
    .where('f_idx', '=', siteIdx)
    .execute();
}

type SaveDong = NonNullable<SaveFields['dongs']>[number] | FormDong;
type Ho = SaveDong['hos'][number];

/** A unit's columns as stored (its pictures as JSON text). */
function hoColumns(ho: Ho): Record<string, unknown> {
  return Object.fromEntries(
    unitFields.map((c) => [c, c === 'f_image_urls' ? JSON.stringify(ho[c]) : (ho[c] ?? null)]),
  );
}

/** Rows per multi-row statement: well within both databases' limits on parameters. */
const CHUNK = 200;

async function insertHos({ db, rows }: { db: DbOrTx; rows: Array<Record<string, unknown>> }): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto('hos')
      .values(rows.slice(i, i + CHUNK) as Array<Insertable<HosTable>>)
      .execute();
  }
}

async function deleteByIdx({ db, table, ids }: { db: DbOrTx; table: 'hos' | 'dongs'; ids: number[] }) {
  for (let i = 0; i < ids.length; i += CHUNK) {
    await db
      .deleteFrom(table)
      .where('f_idx', 'in', ids.slice(i, i + CHUNK))
      .execute();
  }
}

/** The site's units as stored, by id, with their building. */
async function storedUnits({ db, siteIdx }: { db: DbOrTx; siteIdx: number }) {
  const rows = (await db
    .selectFrom('hos')
    .select(['f_idx', 'f_dong_idx', ...unitFields])
    .where('f_site_idx', '=', siteIdx)
    .execute()) as Array<Record<string, unknown> & { f_idx: number }>;
  return new Map(rows.map((row) => [row.f_idx, row]));
}

/**
 * Buildings and units of a site, keeping the ids of those the save names (an edit keeps a
 * unit's id, so what refers to it survives); the rest are inserted, and the site's buildings
 * and units the save no longer lists are deleted. A kept unit is written only when one of its
 * values changed (as writeUnitCompletion does), so the feed and the map summaries move only for
 * it; new units go in a few multi-row inserts, since a save may carry thousands.
 */
async function writeBuildings({
  db,
  siteIdx,
  dongs,
}: {
  db: DbOrTx;
  siteIdx: number;
  dongs: readonly SaveDong[];
}): Promise<void> {
  const existingDongs = new Set(
    (await db.selectFrom('dongs').select('f_idx').where('f_site_idx', '=', siteIdx).execute()).map(
      (d) => d.f_idx,
    ),
  );
  const stored = await storedUnits({ db, siteIdx });
  const keptDongs = new Set<number>();
  const keptHos = new Set<number>();
  const newHos: Array<Record<string, unknown>> = [];
  for (const [order, d] of dongs.entries()) {
    const building = {
      f_dong: d.f_dong,
      f_floor_count: d.f_floor_count,
      f_units_per_floor: d.f_units_per_floor,
      f_editable: d.f_editable,
      f_order: order,
    };
    const existing = d.f_idx !== undefined && existingDongs.has(d.f_idx) && !keptDongs.has(d.f_idx);
    let dongIdx: number;
    if (existing) {
      dongIdx = d.f_idx as number;
      await db.updateTable('dongs').set(building).where('f_idx', '=', dongIdx).execute();
    } else {
      const inserted = await db
        .insertInto('dongs')
        .values({ f_site_idx: siteIdx, ...building })
        .returning('f_idx')
        .executeTakeFirstOrThrow();
      dongIdx = inserted.f_idx;
    }
    keptDongs.add(dongIdx);
    for (const ho of d.hos) {
      const columns = hoColumns(ho);
      const row = ho.f_idx === undefined ? undefined : stored.get(ho.f_idx);
      if (!existing || !row || row.f_dong_idx !== dongIdx || keptHos.has(row.f_idx)) {
        newHos.push({ f_site_idx: siteIdx, f_dong_idx: dongIdx, ...columns });
        continue;
      }
      keptHos.add(row.f_idx);
      if (unitFields.some((c) => row[c] !== columns[c])) {
        await db.updateTable('hos').set(columns).where('f_idx', '=', row.f_idx).execute();
      }
    }
  }
  await deleteByIdx({ db, table: 'hos', ids: [...stored.keys()].filter((idx) => !keptHos.has(idx)) });
  await deleteByIdx({ db, table: 'dongs', ids: [...existingDongs].filter((idx) => !keptDongs.has(idx)) });
  await insertHos({ db, rows: newHos });
}

/**
 * Writes the given fields of a site: columns in place, contacts and area types replaced
 * whole, buildings and units kept by id where the fields name them (a draft's carry none, so
 * they are replaced). `inlayNews` is false for a draft: nobody follows it yet.
 */
export async function writeSiteFields({
  db,
  siteIdx,
  fields,
  now,
  inlayNews = true,
}: {
  db: DbOrTx;
  siteIdx: number;
  fields: Partial<RegistrationFields> | SaveFields | DraftFields;
  now: Date;
  inlayNews?: boolean;
}): Promise<void> {
  const iso = now.toISOString();
  const values: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(fields as Record<string, unknown>)) {
    if (column === 'contacts' || column === 'rooms' || column === 'dongs' || value === undefined) continue;
    values[column] = (jsonArraySiteColumns as readonly string[]).includes(column)
      ? JSON.stringify(value)
      : value;
  }
  values.f_update_time = iso;
  // New inlay pictures are news for whoever follows the site (spec §3 f_update_inlay_time).
  if (inlayNews && values.f_inlay_image_url !== undefined) values.f_update_inlay_time = iso;
  await db
    .updateTable('sites')
    .set(values as Updateable<SitesTable>)
    .where('f_idx', '=', siteIdx)
    .execute();
  if (fields.contacts) {
    await db.deleteFrom('site_contacts').where('f_site_idx', '=', siteIdx).execute();
    const contacts = fields.contacts.map((c, i) => ({
      f_site_idx: siteIdx,
      f_name: c.f_name,
      f_phone: c.f_phone,
      f_order: i,
    }));
    if (contacts.length > 0) await db.insertInto('site_contacts').values(contacts).execute();
  }
  if (fields.rooms) {
    await db.deleteFrom('site_rooms').where('f_site_idx', '=', siteIdx).execute();
    const rooms = fields.rooms.map((r) => ({
      f_site_idx: siteIdx,
      f_room: r.f_room,
      f_area: r.f_area,
      f_exclusive_size: r.f_exclusive_size,
      f_exclusive_pyong: r.f_exclusive_pyong,
      f_real_size: r.f_real_size,
      f_real_pyong: r.f_real_pyong,
    }));
    if (rooms.length > 0) await db.insertInto('site_rooms').values(rooms).execute();
  }
  if (fields.dongs) await writeBuildings({ db, siteIdx, dongs: fields.dongs as readonly SaveDong[] });
}

/** A draft's registration step (spec §4 stored temporary step). */
export async function writeDraftStep({ db, siteIdx, step }: { db: DbOrTx; siteIdx: number; step: number }) {
  await db.updateTable('sites').set({ f_temp_step: step }).where('f_idx', '=', siteIdx).execute();
}

export async function deleteSite({ db, siteIdx }: { db: DbOrTx; siteIdx: number }): Promise<void> {
  await db.deleteFrom('sites').where('f_idx', '=', siteIdx).execute();
}
