import { Expiry } from '../../sync/sites/expiry.ts';
import { DAY_MS, seoulDate, seoulMidnight } from '../clock.ts';
import type { Db } from '../db/database.ts';
import {
  countDownGeneralSites,
  expiredGeneralSites,
  hideExpiredSites,
  startGeneralSiteCounts,
} from '../sites/visibility.repository.ts';
import { defineJob } from './job.ts';
import { lastJobDate, recordJobDate } from './jobs.repository.ts';

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

function daysBetween({ from, to }: { from: string; to: string }): number {
  return Math.round((seoulMidnight(to).getTime() - seoulMidnight(from).getTime()) / DAY_MS);
}

export async function runExpiryJob({ db, now }: { db: Db; now: Date }): Promise<ExpiryRun> {
  const date = seoulDate(now);
  return db.transaction().execute(async (tx) => {
    const last = await lastJobDate({ db: tx, name: EXPIRY_JOB });
    const days = last !== undefined ? daysBetween({ from: last, to: date }) : 0;
    // Same day again, or a clock set back: the count already stands for this day.
    if (last !== undefined && days <= 0) return { date, days: 0, started: 0, hidden: 0, skipped: true };
    if (days > 0) await countDownGeneralSites({ db: tx, days });
    const started = await startGeneralSiteCounts({ db: tx, days: Expiry.generalSiteDays });
    const ids = await expiredGeneralSites({ db: tx });
    const time = now.toISOString();
    if (ids.length > 0) await hideExpiredSites({ db: tx, siteIdxs: ids, time });
    await recordJobDate({ db: tx, name: EXPIRY_JOB, date, time });
    return { date, days, started, hidden: ids.length, skipped: false };
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
