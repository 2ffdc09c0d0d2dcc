import { type Expression, type RawBuilder, sql } from 'kysely';
import type { DbOrTx } from './database.ts';
import { byDialect } from './dialect.ts';

/**
 * Time in SQL, for the rare statement that needs the database's clock or a Seoul calendar
 * date of a stored time. Services take time from ctx.clock and pass it in; prefer that.
 * Stored times are ISO-8601 UTC text with milliseconds (`Date#toISOString()`), on both databases.
 */

/** The database's current time as the ISO text the app stores (2026-11-27T01:02:03.456Z). */
export function isoNow(db: DbOrTx): RawBuilder<string> {
  return byDialect(db, {
    sqlite: sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
    postgres: sql<string>`to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  });
}

/**
 * The Seoul (UTC+9, no daylight saving) day `2026-11-27` or month `2026-11` of a stored time;
 * null when the text is not a time on SQLite (PostgreSQL refuses it).
 */
export function seoulDate({
  db,
  time,
  unit,
}: {
  db: DbOrTx;
  time: Expression<string | null>;
  unit: 'day' | 'month';
}): RawBuilder<string | null> {
  return byDialect(db, {
    sqlite: sql<string | null>`strftime(${unit === 'day' ? '%Y-%m-%d' : '%Y-%m'}, ${time}, '+9 hours')`,
    postgres: sql<
      string | null
    >`to_char((CAST(${time} AS timestamptz) AT TIME ZONE 'UTC') + interval '9 hours', ${
      unit === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'
    })`,
  });
}
