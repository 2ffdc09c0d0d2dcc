import type SQLite from 'better-sqlite3';
import type { DraftFields } from '../../sync/site-fields.ts';
import { jsonArraySiteColumns, unitFields } from '../../sync/site-fields.ts';
import { Expiry } from '../../sync/sites/expiry.ts';
import type { FormDong, RegistrationFields, SaveFields } from '../../sync/sites/registration.ts';
import { type DbOrTx, rawSqlite } from '../db/database.ts';
import { cached, cachedOn } from '../db/statements.ts';

/**
 * The one writer of a site's fields, for every path that writes them: a temporary save
 * (draft), a final save (new site, draft made final, edit), an unregistered-site report.
 * Inside the caller's transaction `db`: the site, its contacts, area types, buildings and units
 * are written together, or nothing. Raw prepared statements: a save writes hundreds of units.
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
  return Number(
    cached({
      db,
      sql: `INSERT INTO sites (f_name, f_site_type, f_user_idx, f_status, f_temp_step, f_client_id, f_confirm,
        f_reg_time, f_update_time) VALUES ('', ?, ?, ?, ?, ?, ?, ?, ?)`,
    }).run(kind, userIdx, status, step, clientId, confirm, iso, iso).lastInsertRowid,
  );
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
  cached({
    db,
    // A general site's visibility count (spec §4) starts at registration, not at the next
    // run of the expiry job, so the owner sees its remaining days at once.
    sql: `UPDATE sites SET f_status = ?, f_temp_step = ?, f_update_time = ?,
      f_reg_time = CASE WHEN ? THEN ? ELSE f_reg_time END,
      f_remain_days_till_hide = CASE WHEN ? AND f_site_type = 'G' THEN ? ELSE f_remain_days_till_hide END
      WHERE f_idx = ?`,
  }).run(status, step, iso, registered ? 1 : 0, iso, registered ? 1 : 0, Expiry.generalSiteDays, siteIdx);
}

type Sqlite = SQLite.Database;

type SaveDong = NonNullable<SaveFields['dongs']>[number] | FormDong;

function hoValues(ho: SaveDong['hos'][number]): unknown[] {
  return unitFields.map((c) => (c === 'f_image_urls' ? JSON.stringify(ho[c]) : ho[c]));
}

/**
 * Buildings and units of a site, keeping the ids of those the save names (an edit keeps a
 * unit's id, so what refers to it survives); the rest are inserted, and the site's buildings
 * and units the save no longer lists are deleted.
 */
