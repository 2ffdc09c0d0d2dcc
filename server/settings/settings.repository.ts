import { Limits } from '../../sync/constants.ts';
import type { Db, DbOrTx } from '../db/database.ts';
import { dialectOf } from '../db/dialect.ts';
import { cached } from '../db/statements.ts';

export async function readSettings({ db }: { db: Db }): Promise<Record<string, string>> {
  const rows = await db.selectFrom('app_settings').select(['key', 'value']).execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export async function readSetting({ db, key }: { db: Db; key: string }): Promise<string | undefined> {
  const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

export async function readIntSetting({ db, key, fallback }: { db: Db; key: string; fallback: number }) {
  const raw = await readSetting({ db, key });
  const n = raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(n) ? n : fallback;
}

export async function writeSetting({ db, key, value }: { db: Db; key: string; value: string }) {
  await db
    .insertInto('app_settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}

/** The app settings of spec §3, shaped for getAppInfo. */
export async function readPublicSettings({ db }: { db: Db }) {
  const s = await readSettings({ db });
  const int = (key: string, fallback: number) => {
    const n = Number(s[key]);
    return Number.isFinite(n) ? n : fallback;
  };
  return {
    version_name: s.version_name ?? '',
    version_code: int('version_code', 1),
    terms: s.terms ?? '',
    privacy: s.privacy ?? '',
    location_text: s.location_text ?? '',
    home_title: s.home_title ?? '',
    search_hint: s.search_hint ?? '',
    community_made_point: int('community_made_point', 0),
    notify_made_point: int('notify_made_point', 0),
    community_push_point: int('community_push_point', 0),
    notify_push_point: int('notify_push_point', 0),
    one_month_ticket_point: int('one_month_ticket_point', 0),
    ticket_price: (s.ticket_price === 'F' ? 'F' : 'P') as 'F' | 'P',
    ticket_show: (s.ticket_show === 'N' ? 'N' : 'Y') as 'Y' | 'N',
    ads_duration_sec: int('ads_duration_sec', Limits.defaultAdsDurationSec),
    ads_mode: (s.ads_mode === 'R' ? 'R' : 'S') as 'S' | 'R',
  };
}

/** One setting through a prepared statement, for checks that run on every call (the ticket). */
export async function readSettingFast({ db, key }: { db: DbOrTx; key: string }): Promise<string | undefined> {
  if (dialectOf(db) === 'postgres') {
    const row = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
    return row?.value;
  }
  return (
    cached({ db, sql: 'SELECT value FROM app_settings WHERE key = ?' }).get(key) as
      | { value: string }
      | undefined
  )?.value;
}
