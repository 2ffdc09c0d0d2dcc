import type { LookupAnswer, OfficetelPrice } from '../../sync/public-data/public-data.ts';
import type { AuthedContext } from '../http/context.ts';
import { badParameter, invalidInputDetails } from '../http/errors.ts';
import { importOfficetelRows, officetelLevel, officetelPrices } from './officetel.repository.ts';
import { OfficetelFileError, readOfficetelFile } from './officetel.ts';
import { publicDataMessages } from './public-data.messages.ts';

/**
 * Officetel standard prices (spec §2 site detail, public data): read from the file admins
 * imported, as no public API serves them.
 */

/** The choices at one level of the picker: buildings, then dongs, floors and units. */
export async function officetelChoices({
  ctx,
  input,
}: {
  ctx: AuthedContext;
  input: {
    pnu: string;
    level: number;
    buildnum?: string | undefined;
    dong?: string | undefined;
    floor?: string | undefined;
  };
}): Promise<{ list: string[] }> {
  return {
    list: await officetelLevel({
      db: ctx.db,
      pnu: input.pnu,
      level: input.level as 1 | 2 | 3 | 4,
      buildnum: input.buildnum,
      dong: input.dong,
      floor: input.floor,
    }),
  };
}

/** A unit's prices, year by year. */
export async function officetelPriceList({
  ctx,
  input,
}: {
  ctx: AuthedContext;
  input: { pnu: string; buildnum: string; dong: string; floor: string; ho: string };
}): Promise<LookupAnswer<OfficetelPrice>> {
  return {
    list: await officetelPrices({ db: ctx.db, ...input }),
    source: 'provider',
    fetched_at: ctx.clock.now().toISOString(),
    partial: false,
  };
}

/**
 * An admin's import of a year's file: it replaces that year's prices, or changes nothing when a
 * row cannot be read (each such row listed: line, column, value, for the admin to fix).
 */
export async function importOfficetelFile({
  ctx,
  file,
  year,
}: {
  ctx: AuthedContext;
  file: File;
  year: string;
}): Promise<{ imported: number; year: string }> {
  let rows: Awaited<ReturnType<typeof readOfficetelFile>>;
  try {
    rows = await readOfficetelFile({ bytes: new Uint8Array(await file.arrayBuffer()), fileName: file.name });
  } catch (err) {
    if (!(err instanceof OfficetelFileError)) throw err;
    if (err.rows)
      throw invalidInputDetails({
        field: 'file',
        msg: publicDataMessages.officetelRows,
        params: { count: err.rows.count },
        details: { reason: err.problem, row_count: err.rows.count, rows: err.rows.listed },
      });
    throw badParameter({ field: 'file', reason: err.problem });
  }
  return { imported: await importOfficetelRows({ db: ctx.db, year, rows }), year };
}