function writeBuildings({
  sqlite,
  siteIdx,
  dongs,
}: {
  sqlite: Sqlite;
  siteIdx: number;
  dongs: readonly SaveDong[];
}): void {
  const existingDongs = new Set(
    cachedOn({ sqlite, sql: 'SELECT f_idx FROM dongs WHERE f_site_idx = ?' })
      .pluck()
      .all(siteIdx) as number[],
  );
  const updateDong = cachedOn({
    sqlite,
    sql: `UPDATE dongs SET f_dong = ?, f_floor_count = ?, f_units_per_floor = ?, f_editable = ?, f_order = ?
      WHERE f_idx = ?`,
  });
  const insertDong = cachedOn({
    sqlite,
    sql: `INSERT INTO dongs (f_site_idx, f_dong, f_floor_count, f_units_per_floor, f_editable, f_order)
      VALUES (?, ?, ?, ?, ?, ?)`,
  });
  const hosOfDong = cachedOn({ sqlite, sql: 'SELECT f_idx FROM hos WHERE f_dong_idx = ?' }).pluck();
  const updateHo = cachedOn({
    sqlite,
    sql: `UPDATE hos SET ${unitFields.map((c) => `${c} = ?`).join(', ')} WHERE f_idx = ?`,
  });
  const insertHo = cachedOn({
    sqlite,
    sql: `INSERT INTO hos (f_site_idx, f_dong_idx, ${unitFields.join(', ')})
      VALUES (?, ?, ${unitFields.map(() => '?').join(', ')})`,
  });
  const deleteHo = cachedOn({ sqlite, sql: 'DELETE FROM hos WHERE f_idx = ?' });
  const deleteDong = cachedOn({ sqlite, sql: 'DELETE FROM dongs WHERE f_idx = ?' });

  const keptDongs = new Set<number>();
  dongs.forEach((d, order) => {
    let dongIdx: number;
    const existing = d.f_idx !== undefined && existingDongs.has(d.f_idx) && !keptDongs.has(d.f_idx);
    if (existing) {
      dongIdx = d.f_idx as number;
      updateDong.run(d.f_dong, d.f_floor_count, d.f_units_per_floor, d.f_editable, order, dongIdx);
    } else {
      dongIdx = Number(
        insertDong.run(siteIdx, d.f_dong, d.f_floor_count, d.f_units_per_floor, d.f_editable, order)
          .lastInsertRowid,
      );
    }
    keptDongs.add(dongIdx);
    const existingHos = new Set(existing ? (hosOfDong.all(dongIdx) as number[]) : []);
    const keptHos = new Set<number>();
    for (const ho of d.hos) {
      if (ho.f_idx !== undefined && existingHos.has(ho.f_idx) && !keptHos.has(ho.f_idx)) {
        updateHo.run(...hoValues(ho), ho.f_idx);
        keptHos.add(ho.f_idx);
      } else {
        insertHo.run(siteIdx, dongIdx, ...hoValues(ho));
      }
    }
    for (const idx of existingHos) if (!keptHos.has(idx)) deleteHo.run(idx);
  });
  for (const idx of existingDongs) if (!keptDongs.has(idx)) deleteDong.run(idx);
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
  const sqlite = rawSqlite(db);
  const record = fields as Record<string, unknown>;
  const columns = Object.keys(record).filter(
    (c) => c !== 'contacts' && c !== 'rooms' && c !== 'dongs' && record[c] !== undefined,
  );
  const iso = now.toISOString();
  const values = columns.map((c) =>
    (jsonArraySiteColumns as readonly string[]).includes(c) ? JSON.stringify(record[c]) : record[c],
  );
  // New inlay pictures are news for whoever follows the site (spec §3 f_update_inlay_time).
  const inlay = inlayNews && columns.includes('f_inlay_image_url') ? ', f_update_inlay_time = ?' : '';
  sqlite
    .prepare(
      `UPDATE sites SET ${[...columns.map((c) => `${c} = ?`), 'f_update_time = ?'].join(', ')}${inlay} WHERE f_idx = ?`,
    )
    .run(...values, iso, ...(inlay ? [iso] : []), siteIdx);
  if (fields.contacts) {
    cachedOn({ sqlite, sql: 'DELETE FROM site_contacts WHERE f_site_idx = ?' }).run(siteIdx);
    const insert = cachedOn({
      sqlite,
      sql: 'INSERT INTO site_contacts (f_site_idx, f_name, f_phone, f_order) VALUES (?, ?, ?, ?)',
    });
    for (const [i, c] of fields.contacts.entries()) insert.run(siteIdx, c.f_name, c.f_phone, i);
  }
  if (fields.rooms) {
    cachedOn({ sqlite, sql: 'DELETE FROM site_rooms WHERE f_site_idx = ?' }).run(siteIdx);
    const insert = cachedOn({
      sqlite,
      sql: `INSERT INTO site_rooms (f_site_idx, f_room, f_area, f_exclusive_size, f_exclusive_pyong, f_real_size, f_real_pyong)
        VALUES (?, ?, ?, ?, ?, ?, ?)`,
    });
    for (const r of fields.rooms) {
      insert.run(
        siteIdx,
        r.f_room,
        r.f_area,
        r.f_exclusive_size,
        r.f_exclusive_pyong,
        r.f_real_size,
        r.f_real_pyong,
      );
    }
  }
  if (fields.dongs) writeBuildings({ sqlite, siteIdx, dongs: fields.dongs as readonly SaveDong[] });
}

/** A draft's registration step (spec §4 stored temporary step). */
export async function writeDraftStep({ db, siteIdx, step }: { db: DbOrTx; siteIdx: number; step: number }) {
  cached({ db, sql: 'UPDATE sites SET f_temp_step = ? WHERE f_idx = ?' }).run(step, siteIdx);
}

export async function deleteSite({ db, siteIdx }: { db: DbOrTx; siteIdx: number }): Promise<void> {
  cached({ db, sql: 'DELETE FROM sites WHERE f_idx = ?' }).run(siteIdx);
}
