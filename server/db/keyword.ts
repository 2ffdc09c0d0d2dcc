import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DbOrTx } from './database.ts';
import { byDialect } from './dialect.ts';

/**
 * Keyword search by substring, the same on both databases: Korean and other text as typed,
 * ASCII letters in either case (SQLite's LIKE folds ASCII only; PostgreSQL's ILIKE does the
 * same on the byte-order collation every text column has), `%`, `_` and `\` taken literally.
 * Any length, two-character Korean keywords included; no index (the map's keyword search has
 * its own: map_fts on SQLite, pg_trgm on PostgreSQL).
 */

/** A LIKE pattern matching `keyword` anywhere, its wildcards taken literally (ESCAPE '\'). */
export function containsPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `text` contains `keyword`. Pass `REPLACE(col, ' ', '')` as `text` to ignore spaces. */
export function containsKeyword({
  db,
  text,
  keyword,
}: {
  db: DbOrTx;
  text: Expression<string | null>;
  keyword: string;
}): RawBuilder<SqlBool> {
  const pattern = containsPattern(keyword);
  return byDialect(db, {
    sqlite: sql<SqlBool>`${text} LIKE ${pattern} ESCAPE '\\'`,
    postgres: sql<SqlBool>`(${text}) COLLATE "C" ILIKE ${pattern} ESCAPE '\\'`,
  });
}
