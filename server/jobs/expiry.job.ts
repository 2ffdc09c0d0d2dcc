import { sql } from 'kysely';
import { Expiry } from '../../sync/sites/expiry.ts';
import { DAY_MS, seoulDate, seoulMidnight } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { defineJob } from './job.ts';

/**
 * The daily count of general sites' remaining days (spec §4 Visibility; the rules are in
 * sync/sites/expiry.ts). Each run works on the Seoul calendar day of its clock:
 * - the first run ever only records the day (counts stand as they were written);
 * - a later day takes the days passed since the last run off every visible general site,
 *   so a server that was down for three days catches up by three;
 * - a site without a count (registered without one) starts at the full days;
 * - a site at 0 is hidden and shows 15 days: the days it gets when it is shown again;
 * - a second run the same day changes nothing.
 * Everything happens in one transaction with the day it ran for.
 */

export const EXPIRY_JOB = 'general_site_expiry';

export interface ExpiryRun {
  /** The Seoul day the run was for. */
  date: string;
  /** Days taken off (0 on the first run, on a repeat the same day, or if the clock went back). */
  days: number;
  /** Sites whose count started at the full days. */
  started: number;
  /** Sites hidden because their count reached 0. */
  hidden: number;
  skipped: boolean;
}

const visibleGeneral = sql`f_site_type = 'G' AND f_status = 'N' AND f_hidden = 'N'`;

function daysBetween({ from, to }: { from: string; to: string }): number {
  return Math.round((seoulMidnight(to).getTime() - seoulMidnight(from).getTime()) / DAY_MS);
}

export async function runExpiryJob({ db, now }: { db: Db; now: Date }): Promise<ExpiryRun> {
  const date = seoulDate(now);
  return db.transaction().execute(async (tx) => {
    const last = await tx
      .selectFrom('job_runs')
      .select('f_last_date')
      .where('f_name', '=', EXPIRY_JOB)
      .executeTakeFirst();
    const days = last ? daysBetween({ from: last.f_last_date, to: date }) : 0;
    // Same day again, or a clock set back: the count already stands for this day.
    if (last && days <= 0) return { date, days: 0, started: 0, hidden: 0, skipped: true };
    if (days > 0) {
      await sql`UPDATE sites SET f_remain_days_till_hide = MAX(0, f_remain_days_till_hide - ${days})
        WHERE ${visibleGeneral} AND f_remain_days_till_hide IS NOT NULL`.execute(tx);
    }
    const started = await sql`UPDATE sites SET f_remain_days_till_hide = ${Expiry.generalSiteDays}
      WHERE ${visibleGeneral} AND f_remain_days_till_hide IS NULL`.execute(tx);
    const due = await sql<{ f_idx: number }>`SELECT f_idx FROM sites
      WHERE ${visibleGeneral} AND f_remain_days_till_hide <= 0`.execute(tx);
    const ids = due.rows.map((r) => r.f_idx);
    const time = now.toISOString();
    if (ids.length > 0) {
      await tx
        .updateTable('sites')
        .set({ f_hidden: 'Y', f_remain_days_till_hide: Expiry.hiddenRemainDays })
        .where('f_idx', 'in', ids)
        .execute();
      await sql`INSERT INTO site_states (f_site_idx, f_hidden_time, f_hidden_by)
        SELECT value, ${time}, 'E' FROM json_each(${JSON.stringify(ids)}) WHERE true
        ON CONFLICT (f_site_idx) DO UPDATE SET f_hidden_time = excluded.f_hidden_time, f_hidden_by = 'E'`.execute(
        tx,
      );
    }
    await tx
      .insertInto('job_runs')
      .values({ f_name: EXPIRY_JOB, f_last_date: date, f_run_time: time })
      .onConflict((oc) => oc.column('f_name').doUpdateSet({ f_last_date: date, f_run_time: time }))
      .execute();
    return {
      date,
      days,
      started: Number(started.numAffectedRows ?? 0),
      hidden: ids.length,
      skipped: false,
    };
  });
}

/**
 * Daily at midnight in Seoul, when the day it counts turns. Its own record of the day keeps
 * a second run that day (a retry, a restart) from counting twice.
 */
export const expiryJob = defineJob<{ db: Db }>({
  name: EXPIRY_JOB,
  cadence: { dailyAt: '00:00' },
  run: ({ db, now }) => runExpiryJob({ db, now }),
});
